// The paper's depth threshold, regimes and closed-form bounds (section 4, eqs. 7 and 8;
// docs/theory.md, section 9), evaluated in 100-digit binary floating point (Boost.Multiprecision)
// so that nothing overflows at GPT-3 sizes, with exact integers where a bound is an integer power.
#pragma once
#include <string>

#include "seprank/model/quantities.hpp"

namespace seprank {

// Which theorem's hypothesis holds: Theorem 1 needs L < log_3 d_x (i.e. 3^L < d_x),
// Theorem 2 needs L > log_3 d_x (3^L > d_x); at 3^L = d_x neither applies.
enum class regime { depth_efficient, threshold, depth_inefficient };

// Decided by the exact integer comparison of 3^L with d_x, never by floating point.
regime classify_regime(long L, const big_int& dx);

// log_3(d_x) for display (double precision).
double depth_threshold(const big_int& dx);

big_float log3(const big_float& x);

// Theorem 1 (eq. 7), valid for L < log_3 d_x:
//   3^{L-2} (log_3(d_x - H) + a) <= log_3 sep <= ((3^L - 1)/2) log_3(d_x + H),  a = -L + 2 - log_3 2.
struct theorem1_bounds {
  big_float a;
  big_float lower_log3;   // 3^{L-2} (log_3(d_x - H) + a); -infinity marker if d_x <= H (log undefined)
  bool lower_defined = true;
  big_float upper_log3;   // C log_3(d_x + H)
  bool upper_exact = false;  // (d_x + H)^C computed (only when it has at most 2000 digits)
  big_int upper;          // (d_x + H)^C, exact when upper_exact
};
theorem1_bounds theorem1(long L, const big_int& dx, const big_int& H);

// Theorem 2 (eq. 8), valid for L > log_3 d_x:
//   (1/2) d_x L + b_1 + b_2 <= log_3 sep <= 2 d_x L + c_1 + c_2, with
//   b_1 = -L (H/2 + 1), c_1 = L, b_2 = -d_x (1 + (1/2) log_3((d_x - H)/2)),
//   c_2 = -2 d_x log_3((d_x/2) sqrt(2 sqrt(2e))) + log_3 d_x   (the argument of log_3 read as the
//   whole product (d_x/2) sqrt(2 sqrt(2e)), docs/theory.md, section 9).
struct theorem2_bounds {
  big_float b1, b2, c1, c2;
  bool b2_defined = true;  // needs d_x > H
  big_float lower_log3, upper_log3;
};
theorem2_bounds theorem2(long L, const big_int& dx, const big_int& H);

// The paper's bounds for one configuration, and the pair that applies in its regime: Theorem 1
// below the threshold, Theorem 2 at and above it (at the threshold neither hypothesis holds).
struct paper_bounds {
  regime reg = regime::threshold;
  big_int three_L;                 // 3^L, compared exactly with d_x
  double threshold = 0;            // log_3 d_x, display only
  theorem1_bounds t1;
  theorem2_bounds t2;
  int theorem() const { return reg == regime::depth_efficient ? 1 : 2; }
  bool hypothesis_holds() const { return reg != regime::threshold; }
  bool lower_defined() const { return theorem() == 1 ? t1.lower_defined : t2.b2_defined; }
  const big_float& lower_log3() const { return theorem() == 1 ? t1.lower_log3 : t2.lower_log3; }
  const big_float& upper_log3() const { return theorem() == 1 ? t1.upper_log3 : t2.upper_log3; }
};
paper_bounds paper_bounds_for(long L, const big_int& dx, const big_int& H);

}  // namespace seprank
