// The paper's corollaries (section 4; docs/theory.md, section 10), as closed forms in 100-digit
// arithmetic: the width a shallower network needs by Corollary 1, and the shallower, wider
// network of Corollary 2.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/model/config.hpp"

namespace seprank {

// Corollary 1: the width d a network of depth L_shallow needs so that its Theorem 1 upper bound
// C_s log_3(d + H) reaches the deep network's Theorem 1 lower bound: d = 3^{lower / C_s} - H.
struct corollary1_row {
  long L_shallow;
  big_int C_shallow;             // C_s = (3^L_s - 1)/2
  big_float width;               // the computed width
  big_float check_log3;          // C_s log_3(width + H), for the round trip
  bool round_trip = false;       // check_log3 equals the deep lower bound (to 1e-60 relative)
  std::string quoted;            // the paper's quoted value as printed ("" when none)
  double quoted_value = 0;       // that value as a number (when quoted)
  big_float quoted_ratio;        // quoted / width (when quoted)
  bool quoted_agrees = false;    // the ratio is within a factor 2
  // Corollary 1 applies to this row: the deep network is below its threshold and the computed width is >= 1 (else
  // why_not says why; no width is stated then, and nothing is checked).
  bool applicable = true;
  std::string why_not;
};
struct corollary1_result {
  atlas_config deep;
  big_float deep_lower_log3;
  bool hypothesis = false;     // L_deep < log_3 d_x (deep network in the Theorem 1 regime)
  std::vector<corollary1_row> rows;
};
corollary1_result corollary1(const atlas_config& deep, const std::vector<long>& shallow_depths);

// Corollary 2: beta_1 = log_3(d_x)/L_deep. The corollary's network (depth beta_1 L + beta_2, width
// 3^{beta_2} d_x) sits exactly at its own threshold, where the printed bounds say nothing; so for
// beta_2 = 1, 2, ... the deepest network of width 3^{beta_2} d_x below its threshold (depth
// ceil(log_3 width) - 1 <= beta_1 L + beta_2) is taken, and the smallest beta_2 whose Theorem 1 lower
// bound exceeds the deep network's Theorem 2 upper bound is reported.
struct corollary2_try {
  long beta2;
  big_int dx;                  // 3^{beta_2} d_x
  long L;                      // the deepest depth below its threshold
  big_float nominal_depth;     // beta_1 L_deep + beta_2
  bool lower_defined = false;
  big_float lower_log3;        // its Theorem 1 lower bound
  bool higher = false;         // lower_log3 > the deep network's Theorem 2 upper bound
};
struct corollary2_result {
  atlas_config deep;
  big_float beta1;
  bool hypothesis = false;     // L_deep > log_3 d_x
  long beta2 = -1;             // -1: none found up to max_beta2, or none sought (the hypothesis fails)
  long L_shallow = 0;
  big_int dx_shallow = 0;
  regime shallow_regime = regime::threshold;
  big_float deep_upper_log3, shallow_lower_log3;
  std::vector<corollary2_try> tried;
};
corollary2_result corollary2(const atlas_config& deep, long max_beta2);

}  // namespace seprank
