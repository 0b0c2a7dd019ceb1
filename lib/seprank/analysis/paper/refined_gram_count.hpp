// The Gram count refined by the rank-one annihilators every weight has (docs/theory.md, section 14).
// Two proven counts, the larger used:
// With one head and no residual connection the paired factors of A_L's word are among L - 1 formal products
// (odd C; L at even C), so the variety Z of isotropic points has projective dimension at least
// e = d_x - L - 1 for every weight (Krull), and by Noether normalization each block k >= floor(C/2) + 1 has at
// least mc(e + 1, 2k) independent annihilators of order k: block k has rank at most min(rows, cols - mc(e + 1, 2k)).
#pragma once
#include "seprank/model/quantities.hpp"

namespace seprank {

// e = d_x - L - 1, or -1 when e < 0 (then Noether's count refines nothing).
int annihilator_dimension_every_weight(long L, long dx);
// The Gram count minus the loss Noether's count forces, exact (loop over the blocks from floor(C/2) + 1 up to the
// last one that loses); `blocks_examined` reports the work. Equal to the Gram count when e < 0.
big_int noether_refined_gram_count(long L, long dx, const big_int& gram_count, long* blocks_examined = nullptr);

// Which proven loss a refined count subtracts (both hold for every weight and N).
enum class refined_by {
  none,               // nothing is proven below the Gram count here
  noether,            // Noether's count of the annihilators every weight has (above)
  annihilator_union,  // the union of the annihilator families, from the shipped table
                      // (analysis/paper/annihilator_table)
  this_run,           // the union of the annihilator families of the run's own weights, all generic (step annihilators)
};

struct refined_gram_count_result {
  big_int value;  // the Gram count minus the larger of the two losses
  refined_by by = refined_by::none;
};

// The best refinement proven for every weight at H = 1 without residual connection: the larger loss of Noether's
// count and the shipped union table (L <= 6, d_x <= 12); `gram_count` is the exact count at (L, d_x).
refined_gram_count_result refined_gram_count_every_weight(long L, long dx, const big_int& gram_count);
// The same, computing the exact Gram count (unrefined when the count is not exact).
refined_gram_count_result refined_gram_count_every_weight(long L, long dx);

}  // namespace seprank
