#include "seprank/analysis/paper/corollary2.hpp"

namespace seprank {

corollary2_result corollary2(const atlas_config& deep, long max_beta2) {
  validate(deep);
  corollary2_result r;
  r.deep = deep;
  r.hypothesis = regime_of(deep.L, deep.dx) == regime::depth_inefficient;
  r.beta1 = log3(big_float(deep.dx)) / big_float(deep.L);
  r.deep_upper_log3 = theorem2(deep.L, deep.dx, deep.H).upper_log3;
  // Outside L_deep > log_3 d_x, Theorem 2 claims no upper bound for the deep network: no beta_2 rests on it.
  if (!r.hypothesis) return r;
  for (long b2 = 1; b2 <= max_beta2; ++b2) {
    const big_int ds = power_of_three(b2) * deep.dx;
    // The deepest network of width ds below its threshold: the largest L with 3^L < ds.
    long Ls = 0;
    while (power_of_three(Ls + 1) < ds) ++Ls;
    if (Ls < 1) continue;
    if (Ls >= deep.L) {  // not shallower, and a larger beta_2 only deepens it
      r.not_shallower_beta2 = b2, r.not_shallower_L = Ls;
      break;
    }
    const auto t = theorem1(Ls, ds, deep.H);
    corollary2_try tr{b2, ds, Ls, r.beta1 * big_float(deep.L) + big_float(b2), t.lower_defined, t.lower_log3, false};
    tr.higher = t.lower_defined && t.lower_log3 > r.deep_upper_log3;
    r.tried.push_back(tr);
    if (tr.higher) {
      r.beta2 = b2, r.L_shallow = Ls, r.dx_shallow = ds, r.shallow_regime = regime::depth_efficient;
      r.shallow_lower_log3 = t.lower_log3;
      break;
    }
  }
  return r;
}

}  // namespace seprank
