// Upper bounds at finite N from the rank of the Gram matrices of the two sides (docs/theory.md,
// section 8, "Bounds at finite N"). M_E = sum_{j in E} x^j x^j^T has rank <= |E|, so its
// (|E|+1)-minors vanish, and so does every multiple of them: the functions M_E(x_E)^beta, |beta| = k,
// span at most multichoose(D, k) - dim I_k, I_k the degree-k part of the ideal of those minors. On
// the side holding x^i, x^i lies in the column space of M_A: the (|A|+1)-minors of [M_A | x^i]
// vanish too, so x^i_r M_A^alpha, |alpha| = d, span at most d_x multichoose(D, d) minus the
// dimension of the relations sum_r x_r q_r(M) they generate in degree d. dim I is bounded below by a
// rank mod p (a certified lower bound), so each returned number is a proven upper bound on the
// span, hence on the rank of the degree block of the input coefficient matrix.
#pragma once
#include <cstdint>

namespace seprank {

// Proven bound on dim span{M_E(x_E)^beta : |beta| = k} with |E| = positions; -1 when the relation
// matrix would exceed max_entries (dense mod p) so no bound was computed.
long even_side_bound(int dx, int positions, int k, std::uint64_t p, std::uint64_t max_entries);

// Proven bound on dim span{x^i_r M_A(x_A)^alpha : r = 1..d_x, |alpha| = d} with |A| = positions
// (x^i among them); -1 when too large.
long odd_side_bound(int dx, int positions, int d, std::uint64_t p, std::uint64_t max_entries);

}  // namespace seprank
