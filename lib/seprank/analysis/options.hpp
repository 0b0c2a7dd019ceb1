// The limits and choices of an analysis run, with no engine dependency (the CLI and the app layer
// fill them): resource limits of every expensive step (checked against the estimates of
// estimates.hpp), the rank stage's options, and the progress callback.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "seprank/analysis/units.hpp"
#include "seprank/model/partition.hpp"

namespace seprank {

// Progress messages for stderr ("expanding y_p (...)"); never part of the results.
using progress_fn = std::function<void(const std::string&)>;

struct resource_limits {
  std::uint64_t max_terms = 3000000;         // expansion terms (estimated before expanding)
  double max_seconds = 60;                   // estimated expansion time
  std::uint64_t max_memory_mb = 4096;        // estimated peak memory of the expansion
  std::uint64_t max_g_terms = 1000000;       // terms of g^L for the eq. 4 check
  std::uint64_t max_symbolic_terms = 20000;  // terms of a symbolic-weight expansion
};

// Limits of the rank stage: blocks beyond them are refused (dense mod p) or left uncertified
// (exact elimination).
struct rank_limits {
  std::uint64_t max_dense_entries = 400000000;  // rows x cols of one block, mod p (8 bytes each)
  std::uint64_t max_exact_entries = 250000;     // rows x cols for fraction-free elimination over Z
};

struct rank_options {
  std::optional<partition> explicit_partition;  // default: default_partition(cfg)
  bool kernel = false;                          // compute a kernel basis
  long kernel_print_limit = 40;                 // at most this many basis vectors
  int seeds = 1;                                // weight draws for the genericity check
  bool all_partitions = false;                  // Proposition 1, N <= 8
  bool stabilization = true;                    // sep(N) for N = 2, 4, ... against the Gram rank
  long max_grid_points = 1024;
  std::uint64_t max_gram_terms = 20000000;  // nonzeros of the Gram coefficient matrix
  rank_limits limits;
  unit_runner* runner = nullptr;  // runs the units of work (store, MPI); null: here, in order
};

}  // namespace seprank
