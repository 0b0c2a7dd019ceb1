// The proven lower bound on the generic separation rank at any size (docs/theory.md, section 15):
//   sep >= 2 binom(r + n, n),  n = (3^{L - l0} - 1)/2,  r = H rho_g(d) - 1,  g = 3^{l0},
// for a level 1 <= l0 <= L - 1, one block of d = d_x/H coordinates in each of the H heads (r = H rho_g(d) - 1; at a
// given N below 2 d_x + 2, zero padding keeps floor(N/2) - 1 coordinates: full heads and one narrower block), where
// rho_g(d) = D(d) - D(max(d - g + 1, 0)) is the rank of the Hessian of the moment form b^T M^g b (Theorem 15.1,
// proven; no computed rank enters). It holds for balanced partitions at every N >= 2 (coordinates used) + 2. This file
// evaluates the rank formula, chooses l0 and evaluates the bound (its arithmetic: model/log_binomial): exactly where it
// has at most ~1,000 digits, and always as an interval of log_3 with outward rounding (MPFR).
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
  long L = 0;           // the depth
  int level = 0;        // l0 (g = 3^{l0})
  long heads = 1;       // blocks of `width` coordinates, one in each of this many heads (H without padding)
  long width = 0;       // d = d_x/H (one block of fewer coordinates when H = 1 and padded to a given N)
  long rest_width = 0;  // padded with H > 1: one more head's narrower block (0: none)
  bool padded = false;  // fewer than d_x coordinates: the bound of a narrower network, by zero padding (section 15)
  big_int rho;          // rho_g(width): the Hessian rank of the moment form on one head's block
  big_int rho_rest;     // rho_g(rest_width)
  big_int r;            // heads rho + rho_rest - 1: independent differentials on the hypersurface gamma = 0
  big_int n;            // (3^{L - l0} - 1)/2: the exponent in F = gamma^n f
  bool exact = false;   // value is 2 binom(r + n, n) exactly
  big_int value;
  // log_3 of 2 binom(r + n, n) lies in [log3_lower, log3_upper] (MPFR at 128 bits, rounded outward, then outward
  // to long double).
  big_float log3_lower, log3_upper;
  long double log3_lower_ld = 0;  // log3_lower rounded down to long double
  long from_N = 0;                // balanced partitions at every N >= this: 2 (heads width + rest_width) + 2
};

// The bound at (L, d_x, H) at the level l0 of largest estimate (levels within 1 of it compared exactly where the
// values are exact; any level is a valid bound), or none: L = 1, H not
// dividing d_x, a single block of one coordinate (d_x = 1 with H = 1), or (N > 0) N too small (N < 6, or N < 4 with
// heads of one coordinate).
// N = 0: every balanced N >= 2 d_x + 2; N > 0: the bound at that N (zero padding below 2 d_x + 2).
// L: 1..10000, d_x: 1..10^12. exact_value false: the interval only (maps of many rows).
std::optional<hessian_lower_bound> best_hessian_lower_bound(long L, long dx, long H, bool exact_value = true,
                                                            long N = 0);
// The bound at one level: `heads` blocks of `width` coordinates and, when rest_width > 0, one of rest_width.
hessian_lower_bound hessian_lower_bound_of(long L, int level, long width, long heads = 1, bool exact_value = true,
                                           long rest_width = 0);

// The slope of log_3 sep in L at large L (Corollary 15.3): at least the sum over the blocks of D(d_i), minus 1 (this
// bound; H D(d_x/H) - 1 when N = 0, the padded blocks at a given N), at most D(d_x) (the Gram count, every N), against
// the printed Theorem 2 upper bound's 2 d_x + 1. has_lower false where the bound has none (d_x = 1 at H = 1, H not
// dividing d_x, N too small).
struct growth_slopes {
  bool has_lower = false;
  big_int lower, upper, printed;
};
growth_slopes growth_slopes_of(long dx, long H, long N = 0);

}  // namespace seprank
