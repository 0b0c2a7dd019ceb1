// Separation ranks of one configuration (issue: exact and certified ranks), computed once from
// the structural analysis (the expansion and the Gram form are reused, never recomputed).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "seprank/analysis.hpp"
#include "seprank/partition.hpp"
#include "seprank/separation.hpp"

namespace seprank {

struct rank_options {
  std::optional<partition> explicit_partition;  // default: default_partition(cfg)
  bool kernel = false;                          // compute (and print) a kernel basis
  long kernel_print_limit = 40;                 // at most this many relations printed
  int seeds = 1;                                // weight draws for the genericity check
  bool all_partitions = false;                  // Proposition 1, N <= 8
  bool stabilization = true;                    // sep(N) for N = 2, 4, ... against the Gram rank
  long max_grid_points = 1024;
  std::uint64_t max_gram_terms = 20000000;     // nonzeros of the Gram coefficient matrix
  rank_limits limits;
};

struct timing {
  std::string stage;
  double seconds;
};

// sep for N = 2, 4, 6, ...: grid rank (lower) and Gram rank (upper).
struct stabilization_row {
  int N;
  long grid;
  bool exact;  // grid == Gram rank
};

struct seed_row {
  std::uint64_t seed;
  long rank;
  bool exact;
};

struct partition_row {
  partition part;
  long rank;
  bool exact;
};

struct kernel_relations {
  long dimension = 0;                                  // cols - rank (right kernel)
  bool computed = false;                               // basis available
  std::string skip_reason;
  std::vector<std::string> relations;                  // printed relations (up to the limit)
};

struct rank_analysis {
  partition part;
  bool expanded = true;       // false: no coefficient matrix; sep from grid rank and Gram rank
  coefficient_matrix matrix;
  rank_result sep;
  grid_rank_result grid;
  gram_rank_result gram;
  kernel_relations kernel;
  std::vector<stabilization_row> stabilization;
  std::vector<seed_row> seeds;
  std::vector<partition_row> partitions;
  std::vector<timing> timings;
};

// The largest grid size s = t (a power of two, at most max_points) whose estimated evaluation time
// fits in max_seconds; below 8 the grid is not attempted.
long grid_points_within(const network_config& cfg, long max_points, double max_seconds);

inline constexpr int max_gram_variables = 600;

rank_analysis analyse_ranks(const structure_analysis& s, const rank_options& opt, const resource_limits& lim,
                            int threads, const progress_fn& progress);

}  // namespace seprank
