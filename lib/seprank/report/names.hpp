// The words and keys of the model's choices in a derivation: the regime (key, table cell, prose), the refined
// count's source (key, prose), each from its one table, and the weights' description.
#pragma once
#include <string>
#include <vector>

#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/analysis/paper/refined_gram_count.hpp"
#include "seprank/model/weights.hpp"

namespace seprank {

std::string regime_name(regime r);
// The regime's one encoding in JSON, tables' typed cells and Python: "theorem1", "threshold", "theorem2"
// (regime_name is its prose). regime_keys() lists them in the enum's order (Python's REGIME_NAMES).
const char* regime_key(regime r);
// The JSON key of a refined count's source (audit rows' "refined_by"): "noether", "annihilator-union"; "none".
const char* refined_by_key(refined_by r);
// The evidence's words for a refined count's source ("Noether's count", ...): the same table as the key.
const char* refined_by_prose(refined_by r);
// The regime in a table cell: "Th. 1", "threshold", "Th. 2".
const char* regime_short(regime r);
const std::vector<const char*>& regime_keys();
// "seeded draw (seed 1, SplitMix64; ...)" or "read from FILE".
std::string weight_description(const weight_choice& w);

}  // namespace seprank
