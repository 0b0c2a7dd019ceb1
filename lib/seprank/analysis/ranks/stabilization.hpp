// Stabilization in N (docs/theory.md, section 7): sep(N) never decreases with N (zero inputs
// restrict the network) and never exceeds the Gram rank, so once a grid-tensor lower bound at
// some N meets the Gram rank, sep equals the Gram rank for that N and every larger one.
#pragma once
#include <functional>
#include <vector>

#include "seprank/analysis/ranks/grid_tensor.hpp"
#include "seprank/analysis/options.hpp"
#include "seprank/model/weights.hpp"

namespace seprank {

// sep at N = 2, 4, ...: the grid rank (a lower bound), exact when it meets the Gram rank.
struct stabilization_row {
  int N;
  long grid;
  bool exact;      // grid == Gram rank
  bool certified;  // sep(N) = grid exactly (equal to the Gram rank, or every degree block met a proven bound)
};

// Grid ranks for N = 2, 4, ..., 2 d_x + 2 (balanced partitions, position 1) until one meets
// gram_rank, a grid is capped, or max_seconds pass. `main_grid` is reused for the main
// configuration's own N and partition (when `reuse` says they match).
std::vector<stabilization_row> follow_stabilization(
    const network_config& cfg, const integer_weights& w, std::uint64_t seed, long gram_rank, const std::vector<long>& gram_blocks,
    int threads, long max_grid_points,
    double max_seconds, const std::function<bool(const network_config&, const partition&)>& reuse,
    const grid_rank_result& main_grid, const progress_fn& progress = {});

}  // namespace seprank
