// A plan before the run (docs/theory.md, section 7: the Gram blocks are independent units of work): every unit
// with its estimated time and memory, the largest unit (the critical path), the memory a process needs, and the
// wall time predicted for P processes when the units are handed out largest first (LPT). Estimates only: the
// model of estimates.hpp, calibrated on the 2-core development machine; bench/bench_rank prints the ratio of
// measured to estimated time per block.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "seprank/analysis/ranks/gram_rank.hpp"
#include "seprank/model/config.hpp"

namespace seprank {

inline constexpr int max_plan_processes = 100000;
inline constexpr int max_plan_threads = 64;  // per process

struct plan_request {
  network_config cfg;
  int processes = 1;                 // P
  int threads = 1;                   // threads per process
  std::uint64_t node_memory_mb = 0;  // 0: no node limit given
};

struct work_plan {
  plan_request request;
  double gram_form_seconds = 0;  // every process first computes A_L (or receives it)
  std::uint64_t gram_form_mb = 0;
  std::uint64_t table_mb = 0;           // the coefficient table every block reads
  std::vector<gram_block_unit> units;   // k = 0..C
  std::vector<int> assigned;            // assigned[k]: the process of unit k (LPT)
  std::vector<double> load_seconds;     // per process
  double total_seconds = 0;             // sum of the units
  double wall_seconds = 0;              // gram form + the largest process load
  int critical_unit = -1;               // the largest unit: no schedule finishes before it
  std::uint64_t process_memory_mb = 0;  // gram form + table + the largest unit
  std::vector<int> too_large;           // units that do not fit node_memory_mb with the gram form and table
};

// Throws usage_error for H not dividing d_x, the residual network (its Gram rank is one expansion, not units),
// P outside 1..100000 or threads outside 1..64; resource_error when the blocks are beyond 2^62 monomials.
work_plan work_plan_of(const plan_request& r);

}  // namespace seprank
