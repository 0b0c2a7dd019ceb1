// Grid-tensor ranks (paper, proof sketch of Theorem 1; docs/theory.md, section 8): y evaluated by
// the literal forward pass at random A-side points a_1..a_s and B-side points b_1..b_t (residues
// mod p); the rank of the s x t matrix mod p is a certified lower bound on sep, since the grid
// matrix factors through the coefficient matrix.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "seprank/model/config.hpp"
#include "seprank/model/partition.hpp"
#include "seprank/model/weights.hpp"
#include "seprank/analysis/ranks/grid_bands.hpp"
#include "seprank/analysis/units.hpp"

namespace seprank {

enum class grid_stop {
  rank_stopped_growing,  // rank < number of points
  reached_upper_bound,   // the rank reached the proven upper bound
  point_limit,           // the next size would exceed --max-grid-points
  time_limit,            // the next size would exceed the point count the time estimate allows
  memory_limit,          // the next size would exceed the point count --max-memory allows
};

// One degree block of a graded grid: the part y_k of y of degree 2k in the inputs of the side
// without position i (the even side).
enum class grid_bound { none, monomial_count, gram_count, gram_block, side_relations };

struct grid_block {
  int k = 0;
  grid_bound bound = grid_bound::none;  // where `upper` comes from
  long rank = 0;    // rank mod p of the s_k x s_k grid of y_k: a certified lower bound on block k's rank
  long points = 0;  // s_k
  long upper = -1;  // a proven upper bound on block k's rank (-1: none)
  bool exact() const { return upper >= 0 && rank == upper; }
  bool contradicted() const { return upper >= 0 && rank > upper; }  // our own bounds disagree (FAILED)
};

struct grid_rank_result {
  long rank = 0;    // sum of the block ranks (graded) or the rank of the s x s grid
  long points = 0;  // s = t (graded: the largest s_k)
  std::uint64_t prime = 0;
  grid_stop stop = grid_stop::rank_stopped_growing;
  bool graded = false;
  std::vector<grid_block> blocks;  // graded only, k = 0..C
  std::uint64_t evaluations = 0;   // forward passes carried out
  bool capped() const {
    return stop == grid_stop::point_limit || stop == grid_stop::time_limit || stop == grid_stop::memory_limit;
  }
  long upper = -1;  // ungraded: the proven upper bound it was given (-1: none)
  // Graded: every block meets its proven upper bound, so rank = sep exactly.
  bool exact() const;
  // A certified lower bound above a proven upper bound (a block's, or the ungraded grid's): FAILED.
  bool contradicted() const;
};

// Homogeneous networks (graded, docs/theory.md, section 8): with the even side's inputs scaled by
// lambda, y(a, lambda b) = sum_k lambda^(2k) y_k(a, b); y is evaluated by the forward pass at
// lambda = 1..C+1 and each y_k(a_u, b_v) interpolated over Z/p. The coefficient matrix is
// block-diagonal by that degree, so sep = sum_k rank(block k) >= sum_k rank of y_k's grid. Block k
// gets s_k = its upper bound + 8 points (doubling from 8 when no bound is known); its proven upper
// bound is the smallest of the numbers of monomials on either side, the block's Gram count
// min(d_x mc(D, C - k), mc(D, k)) (docs/theory.md, section 4: proven for every weight, no computation)
// and gram_blocks[k] (the exact Gram block rank, -1 unknown; used only when strictly smaller, since it
// rests on the computed Gram form); for blocks that stay below it, also the finite-N side bounds of
// analysis/minor_relations (the Gram matrices of the sides have rank <= their number of positions).
// Residual networks (degrees mix) use the ungraded grid: s = t doubles from 8 until the rank stops growing (rank < s),
// reaches `upper` (if >= 0), or 2s exceeds max_points (stop = point_limit; the caller marks time_limit when max_points
// came from the time estimate). Evaluations run on `threads` threads; the result does not depend on their number. The
// graded grid's evaluations, its expensive part, run as bands (ranks/grid_bands).
struct grid_request {
  partition part;
  std::uint64_t seed = 1;
  long upper = -1;  // ungraded: a proven upper bound to stop at (-1: none)
  long max_points = 1024;
  std::vector<long> gram_blocks;  // graded: the exact Gram block ranks by k (-1 unknown; empty: none)
  int threads = 1;
  grid_band_source bands;  // graded: where the evaluations come from (empty: here)
  // graded: the largest relation matrix a finite-N side bound may build (--max-memory; 20,000,000: 160 MB)
  std::uint64_t max_side_entries = 20000000;
};
grid_rank_result grid_rank(const network_config& cfg, const integer_weights& w, const grid_request& r);

// The ungraded grid (residual networks) as one unit of work (analysis/units.hpp): what its result depends on besides
// the weights. The version is bumped whenever the computation changes.
inline constexpr int grid_method_version = 1;
std::string grid_batch_config(const network_config& cfg, const grid_request& r);

// The grid's result as its unit stores it: JSON, every field, exactly.
template <>
struct unit_schema<grid_rank_result> {
  static constexpr const char* method = "grid";
  static std::string to_stored(const grid_rank_result& g);
  static grid_rank_result from_stored(const std::string& data);  // std::exception on text that is no grid result
};

}  // namespace seprank
