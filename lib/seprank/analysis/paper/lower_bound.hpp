// The proven lower bound on the generic separation rank at any size (docs/theory.md, section 15):
//   sep >= 2 binom(r + n, n),  n = (3^{L - l0} - 1)/2,  r = sum_i rho_{l0}(d_i) - 1,
// for a level 1 <= l0 <= L - 1 and blocks d_1 + ... + d_m <= d_x (m >= 2; with H > 1 heads each block lies inside
// one head's d_x/H coordinates), rho_{l0}(d) a certified Hessian rank of gamma on a d x d block (the shipped
// table, analysis/paper/hessian_table). It holds for balanced partitions at every N >= 2 d_x + 2.
// This file chooses l0 and the blocks (the largest bound the table allows) and evaluates the bound: exactly
// where it has at most ~1,000 digits, and always as an interval of log_3 with outward rounding (MPFR).
#pragma once
#include <optional>
#include <vector>

#include "seprank/model/quantities.hpp"

namespace seprank {

// `count` blocks of size d, each of certified Hessian rank `rank` (from the table row of that level and size).
struct hessian_block_use {
  int d = 0;
  long count = 0;
  long rank = 0;
};

struct hessian_lower_bound {
  long L = 0;                             // the depth
  int level = 0;                          // l0
  std::vector<hessian_block_use> blocks;  // by decreasing size
  long heads = 1;                         // H: the blocks are the same in each head (heads > 1) or cover d_x (heads = 1)
  big_int rank_sum;                       // sum of the blocks' ranks over all heads (the Hessian rank at the point)
  big_int r;                              // rank_sum - 1: independent differentials on the hypersurface gamma = 0
  big_int n;                              // (3^{L - l0} - 1)/2: the exponent in F = gamma^n f
  bool exact = false;                     // value is 2 binom(r + n, n) exactly
  big_int value;
  // log_3 of 2 binom(r + n, n) lies in [log3_lower, log3_upper] (MPFR at 128 bits, rounded outward, then outward
  // to long double).
  big_float log3_lower, log3_upper;
  long double log3_lower_ld = 0;          // log3_lower rounded down to long double
  int from_N = 0;                         // balanced partitions at every N >= this: 2 d_x + 2
};

// The best bound at (L, d_x, H) that the shipped table gives, or none (L = 1, or d_x = 1 with H = 1, or H not
// dividing d_x). L: 1..10000, d_x: 1..10^12. exact_value false: the interval only (maps of many rows).
std::optional<hessian_lower_bound> best_hessian_lower_bound(long L, long dx, long H, bool exact_value = true);
// The bound for a given level and blocks (ranks as stated; the caller vouches for them): for tests and for
// a derivation that recomputes its blocks.
hessian_lower_bound hessian_lower_bound_of(long L, long dx, int level, std::vector<hessian_block_use> blocks, long H = 1,
                                           bool exact_value = true);

// The largest sum of certified ranks of blocks that fit in `width` coordinates at `level` (at least
// `min_blocks` blocks), and the blocks; from the table rows of that level. Empty when none fits.
struct block_choice {
  big_int rank_sum;
  std::vector<hessian_block_use> blocks;
};
std::optional<block_choice> best_blocks(int level, long width, int min_blocks);

}  // namespace seprank
