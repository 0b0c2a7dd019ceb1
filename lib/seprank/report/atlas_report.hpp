// The bounds atlas as derivations (docs/theory.md, sections 9-10): the paper's closed forms at any
// size with every constant, vacuity and hypothesis checks; Corollary 1's widths and Corollary 2's
// shallower, wider network.
#pragma once
#include <optional>

#include "seprank/analysis/paper/corollary1.hpp"
#include "seprank/analysis/paper/corollary2.hpp"
#include "seprank/analysis/paper/proven_bounds.hpp"
#include "seprank/analysis/paper/lower_bound.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

// "$L = 2$, $d_x = 4$, $H = 1$": a configuration in the titles.
std::string config_text(const atlas_config& c);

// Step-by-step closed forms for one (validated) configuration, then what the tool proves there: the lower bound of
// docs/theory.md section 15, the interval of log_3 sep, the growth in L, and the paper's statements as findings.
derivation bounds_derivation(const atlas_config& c, const paper_bounds& p, const proven_bounds& b);
// The step of that lower bound (shared by the bounds subcommand and the main derivation).
// why_none: the reason shown when there is none.
derivation_step lower_bound_step(const std::optional<hessian_lower_bound>& lower, const std::string& why_none);
derivation corollary1_derivation(const corollary1_result& r);
derivation corollary2_derivation(const corollary2_result& r);

}  // namespace seprank
