#include "seprank/analysis/paper/regime.hpp"

namespace seprank {

regime regime_of(long L, const big_int& dx) {
  const big_int p = power_of_three(L);
  if (p < dx) return regime::depth_efficient;
  if (p > dx) return regime::depth_inefficient;
  return regime::threshold;
}

double depth_threshold(const big_int& dx) { return log3(big_float(dx)).convert_to<double>(); }

}  // namespace seprank
