// The proven per-block upper bounds that the Gram form gives for the input coefficient matrix (docs/theory.md,
// section 7): the count of a block's Gram block, and the exact Gram blocks that cover it. certified_rank stops a
// block's elimination at such a bound.
#pragma once
#include "seprank/analysis/ranks/gram_rank.hpp"
#include "seprank/model/partition.hpp"

namespace seprank {

// Proven count bound for a block of the input coefficient matrix (homogeneous networks):
// with B-degree 2k and i in A, the B-side functions lie in the span of the multichoose(D, k)
// monomials of degree k in M_B and the A-side ones in that of the dx * multichoose(D, C-k)
// functions x^i_r m(M_A); the bound is the smaller count (roles swap when i is in B). -1: none.
long coefficient_block_gram_count(const network_config& cfg, const partition& p, const coefficient_block& b);

// The proven upper bound for blocks of the input coefficient matrix: the smaller of the count
// bound and, when the Gram blocks with the block's M_B-degrees are exact and cover them, their
// total rank. `g` must outlive the returned function.
block_upper_bound block_bound(const network_config& cfg, const partition& p, const gram_rank_result& g);

}  // namespace seprank
