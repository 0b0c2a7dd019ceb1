// The Gram rank (docs/theory.md, section 7): with M_A and M_B independent symmetric matrices,
// P = sum_r A_L(M_A + M_B)[p][r] x^i_r split as (x^i, M_A) | M_B. By the Gram form,
// sep(y; A, B) <= Gram rank for every N, with equality once |A| >= d_x + 1 and |B| >= d_x (then
// the monomials in (x^i, M_A) and in M_B are linearly independent functions of the inputs).
// Also the proven per-block upper bounds that the Gram form gives for the input coefficient matrix.
#pragma once
#include <cstdint>

#include "seprank/analysis/certified_rank.hpp"
#include "seprank/analysis/gram_form.hpp"
#include "seprank/model/partition.hpp"

namespace seprank {

enum class gram_rank_skip { none, too_many_variables, too_many_nonzeros };

struct gram_rank_result {
  gram_rank_skip skipped = gram_rank_skip::none;  // not none: not computed; rank is then empty
  rank_result rank;
  coefficient_matrix matrix;  // blocks indexed by the degree k in M_B, k = 0..C
  std::uint64_t max_nonzeros = 0;  // the limit in force, when skipped for size
  bool computed() const { return skipped == gram_rank_skip::none; }
};

gram_rank_result gram_rank(const network_config& cfg, const gram_form& g, std::uint64_t prime,
                           const rank_limits& lim);

// Proven count bound for a block of the input coefficient matrix (homogeneous networks):
// with B-degree 2k and i in A, the B-side functions lie in the span of the multichoose(D, k)
// monomials of degree k in M_B and the A-side ones in that of the dx * multichoose(D, C-k)
// functions x^i_r m(M_A); the bound is the smaller count (roles swap when i is in B). -1: none.
long gram_count_bound(const network_config& cfg, const partition& p, const coefficient_block& b);

// The proven upper bound for blocks of the input coefficient matrix: the smaller of the count
// bound and, when the Gram blocks with the block's M_B-degrees are exact and cover them, their
// total rank. `g` must outlive the returned function.
block_upper_bound block_bound(const network_config& cfg, const partition& p, const gram_rank_result& g);

}  // namespace seprank
