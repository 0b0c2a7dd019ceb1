#include "seprank/bounds.hpp"

#include <cmath>
#include <iomanip>
#include <sstream>

namespace seprank {

big_int power_of_three(long L) {
  big_int p = 1;
  for (long l = 0; l < L; ++l) p *= 3;
  return p;
}

regime classify_regime(long L, const big_int& dx) {
  const big_int p = power_of_three(L);
  if (p < dx) return regime::depth_efficient;
  if (p > dx) return regime::depth_inefficient;
  return regime::threshold;
}

std::string regime_name(regime r) {
  switch (r) {
    case regime::depth_efficient: return "Theorem 1 (L < log_3 d_x: depth efficiency)";
    case regime::threshold: return "neither theorem (L = log_3 d_x exactly: 3^L = d_x)";
    case regime::depth_inefficient: return "Theorem 2 (L > log_3 d_x: depth inefficiency)";
  }
  return "?";
}

double depth_threshold(const big_int& dx) { return log3(big_float(dx)).convert_to<double>(); }

big_float log3(const big_float& x) { return log(x) / log(big_float(3)); }

theorem1_bounds theorem1(long L, const big_int& dx, const big_int& H) {
  theorem1_bounds t;
  const big_float three_L = big_float(power_of_three(L));
  t.a = big_float(-L) + 2 - log3(big_float(2));
  t.lower_defined = dx > H;
  if (t.lower_defined) t.lower_log3 = three_L / 9 * (log3(big_float(dx - H)) + t.a);
  const big_int C = (power_of_three(L) - 1) / 2;
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

std::string format_float(const big_float& v, int digits) {
  std::ostringstream out;
  if (abs(v) < big_float(1e15) && (v == 0 || abs(v) >= big_float(1e-4)))
    out << std::fixed << std::setprecision(digits) << v;
  else
    out << std::scientific << std::setprecision(digits > 0 ? digits : 6) << v;
  return out.str();
}

std::string format_power_of_three(const big_float& v) {
  // 3^v = 10^(v log_10 3) = m * 10^e, computed in log space (3^v itself may exceed any float).
  const big_float t = v * log10(big_float(3));
  big_float e = floor(t);
  big_float m = pow(big_float(10), t - e);
  if (m >= 10) m /= 10, e += 1;
  std::ostringstream out;
  const big_int exponent = abs(e).convert_to<big_int>();
  const std::string digits = exponent.str();  // at least two digits, as printf writes them
  out << std::fixed << std::setprecision(5) << m << "e" << (e < 0 ? "-" : "+") << (digits.size() < 2 ? "0" : "") << digits;
  return out.str();
}

}  // namespace seprank
