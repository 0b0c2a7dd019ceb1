// Separation ranks of one configuration (paper, eq. 5; docs/theory.md, sections 5-8), computed
// once from the structural analysis (the expansion and the Gram form are reused, never
// recomputed): the certified rank of the coefficient matrix and its kernel, the grid-tensor rank,
// the Gram rank and its stabilization in N, other weight draws and other partitions.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "seprank/analysis/ranks/coefficient_kernel.hpp"
#include "seprank/analysis/options.hpp"
#include "seprank/analysis/paper/paper_comparison.hpp"
#include "seprank/analysis/structure/psi_span.hpp"
#include "seprank/analysis/ranks/gram_rank.hpp"
#include "seprank/analysis/ranks/grid_tensor.hpp"
#include "seprank/analysis/ranks/stabilization.hpp"
#include "seprank/analysis/structure/structure_analysis.hpp"
#include "seprank/model/partition.hpp"

namespace seprank {

struct timing {
  std::string stage;
  double seconds;
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

// The rank stages in the order they run; a run that reaches its time limit stops at one of them, and that
// stage and every later one are not reported (docs/theory.md, section 12).
enum class rank_stage { none, gram_rank, coefficient_rank, kernel, grid, stabilization, seeds, partitions };

struct rank_analysis {
  rank_stage stopped_at = rank_stage::none;  // the stage the time limit stopped (none: every stage ran)
  rank_options options;                      // what was asked for (the report says what did not run)
  partition part;
  bool expanded = true;  // false: no coefficient matrix; sep from grid rank and Gram rank
  coefficient_matrix matrix;
  rank_result sep;
  grid_rank_result grid;
  unit_provenance grid_units;  // whether the grid came from the results store
  gram_rank_result gram;
  coefficient_kernel kernel;
  std::vector<stabilization_row> stabilization;
  unit_provenance stabilization_units;  // whether the ladder's grids came from the results store
  std::vector<seed_row> seeds;
  std::vector<partition_row> partitions;
  std::vector<timing> timings;
  // A consistency check decided here (the report maps it to FAILED): the grid rank never exceeds an exact sep, since
  // the grid matrix factors through the coefficient matrix (docs/theory.md, section 8).
  bool grid_within_sep = true;
  // Proposition 1 shown: every balanced partition's rank exact and the same (verified).
  bool partitions_agree() const {
    for (const auto& x : partitions)
      if (!x.exact || x.rank != partitions.front().rank) return false;
    return true;
  }
  // Two of the ranks cannot be equal: two exact ranks differ, or a certified lower bound exceeds an exact rank
  // (FAILED). Lower bounds that do not pass an exact rank neither show the equality nor refute it.
  bool partitions_disagree() const {
    for (const auto& x : partitions)
      for (const auto& y : partitions)
        if (y.exact && (x.exact ? x.rank != y.rank : x.rank > y.rank)) return true;
    return false;
  }
  // Without the expansion: the certified grid-tensor rank above the exact Gram rank, a proven upper bound (FAILED).
  bool bracket_contradicted() const { return gram.rank.exact() && sep.lower > gram.rank.upper; }
};

// The numbers the paper floor compares with the printed bounds (analysis/paper/paper_comparison).
certified_values certified_values_of(const rank_analysis& r, const psi_span_analysis& k);

// The rank stage's prime (the coefficient matrix, the separation rank, the element ranks), drawn from the
// user's seed: the one draw every step that ranks mod this prime shares.
std::uint64_t rank_prime(std::uint64_t seed);

rank_analysis analyse_ranks(const structure_analysis& s, const rank_options& opt, const resource_limits& lim,
                            int threads, const progress_fn& progress);

}  // namespace seprank
