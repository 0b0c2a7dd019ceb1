// Corollary 1 (section 4; docs/theory.md, section 10) as closed forms in 100-digit arithmetic: the width a
// shallower network needs to match a deep one.
#pragma once
#include <string>
#include <vector>

#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/model/config.hpp"

namespace seprank {

// Corollary 1: the width d a network of depth L_shallow needs so that its Theorem 1 upper bound
// C_s log_3(d + H) reaches the deep network's Theorem 1 lower bound: d = 3^{lower / C_s} - H.
struct corollary1_row {
  long L_shallow;
  big_int C_shallow;           // C_s = (3^L_s - 1)/2
  big_float width;             // the computed width
  big_float check_log3;        // C_s log_3(width + H), for the round trip
  bool round_trip = false;     // check_log3 equals the deep lower bound (to 1e-60 relative)
  std::string quoted;          // the paper's quoted value as printed ("" when none)
  double quoted_value = 0;     // that value as a number (when quoted)
  big_float quoted_ratio;      // quoted / width (when quoted)
  bool quoted_agrees = false;  // the ratio is within a factor 2
  // Corollary 1 applies to this row: the deep network is below its threshold and the computed width is >= 1 (else
  // why_not says why; no width is stated then, and nothing is checked).
  bool applicable = true;
  std::string why_not;
};
struct corollary1_result {
  atlas_config deep;
  big_float deep_lower_log3;
  bool hypothesis = false;  // L_deep < log_3 d_x (deep network in the Theorem 1 regime)
  std::vector<corollary1_row> rows;
};
corollary1_result corollary1(const atlas_config& deep, const std::vector<long>& shallow_depths);

}  // namespace seprank
