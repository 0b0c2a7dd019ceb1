// The Gram count refined by the rank-one annihilators every weight has (docs/theory.md, section 14).
// With one head and no residual connection the paired factors of A_L's word are among L - 1 formal products
// (odd C; L at even C), so the variety Z of isotropic points has projective dimension at least
// e = d_x - L - 1 for every weight (Krull), and by Noether normalization each block k >= floor(C/2) + 1 has at
// least mc(e + 1, 2k) independent annihilators of order k: block k has rank at most min(rows, cols - mc(e + 1, 2k)).
#pragma once
#include "seprank/model/quantities.hpp"

namespace seprank {

// e = d_x - L - 1, or -1 when e < 0 (then nothing is refined).
int annihilator_dimension_every_weight(long L, long dx);
// The Gram count minus the loss those operators force, exact (loop over the blocks from floor(C/2) + 1 up to the
// last one that loses); `blocks_examined` reports the work. Equal to the Gram count when e < 0.
big_int refined_gram_count_every_weight(long L, long dx, long* blocks_examined = nullptr);
// The same from the exact Gram count at (L, d_x), already known.
big_int refined_gram_count_every_weight(long L, long dx, const big_int& gram_count, long* blocks_examined = nullptr);

}  // namespace seprank
