// The paper's closed-form bounds (section 4, eqs. 7 and 8; docs/theory.md, section 9), evaluated in 100-digit binary
// floating point (Boost.Multiprecision) so that nothing overflows at GPT-3 sizes, with exact integers where a bound is
// an integer power.
#pragma once
#include <string>

#include "seprank/analysis/paper/regime.hpp"
#include "seprank/model/quantities.hpp"

namespace seprank {

// The printed closed forms in log_3 (eqs. 7 and 8), once, for any floating type: big_float for the
// reports, long double for maps over many configurations (audit), which re-decide near-ties in big_float.
template <class F>
struct paper_log3_values {
  // Zero until computed: the lower bounds (and b_2) stay 0 when undefined, never an uninitialized long double.
  F t1_a{}, t1_lower{}, t1_upper{};                        // Theorem 1
  F t2_b1{}, t2_b2{}, t2_c1{}, t2_c2{}, t2_c2_fraction{};  // Theorem 2 constants
  F t2_lower{}, t2_upper{}, t2_upper_fraction{};
  bool lower_defined = true;  // d_x > H (both lower bounds take log_3(d_x - H))
};

template <class F>
paper_log3_values<F> paper_log3(long L, const F& dx, const F& H) {
  using std::exp;
  using std::log;
  using std::pow;
  using std::sqrt;
  const F three = 3, l = F(L);
  auto lg3 = [&](const F& x) { return F(log(x) / log(three)); };
  const F three_L = pow(three, L);
  const F C = (three_L - 1) / 2;
  const F e = exp(F(1));
  paper_log3_values<F> v;
  v.lower_defined = dx > H;
  v.t1_a = -l + 2 - lg3(F(2));
  if (v.lower_defined) v.t1_lower = three_L / 9 * (lg3(dx - H) + v.t1_a);
  v.t1_upper = C * lg3(dx + H);
  v.t2_b1 = -l * (H / 2 + 1);
  v.t2_c1 = l;
  if (v.lower_defined) v.t2_b2 = -dx * (1 + lg3((dx - H) / 2) / 2);
  v.t2_c2 = -2 * dx * lg3(dx / 2 * sqrt(2 * sqrt(2 * e))) + lg3(dx);
  v.t2_c2_fraction = -2 * dx * lg3(dx / (2 * sqrt(2 * e))) + lg3(dx);
  v.t2_lower = dx * l / 2 + v.t2_b1 + v.t2_b2;
  v.t2_upper = 2 * dx * l + v.t2_c1 + v.t2_c2;
  v.t2_upper_fraction = 2 * dx * l + v.t2_c1 + v.t2_c2_fraction;
  return v;
}

// Theorem 1 (eq. 7), valid for L < log_3 d_x:
//   3^{L-2} (log_3(d_x - H) + a) <= log_3 sep <= ((3^L - 1)/2) log_3(d_x + H),  a = -L + 2 - log_3 2.
struct theorem1_bounds {
  big_float a;
  big_float lower_log3;  // 3^{L-2} (log_3(d_x - H) + a); -infinity marker if d_x <= H (log undefined)
  bool lower_defined = true;
  big_float upper_log3;      // C log_3(d_x + H)
  bool upper_exact = false;  // (d_x + H)^C computed (only when it has at most 2000 digits)
  big_int upper;             // (d_x + H)^C, exact when upper_exact
};
theorem1_bounds theorem1(long L, const big_int& dx, const big_int& H);
// Theorem 1's upper bound as an integer, (d_x + H)^C (eq. 7): the one home of it (callers keep it to small C).
big_int theorem1_upper_integer(long L, const big_int& dx, const big_int& H);

// Theorem 2 (eq. 8), valid for L > log_3 d_x:
//   (1/2) d_x L + b_1 + b_2 <= log_3 sep <= 2 d_x L + c_1 + c_2, with
//   b_1 = -L (H/2 + 1), c_1 = L, b_2 = -d_x (1 + (1/2) log_3((d_x - H)/2)),
//   c_2 = -2 d_x log_3((d_x/2) sqrt(2 sqrt(2e))) + log_3 d_x   (the argument of log_3 read as the
//   whole product (d_x/2) sqrt(2 sqrt(2e)), docs/theory.md, section 9).
// A second reading of the print (a hypothesis about typesetting, not the paper's text): the nested
// root as a flattened fraction, c_2' = -2 d_x log_3(d_x / (2 sqrt(2e))) + log_3 d_x (docs/theory.md,
// section 9).
struct theorem2_bounds {
  big_float b1, b2, c1, c2;
  bool b2_defined = true;  // needs d_x > H
  big_float lower_log3, upper_log3;
  big_float c2_fraction, upper_log3_fraction;  // the fraction reading of c_2
};
theorem2_bounds theorem2(long L, const big_int& dx, const big_int& H);

// The paper's bounds for one configuration, and the pair that applies in its regime: Theorem 1
// below the threshold, Theorem 2 at and above it (at the threshold neither hypothesis holds).
struct paper_bounds {
  regime reg = regime::threshold;
  big_int three_L;       // 3^L, compared exactly with d_x
  double threshold = 0;  // log_3 d_x, display only
  theorem1_bounds t1;
  theorem2_bounds t2;
  int theorem() const { return reg == regime::depth_efficient ? 1 : 2; }
  bool hypothesis_holds() const { return reg != regime::threshold; }
  bool lower_defined() const { return theorem() == 1 ? t1.lower_defined : t2.b2_defined; }
  const big_float& lower_log3() const { return theorem() == 1 ? t1.lower_log3 : t2.lower_log3; }
  const big_float& upper_log3() const { return theorem() == 1 ? t1.upper_log3 : t2.upper_log3; }
};
paper_bounds paper_bounds_of(long L, const big_int& dx, const big_int& H);

}  // namespace seprank
