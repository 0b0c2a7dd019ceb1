// A published model's sizes against the paper and the proven bounds: the printed Theorem 1/2 bounds and what the rules
// prove at its context length and at every balanced N >= 2 d_x + 2 (`seprank-sym bounds --model`).
#pragma once
#include "seprank/analysis/paper/proven_bounds.hpp"
#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/model/presets.hpp"

namespace seprank {

struct model_bounds {
  model_preset preset;
  paper_bounds paper;
  proven_bounds at_context;  // at N = the context length (zero padding below 2 d_x + 2)
  proven_bounds large_N;     // at every balanced N >= 2 d_x + 2
};
model_bounds model_bounds_of(const model_preset& p);

}  // namespace seprank
