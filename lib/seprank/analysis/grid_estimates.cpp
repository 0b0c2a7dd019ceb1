#include "seprank/analysis/grid_estimates.hpp"

#include <algorithm>
#include <cmath>

#include "seprank/model/quantities.hpp"

namespace seprank {

bool grid_is_graded(const network_config& c) { return !c.residual && summed_index_count(c.L) + 1 <= 255; }

double grid_evaluation_seconds(const network_config& c, double pairs, int threads) {
  // One evaluation: per layer and head about N (3 d_a d_x + 2 d_a^2) multiply-adds: about 7 ns each
  // reduced mod a 62-bit prime (ungraded grid), 2 ns summed unreduced below 2^28 (graded grid: C + 1
  // scalings per pair; both measured with the loop overhead).
  const double da = c.head_size();
  const bool graded = grid_is_graded(c);
  const double ops = c.L * c.H * static_cast<double>(c.N) * (3 * da * c.dx + 2 * da * da);
  const double scalings = graded ? static_cast<double>(summed_index_count(c.L) + 1) : 1.0;
  return pairs * scalings * ops * (graded ? 2e-9 : 7e-9) / std::max(1, threads);
}

double grid_seconds(const network_config& c, long s, int threads) {
  // Doubling s up to S evaluates about (4/3) S^2 pairs; the ranks add about 1.2e-10 s x s^3 (per block when graded).
  const double blocks = grid_is_graded(c) ? static_cast<double>(summed_index_count(c.L) + 1) : 1.0;
  return grid_evaluation_seconds(c, (4.0 / 3.0) * static_cast<double>(s) * s, threads) +
         blocks * 1.2e-10 * static_cast<double>(s) * s * s;
}

long grid_points_within(const network_config& c, long max_points, double max_seconds, int threads,
                        std::uint64_t max_memory_mb) {
  const auto fits = [&](long s) {
    return grid_seconds(c, s, threads) <= max_seconds && grid_memory_mb(c, s) <= max_memory_mb;
  };
  long s = 8;
  while (2 * s <= max_points && fits(2 * s)) s *= 2;
  return fits(s) ? s : 4;
}

std::uint64_t grid_memory_mb(const network_config& c, long s) {
  const double pairs = static_cast<double>(s) * static_cast<double>(s);
  const double values = grid_is_graded(c) ? 2.0 * pairs * static_cast<double>(summed_index_count(c.L) + 1) * 4 : 0.0;
  return static_cast<std::uint64_t>(std::ceil((values + 2.0 * pairs * 8) / (1 << 20))) + 16;
}

std::uint64_t side_bound_entries_within(std::uint64_t max_memory_mb) {
  if (max_memory_mb <= 16) return 0;
  const double entries = static_cast<double>(max_memory_mb - 16) * (1 << 20) / 16;
  return entries >= static_cast<double>(side_bound_max_entries) ? side_bound_max_entries
                                                                : static_cast<std::uint64_t>(entries);
}

}  // namespace seprank
