#include "seprank/analysis/bounds.hpp"

namespace seprank {

regime classify_regime(long L, const big_int& dx) {
  const big_int p = power_of_three(L);
  if (p < dx) return regime::depth_efficient;
  if (p > dx) return regime::depth_inefficient;
  return regime::threshold;
}

double depth_threshold(const big_int& dx) { return log3(big_float(dx)).convert_to<double>(); }

big_float log3(const big_float& x) { return log(x) / log(big_float(3)); }

theorem1_bounds theorem1(long L, const big_int& dx, const big_int& H) {
  theorem1_bounds t;
  const big_float three_L = big_float(power_of_three(L));
  t.a = big_float(-L) + 2 - log3(big_float(2));
  t.lower_defined = dx > H;
  if (t.lower_defined) t.lower_log3 = three_L / 9 * (log3(big_float(dx - H)) + t.a);
  const big_int C = summed_indices(L);
  t.upper_log3 = big_float(C) * log3(big_float(dx + H));
  t.upper_exact = t.upper_log3 * log10(big_float(3)) < 2000;
  if (t.upper_exact) t.upper = boost::multiprecision::pow(big_int(dx + H), C.convert_to<unsigned>());
  return t;
}

theorem2_bounds theorem2(long L, const big_int& dx, const big_int& H) {
  theorem2_bounds t;
  const big_float d = big_float(dx), h = big_float(H), l = big_float(L);
  t.b1 = -l * (h / 2 + 1);
  t.c1 = l;
  t.b2_defined = dx > H;
  if (t.b2_defined) t.b2 = -d * (1 + log3((d - h) / 2) / 2);
  const big_float e = exp(big_float(1));
  t.c2 = -2 * d * log3(d / 2 * sqrt(2 * sqrt(2 * e))) + log3(d);
  t.lower_log3 = d * l / 2 + t.b1 + t.b2;
  t.upper_log3 = 2 * d * l + t.c1 + t.c2;
  return t;
}

paper_bounds paper_bounds_for(long L, const big_int& dx, const big_int& H) {
  paper_bounds p;
  p.reg = classify_regime(L, dx);
  p.three_L = power_of_three(L);
  p.threshold = depth_threshold(dx);
  p.t1 = theorem1(L, dx, H);
  p.t2 = theorem2(L, dx, H);
  return p;
}

}  // namespace seprank
