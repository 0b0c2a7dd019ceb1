// The Gram rank (docs/theory.md, section 7): with M_A and M_B independent symmetric matrices,
// P = sum_r A_L(M_A + M_B)[p][r] x^i_r split as (x^i, M_A) | M_B. By the Gram form,
// sep(y; A, B) <= Gram rank for every N, with equality once |A| >= d_x + 1 and |B| >= d_x (then
// the monomials in (x^i, M_A) and in M_B are linearly independent functions of the inputs).
#pragma once
#include <cstdint>

#include "seprank/analysis/ranks/certified_rank.hpp"
#include "seprank/analysis/ranks/gram_block_units.hpp"
#include "seprank/analysis/structure/gram_form.hpp"
#include <vector>
#include "seprank/analysis/options.hpp"
#include "seprank/analysis/units.hpp"

namespace seprank {

enum class gram_rank_skip { none, too_many_variables, too_many_nonzeros, over_limits, time_limit };

struct gram_rank_result {
  gram_rank_skip skipped = gram_rank_skip::none;  // not none: not computed; rank is then empty
  rank_result rank;
  std::vector<block_shape> blocks;    // indexed like rank.blocks: by the degree k in M_B, k = 0..C
  bool graded = false;                // blocks built from A_L's coefficients (homogeneous networks)
  std::uint64_t max_nonzeros = 0;     // the limit in force, when skipped for size (expansion path)
  gram_rank_estimate estimate;        // graded path: the estimate made before it (filled by the caller)
  std::vector<double> block_seconds;  // graded path: the measured time of each block (for the plan's check)
  unit_provenance units;              // graded path: how many blocks were computed, taken from the store, re-checked
  double max_seconds = 0;             // the limits in force, when skipped over them
  std::uint64_t max_memory_mb = 0;
  bool computed() const { return skipped == gram_rank_skip::none; }
};

// Homogeneous networks (no residual connection): every term of A_L(M)[p][r] has degree C, and the
// coefficient of x^i_r M_A^alpha M_B^beta in A_L(M_A + M_B)[p][r] is c_r(gamma) gamma!/(alpha! beta!),
// gamma = alpha + beta. So block k (|beta| = k) is diag(1/alpha!) H_k diag(1/beta!) with
// H_k[(r, alpha), beta] = c_r(alpha + beta) (alpha + beta)!, and has the rank of H_k mod any prime
// p > C. Each H_k is built densely mod p straight from the coefficients (no expansion in the 2D
// entries of M_A, M_B); a block with one side much longer is ranked on a random subset of that
// side of size min(rows, cols) + 16, which certifies it when it is of full rank (a submatrix's
// rank mod p is a lower bound). Large blocks use a prime below 2^26 (about 1.7x faster in FLINT);
// a block that is not of full rank is re-ranked whole mod the 62-bit prime, then by exact
// elimination when small. Each block is a unit of work (analysis/units.hpp) with its own random sample,
// so that its result does not depend on where or when it runs. A block whose sampled rank meets a proven upper bound
// below min(rows, cols) (the rank-one annihilators, docs/theory.md section 14) is exact without that re-rank. Residual
// networks mix degrees and take the expansion path (threads ignored there).
struct gram_rank_request {
  std::uint64_t prime = 0;
  rank_limits limits = {};
  int threads = 1;
  std::vector<long> block_upper = {};  // proven upper bound of block k, or -1 (annihilator_block_bounds)
  unit_runner* runner = nullptr;       // runs the blocks as units (store, MPI); null: here, in order
  std::string weights = {};            // the weights as a weight file: what a stored block is matched against
};
// Bumped whenever the computation of a Gram block changes (stored blocks of another version are not reused).
inline constexpr int gram_block_method_version = 1;
gram_rank_result gram_rank(const network_config& cfg, const gram_form& g, const gram_rank_request& r,
                           const progress_fn& progress = {});
// The units gram_rank runs (homogeneous networks): one per block k, named "k=<k>", with the estimates of
// gram_block_units (ranks/gram_block_units); and block k alone, computed as that unit is (for running a chosen subset:
// bench/bench_units).
unit_batch gram_block_batch(const network_config& cfg, const gram_rank_request& r);
block_rank gram_block_rank(const network_config& cfg, const gram_form& g, int k, const gram_rank_request& r,
                           const progress_fn& progress = {});
// The second method (and the residual networks' path): P expanded in the d_x + 2D variables
// (x^i, M_A, M_B) and its coefficient matrix ranked block by block (certified_rank).
gram_rank_result expanded_gram_rank(const network_config& cfg, const gram_form& g, std::uint64_t prime,
                                    const rank_limits& lim);

}  // namespace seprank
