// The Gram count (docs/theory.md, section 4), the upper bound on sep that holds for every weight and
// every N: block k (degree k in M_B) has at most d_x mc(D_A, C - k) functions of (x^i, M_A) and
// mc(D, k) monomials in M_B, so
//   sep <= sum_{k=0..C} min(d_x mc(D_A, C - k), mc(D, k)),   D_A = D (D + 1 with the residual connection).
// The right side grows with k and the left falls, so with k* the last degree where the right side is
// the smaller (the crossing), the hockey-stick identity sum_{j<=m} mc(n, j) = binom(n + m, m) gives the
// closed form
//   binom(D + k*, k*) + d_x binom(D_A + C - k* - 1, C - k* - 1)          (section 4).
// With any other split k0 in place of k*, the same expression is an upper bound on the count (each
// summand is replaced by one of the two terms it is the minimum of), so a split found in floating point
// still gives a sound bound.
#pragma once
#include "seprank/model/config.hpp"
#include "seprank/model/quantities.hpp"

namespace seprank {

// Gram block k (degree k in M_B; docs/theory.md, section 7): d_x mc(D_A, C - k) rows (x^i_r times monomials in
// M_A) and mc(D, k) columns (monomials in M_B); D_A = D, or D + 1 with the residual connection. The one home of
// the block's size.
struct gram_block_size {
  big_int rows, cols;
};
gram_block_size gram_block_size_of(const network_config& cfg, unsigned k);
// The same for a homogeneous word with C M's in d_x x d_x matrices (D_A = D), C not tied to a depth.
gram_block_size gram_block_size_of(const big_int& dx, const big_int& C, unsigned k);

// min(rows, cols) of that block: the count of the block of degree k in M_B.
big_int block_gram_count(const network_config& cfg, unsigned k);

struct gram_count_result {
  bool exact = false;  // value is the exact count
  big_int value;       // exact: the count
  big_int crossing;    // the split k* (exact: the crossing, checked by exact comparisons)
  big_float log3;      // exact: log_3 of the count; otherwise an upper bound on it (rounding pointed upward)
};

// The count at depth L >= 1 and width d_x >= 1: exact (big integers, integer bisection for the crossing)
// when it has at most about max_digits decimal digits, else log_3 of the closed form at a split found by
// integer bisection in 100-digit arithmetic, plus a bound on its rounding error.
gram_count_result gram_count(long L, const big_int& dx, bool residual = false, long max_digits = 1000);
// The exact count only: as gram_count, but log3 is left at 0 and a count beyond max_digits is not bounded at all
// (exact false): the audit's JSON and the sweep want only the integer, and 100-digit logs of 1,000-digit integers
// dominate a map's time.
gram_count_result exact_gram_count(long L, const big_int& dx, bool residual = false, long max_digits = 1000);

// The same bound, fast (long double; for maps over many configurations): `log3` is an upper bound on
// log_3 of the count once `error` (the bound on the evaluation's rounding, already added) is accounted
// for. Any L <= 100 (C is then exact below 2^64 and within a relative epsilon beyond, which the error accounts for);
// usable is false when the rounding bound exceeds 1e-6: then call gram_count().
struct gram_count_fast {
  bool usable = false;
  long double log3 = 0;
  long double error = 0;
};
gram_count_fast gram_count_log3_fast(long L, long dx);

}  // namespace seprank
