// Corollary 2 (section 4; docs/theory.md, section 10) as closed forms in 100-digit arithmetic: a shallower,
// wider network with a higher separation rank.
#pragma once
#include <vector>

#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/model/config.hpp"

namespace seprank {

// Corollary 2: beta_1 = log_3(d_x)/L_deep. The corollary's network (depth beta_1 L + beta_2, width
// 3^{beta_2} d_x) sits exactly at its own threshold, where the printed bounds say nothing; so for
// beta_2 = 1, 2, ... the deepest network of width 3^{beta_2} d_x below its threshold (depth
// ceil(log_3 width) - 1 <= beta_1 L + beta_2) is taken, and the smallest beta_2 whose Theorem 1 lower
// bound exceeds the deep network's Theorem 2 upper bound is reported, while that network is shallower.
struct corollary2_try {
  long beta2;
  big_int dx;               // 3^{beta_2} d_x
  long L;                   // the deepest depth below its threshold
  big_float nominal_depth;  // beta_1 L_deep + beta_2
  bool lower_defined = false;
  big_float lower_log3;  // its Theorem 1 lower bound
  bool higher = false;   // lower_log3 > the deep network's Theorem 2 upper bound
};
struct corollary2_result {
  atlas_config deep;
  big_float beta1;
  bool hypothesis = false;  // L_deep > log_3 d_x
  long beta2 = -1;          // -1: none found up to max_beta2, or none sought (the hypothesis fails)
  long L_shallow = 0;
  big_int dx_shallow = 0;
  // The search stops at the first beta_2 whose network is not shallower (depth >= L_deep): a larger beta_2 only
  // deepens it, so no shallower network is found then (beta2 = -1).
  long not_shallower_beta2 = -1;
  long not_shallower_L = 0;
  regime shallow_regime = regime::threshold;
  big_float deep_upper_log3, shallow_lower_log3;
  std::vector<corollary2_try> tried;
};
corollary2_result corollary2(const atlas_config& deep, long max_beta2);

}  // namespace seprank
