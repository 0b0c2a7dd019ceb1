// Stabilization in N (docs/theory.md, section 7): sep(N) never decreases with N (zero inputs
// restrict the network) and never exceeds the Gram rank, so once a grid-tensor lower bound at
// some N meets the Gram rank, sep equals the Gram rank for that N and every larger one.
#pragma once
#include <cstdint>
#include "seprank/analysis/units.hpp"
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

struct stabilization_request {
  std::uint64_t seed = 1;
  long gram_rank = -1;            // the exact Gram rank to reach
  std::vector<long> gram_blocks;  // its exact blocks by k (-1 unknown)
  int threads = 1;
  long max_grid_points = 1024;
  double max_seconds = 60;
  int main_N = 0;  // the main run's N and partition: its grid is reused there
  partition main_part;
  const grid_rank_result* main_grid = nullptr;
  unit_runner* runner = nullptr;  // each row's grid is a unit (store, MPI); null: here
  int main_position = 1;          // the main run's output position: its grid is a ladder row's only at position 1
  std::uint64_t max_memory_mb = UINT64_MAX;  // --max-memory: each row's grid size and side bounds fit in it
};

struct stabilization_ladder {
  std::vector<stabilization_row> rows;
  bool time_limited = false;  // the run's time limit stopped the ladder (the rows finished before it are kept)
  unit_provenance units;      // the rows' grids: computed here, or read from the results store
};

// Grid ranks for N = 2, 4, ..., 2 d_x + 2 (balanced partitions, position 1) until one meets
// the Gram rank, a grid is capped, max_seconds pass, or the run's time limit is reached.
stabilization_ladder stabilization_ladder_of(const network_config& cfg, const integer_weights& w,
                                             const stabilization_request& r, const progress_fn& progress = {});

}  // namespace seprank
