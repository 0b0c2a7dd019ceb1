// The bounds atlas as derivations (docs/theory.md, sections 9-10): the paper's closed forms at any
// size with every constant, vacuity and hypothesis checks; Corollary 1's widths and Corollary 2's
// shallower, wider network.
#pragma once
#include "seprank/analysis/paper/corollaries.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

// Step-by-step closed forms for one (validated) configuration.
derivation bounds_derivation(const atlas_config& c, const paper_bounds& p);
derivation corollary1_derivation(const corollary1_result& r);
derivation corollary2_derivation(const corollary2_result& r);

}  // namespace seprank
