// The bounds atlas: the paper's closed forms at any size (Theorems 1 and 2), the width a
// shallower network needs by Corollary 1, and the shallower, wider network of Corollary 2.
// Everything is a closed form evaluated in 100-digit arithmetic (Boost.Multiprecision).
#pragma once
#include <string>
#include <vector>

#include "seprank/bounds.hpp"
#include "seprank/derivation.hpp"

namespace seprank {

struct atlas_config {
  long L = 2;
  big_int dx = 4;
  big_int H = 1;
};

// Throws usage_error unless 1 <= L <= 10000, 1 <= dx <= 10^12 and 1 <= H <= dx. H need not
// divide d_x: the closed forms only use H as a number (the reports say so when it does not).
void validate(const atlas_config& c);

// Step-by-step closed forms for one configuration (regime, both theorems with every constant,
// vacuity and hypothesis checks, integers where they fit).
derivation bounds_derivation(const atlas_config& c);

// Corollary 1: the width d a network of depth L_shallow needs so that its Theorem 1 upper bound
// C_s log_3(d + H) reaches the deep network's Theorem 1 lower bound: d = 3^{lower / C_s} - H.
struct corollary1_row {
  long L_shallow;
  big_float width;             // the computed width
  big_float check_log3;        // C_s log_3(width + H), for the round trip
  std::string quoted;          // the paper's quoted value ("" when none)
};
struct corollary1_result {
  atlas_config deep;
  big_float deep_lower_log3;
  bool hypothesis = false;     // L_deep < log_3 d_x (deep network in the Theorem 1 regime)
  std::vector<corollary1_row> rows;
};
corollary1_result corollary1(const atlas_config& deep, const std::vector<long>& shallow_depths);
derivation corollary1_derivation(const corollary1_result& r);

// Corollary 2: beta_1 = log_3(d_x)/L_deep. The corollary's network (depth beta_1 L + beta_2, width
// 3^{beta_2} d_x) sits exactly at its own threshold, where the printed bounds say nothing; so for
// beta_2 = 1, 2, ... the deepest network of width 3^{beta_2} d_x below its threshold (depth
// ceil(log_3 width) - 1 <= beta_1 L + beta_2) is taken, and the smallest beta_2 whose Theorem 1 lower
// bound exceeds the deep network's Theorem 2 upper bound is reported.
struct corollary2_result {
  atlas_config deep;
  big_float beta1;
  bool hypothesis = false;     // L_deep > log_3 d_x
  long beta2 = -1;             // -1: none found up to max_beta2
  long L_shallow = 0;
  big_int dx_shallow = 0;
  regime shallow_regime = regime::threshold;
  big_float deep_upper_log3, shallow_lower_log3;
  std::vector<std::string> tried;  // one line per beta_2 tried
};
corollary2_result corollary2(const atlas_config& deep, long max_beta2);
derivation corollary2_derivation(const corollary2_result& r);

}  // namespace seprank
