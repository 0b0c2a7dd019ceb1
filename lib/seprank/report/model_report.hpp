// Published models against the paper (`seprank-sym bounds --model`): for one model its bounds derivation at its
// context length, the verdict at large N added to the answer; for several, one comparison table (also a LaTeX
// fragment for slides) with an answer line per model.
#pragma once
#include <vector>

#include "seprank/analysis/paper/model_bounds.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

derivation model_derivation(const model_bounds& m);
derivation models_derivation(const std::vector<model_bounds>& ms);

}  // namespace seprank
