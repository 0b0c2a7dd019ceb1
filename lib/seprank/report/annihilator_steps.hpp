// The rank-one annihilators (analysis/structure/annihilators, docs/theory.md section 14) as a step of the
// derivation and as the derivation of `seprank-sym annihilators`: the groupings, the variety Z of each with how
// it is known, the operators per Gram block and the refined bound they prove.
#pragma once
#include "seprank/analysis/structure/annihilators.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

// "4 points", "a smooth curve of degree 4", "dimension at least 3 (smoothness not shown)", ...
std::string annihilator_variety_text(const annihilator_family& f);
// The step: skipped with the reason where the lemma does not apply.
derivation_step annihilator_step(const network_config& cfg, const annihilator_analysis& a, const big_int& gram_count);
// `seprank-sym annihilators`: the step alone, for configurations far too large to rank.
derivation annihilator_derivation(const network_config& cfg, const std::string& weights, const annihilator_analysis& a,
                                  const big_int& gram_count);

}  // namespace seprank
