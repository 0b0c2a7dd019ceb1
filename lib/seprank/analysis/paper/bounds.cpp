#include "seprank/analysis/paper/bounds.hpp"

namespace seprank {

theorem1_bounds theorem1(long L, const big_int& dx, const big_int& H) {
  const auto v = paper_log3(L, big_float(dx), big_float(H));
  theorem1_bounds t;
  t.a = v.t1_a;
  t.lower_defined = v.lower_defined;
  if (t.lower_defined) t.lower_log3 = v.t1_lower;
  t.upper_log3 = v.t1_upper;
  t.upper_exact = t.upper_log3 * log10(big_float(3)) < 2000;
  if (t.upper_exact) t.upper = theorem1_upper_integer(L, dx, H);
  return t;
}

big_int theorem1_upper_integer(long L, const big_int& dx, const big_int& H) {
  return boost::multiprecision::pow(big_int(dx + H), summed_indices(L).convert_to<unsigned>());
}

theorem2_bounds theorem2(long L, const big_int& dx, const big_int& H) {
  const auto v = paper_log3(L, big_float(dx), big_float(H));
  theorem2_bounds t;
  t.b1 = v.t2_b1;
  t.c1 = v.t2_c1;
  t.b2_defined = v.lower_defined;
  if (t.b2_defined) t.b2 = v.t2_b2;
  t.c2 = v.t2_c2;
  t.lower_log3 = v.t2_lower;
  t.upper_log3 = v.t2_upper;
  t.c2_fraction = v.t2_c2_fraction;
  t.upper_log3_fraction = v.t2_upper_fraction;
  return t;
}

paper_bounds paper_bounds_of(long L, const big_int& dx, const big_int& H) {
  paper_bounds p;
  p.reg = regime_of(L, dx);
  p.three_L = power_of_three(L);
  p.threshold = depth_threshold(dx);
  p.t1 = theorem1(L, dx, H);
  p.t2 = theorem2(L, dx, H);
  return p;
}

}  // namespace seprank
