#include "seprank/bounds.hpp"

#include <cmath>

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

double depth_threshold(const big_int& dx) { return std::log(dx.convert_to<double>()) / std::log(3.0); }

}  // namespace seprank
