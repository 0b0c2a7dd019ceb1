// log_3 of 2 binom(n + r, n) for integers n, r >= 1, enclosed: Robbins' bounds on ln x! (1955) evaluated in MPFR at
// 128 bits with outward rounding, or in long double with a margin for maps of many rows; the exact value where it
// has at most ~1,000 digits. The arithmetic of the proven lower bound (analysis/paper/lower_bound, docs/theory.md,
// section 15), which needs only these enclosures of its value.
#pragma once
#include "seprank/model/quantities.hpp"

namespace seprank {

struct twice_binomial {
  bool exact = false;  // value holds 2 binom(n + r, n)
  big_int value;
  // log_3 of 2 binom(n + r, n) lies in [log3_lower, log3_upper] (rounded outward to long double).
  big_float log3_lower, log3_upper;
  long double log3_lower_ld = 0;  // log3_lower as a long double
};

// The MPFR enclosure; with exact_value, the exact value too where log_3 of it is at most 2,100 and min(n, r) at most
// 200,000 (the enclosure is then of the exact value).
twice_binomial twice_binomial_of(const big_int& n, const big_int& r, bool exact_value = true);
// The long-double enclosure only, each end widened by 2^-50 of the terms' magnitudes plus 2^-60 (logl and log1pl are
// within a few ulp): for maps of many rows, whose near-ties are decided again from twice_binomial_of.
twice_binomial twice_binomial_fast(long double n, long double r);
// A quick estimate of log_3 binom(n + r, n) in long double, for choosing among bounds (no guarantee).
long double binomial_log3_estimate(long double n, long double r);

}  // namespace seprank
