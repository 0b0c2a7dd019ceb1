// The paper's closed-form bounds in the configuration's regime as derivation steps (eqs. 7 and 8;
// docs/theory.md, section 9), each compared with the certified values.
#pragma once
#include "seprank/analysis/paper/paper_comparison.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

derivation_step paper_upper_step(const paper_comparison& cmp);
derivation_step paper_lower_step(const paper_comparison& cmp);

}  // namespace seprank
