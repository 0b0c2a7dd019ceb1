// What the rules prove at one configuration (`seprank-sym bounds`, the derivation, Python's bounds()): the proven
// lower bound of section 15, the facts with the best upper bound, the slopes of log_3 sep in L, every statement of
// the paper decided from them, and where the printed Theorem 2 upper bound fails nearby.
#pragma once
#include <optional>
#include <vector>

#include "seprank/analysis/paper/statement_findings.hpp"

namespace seprank {

// Where the printed Theorem 2 upper bound (c_2 as transcribed) is first contradicted by the rules near (L, d_x, H):
// the smallest depth L' <= max_L at this width and the smallest width d_x' <= max_dx (H dividing it) at this depth,
// each with the N its status holds from (0 in L or d_x: none in the range; max_dx 0: the widths were not scanned, as
// L > max_L). Decided as the audit map decides.
struct printed_upper_failure {
  int L = 0;
  long L_from_N = 0;
  long dx = 0;
  long dx_from_N = 0;
  int max_L = 0;
  long max_dx = 0;
};
printed_upper_failure printed_upper_failure_near(long L, long dx, long H, int max_L = 100, long max_dx = 2048);

// At N, or at every balanced N >= 2 d_x + 2 when N = 0.
struct proven_bounds {
  long N = 0;
  std::optional<hessian_lower_bound> lower;
  sep_facts facts;
  growth_slopes slopes;
  std::vector<statement_finding> findings;
  sep_bound gram_count;             // the Gram count itself (facts.upper may be its refinement)
  printed_upper_failure elsewhere;  // where the printed upper bound fails near this configuration
};
proven_bounds proven_bounds_of(long L, long dx, long H, long N = 0);

}  // namespace seprank
