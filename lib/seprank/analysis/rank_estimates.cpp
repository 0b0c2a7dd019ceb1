#include "seprank/analysis/rank_estimates.hpp"

#include <algorithm>

#include "seprank/support/errors.hpp"

namespace seprank {

std::uint64_t gram_matrix_size_bound(const network_config& c, std::uint64_t cap) {
  const std::uint64_t D = static_cast<std::uint64_t>(gram_entry_count(c.dx));
  const std::uint64_t C = static_cast<std::uint64_t>(summed_index_count(c.L));
  const auto per_entry = multichoose_capped(2 * D + (c.residual ? 1 : 0), C, cap);
  if (per_entry.exceeds || per_entry.value > cap / static_cast<std::uint64_t>(c.dx)) return cap + 1;
  return per_entry.value * static_cast<std::uint64_t>(c.dx);
}

int gram_rank_variable_count(const network_config& c) { return c.dx + 2 * gram_entry_count(c.dx); }

void require_rank_fits(const std::vector<block_shape>& blocks, const rank_limits& lim) {
  std::uint64_t big = 0;
  for (const auto& b : blocks)
    big = std::max(big, static_cast<std::uint64_t>(b.rows) * static_cast<std::uint64_t>(b.cols));
  if (big > lim.max_dense_entries)
    throw resource_error("rank refused: the largest block of the coefficient matrix has " + std::to_string(big) +
                         " entries (" + std::to_string(big * 8 / (1 << 20)) + " MiB dense mod p; limit " +
                         std::to_string(lim.max_dense_entries) + " entries, raise with " + flag("max-dense-entries") +
                         ")");
}

double dense_rank_seconds(double rows, double cols, bool small_prime, int threads) {
  return rows * cols * std::min(rows, cols) * (small_prime ? 7.1e-11 : 1.23e-10) * 2.0 /
         std::max(1, std::min(threads, 2));
}

double gram_block_seconds(double s, double t, int D, bool small_prime, int threads) {
  return dense_rank_seconds(s, t, small_prime, threads) + s * t * D * 3e-9 * 2.0 / std::max(1, std::min(threads, 2));
}

std::uint64_t dense_block_mb(long rows, long cols) {
  return static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols) * 8 / (1 << 20) + 1;
}

big_int gram_table_bytes(const network_config& c) {
  return 2 * big_int(c.dx) *
         multichoose(static_cast<std::uint64_t>(gram_entry_count(c.dx)),
                     static_cast<std::uint64_t>(summed_index_count(c.L))) *
         8;
}

std::uint64_t mib_of(const big_int& bytes) {
  const big_int mib = bytes >> 20;
  return mib > big_int(UINT64_MAX) ? UINT64_MAX : mib.convert_to<std::uint64_t>();
}

std::uint64_t gram_table_mb(const network_config& c) { return mib_of(gram_table_bytes(c)); }

double coefficient_rank_seconds(const std::vector<block_shape>& blocks, int threads) {
  double total = 0;
  for (const auto& b : blocks) total += dense_rank_seconds(b.rows, b.cols, false, threads);
  return total;
}

}  // namespace seprank
