#include "seprank/analysis/ranks/gram_block_units.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "seprank/analysis/estimates.hpp"

namespace seprank {
namespace {

constexpr long sample_margin = 16;       // extra rows (columns) drawn from a block's long side
constexpr long small_prime_side = 1500;  // blocks with min(rows, cols) above this start mod a prime < 2^26

}  // namespace

gram_block_unit gram_block_unit_of(int k, long rows, long cols, int D, int threads) {
  gram_block_unit u;
  u.k = k, u.rows = rows, u.cols = cols;
  const long m = std::min(u.rows, u.cols);
  u.ranked_rows = std::min(u.rows, m + sample_margin), u.ranked_cols = std::min(u.cols, m + sample_margin);
  u.small_prime = m > small_prime_side;
  u.seconds = gram_block_seconds(u.ranked_rows, u.ranked_cols, D, u.small_prime, threads);
  u.memory_mb = dense_block_mb(u.ranked_rows, u.ranked_cols);
  return u;
}

std::vector<gram_block_unit> gram_block_units(const network_config& c, int threads) {
  std::optional<graded_layout> lay;
  try {
    lay.emplace(c);
  } catch (const std::overflow_error&) {  // more than 2^62 monomials of degree C: far beyond any limit
    return {};
  }
  std::vector<gram_block_unit> units;
  for (int k = 0; k <= lay->C; ++k)
    units.push_back(gram_block_unit_of(k, lay->rows(c, k), lay->cols(c, k), lay->D, threads));
  return units;
}

gram_rank_estimate estimate_gram_rank(const network_config& c, int threads) {
  gram_rank_estimate e;
  const std::vector<gram_block_unit> units = gram_block_units(c, threads);
  if (units.empty()) {
    e.seconds = 1e300;
    e.memory_mb = UINT64_MAX;
    return e;
  }
  std::uint64_t largest = 0;
  for (const auto& u : units) {
    e.seconds += u.seconds;
    const std::uint64_t size = static_cast<std::uint64_t>(u.ranked_rows) * static_cast<std::uint64_t>(u.ranked_cols);
    if (size > largest) largest = size, e.largest_rows = u.ranked_rows, e.largest_cols = u.ranked_cols;
  }
  e.memory_mb = std::min<std::uint64_t>(mib_of(big_int(largest) * 8 + gram_table_bytes(c)), UINT64_MAX - 1) + 1;
  return e;
}

}  // namespace seprank
