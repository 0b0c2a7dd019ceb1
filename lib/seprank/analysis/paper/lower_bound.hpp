// The proven lower bound on the generic separation rank at any size (docs/theory.md, section 15):
//   sep >= 2 binom(r + n, n),  n = (3^{L - l0} - 1)/2,  r = H rho_g(d) - 1,  g = 3^{l0},
// for a level 1 <= l0 <= L - 1, one block of d coordinates in each of the H heads (d = d_x/H, or fewer by zero
// padding when N is given), where rho_g(d) = D(d) - D(max(d - g + 1, 0)) is the rank of the Hessian of the moment
// form b^T M^g b (Theorem 15.1, proven; no computed rank enters). It holds for balanced partitions at every
// N >= 2 H d + 2. This file evaluates the rank formula, chooses l0 and evaluates the bound: exactly where it has
// at most ~1,000 digits, and always as an interval of log_3 with outward rounding (MPFR).
#pragma once
#include <optional>

#include "seprank/model/quantities.hpp"

namespace seprank {

// D(d) = d(d + 1)/2: the dimension of the symmetric d x d matrices.
big_int symmetric_dimension(const big_int& d);
// rho_g(d) = D(d) - D(max(d - g + 1, 0)) for g = 3^level (Theorem 15.1): D(d) when d <= g - 1, else
// (g - 1) d - binom(g - 1, 2). level >= 1, d >= 0.
big_int moment_hessian_rank(int level, const big_int& d);

struct hessian_lower_bound {
  long L = 0;        // the depth
  int level = 0;     // l0 (g = 3^{l0})
  long heads = 1;    // H: one block in each head
  long width = 0;    // d: the block's coordinates in each head (d_x/H, fewer when padded to a given N)
  bool padded = false;  // width < d_x/H: the bound of a narrower network, by zero padding (section 15)
  big_int rho;       // rho_g(width): the Hessian rank of the moment form on one head's block
  big_int r;         // heads * rho - 1: independent differentials on the hypersurface gamma = 0
  big_int n;         // (3^{L - l0} - 1)/2: the exponent in F = gamma^n f
  bool exact = false;  // value is 2 binom(r + n, n) exactly
  big_int value;
  // log_3 of 2 binom(r + n, n) lies in [log3_lower, log3_upper] (MPFR at 128 bits, rounded outward, then outward
  // to long double).
  big_float log3_lower, log3_upper;
  long double log3_lower_ld = 0;  // log3_lower rounded down to long double
  long from_N = 0;                // balanced partitions at every N >= this: 2 heads width + 2
};

// The best bound at (L, d_x, H) over l0 (exact values compared exactly where short), or none: L = 1, H not
// dividing d_x, d_x = 1 with H = 1, or (N > 0) N too small for any block (N < 6 at H = 1, N < 2 H + 2).
// N = 0: every balanced N >= 2 d_x + 2; N > 0: the bound at that N (zero padding below 2 d_x + 2).
// L: 1..10000, d_x: 1..10^12. exact_value false: the interval only (maps of many rows).
std::optional<hessian_lower_bound> best_hessian_lower_bound(long L, long dx, long H, bool exact_value = true, long N = 0);
// The bound at one level and block width (heads blocks of `width` coordinates).
hessian_lower_bound hessian_lower_bound_of(long L, int level, long width, long H = 1, bool exact_value = true);

// The slope of log_3 sep in L at large L (Corollary 15.3): at least heads D(d_x/H) - 1 (this bound), at most
// D(d_x) (the Gram count), against the printed Theorem 2 upper bound's 2 d_x + 1. None when the bound has none
// (d_x = 1 at H = 1, H not dividing d_x).
struct growth_slopes {
  big_int lower, upper, printed;
};
std::optional<growth_slopes> growth_slopes_of(long dx, long H);

}  // namespace seprank
