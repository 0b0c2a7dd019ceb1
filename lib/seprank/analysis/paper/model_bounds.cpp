#include "seprank/analysis/paper/model_bounds.hpp"

namespace seprank {

model_bounds model_bounds_of(const model_preset& p) {
  return {p, paper_bounds_of(p.L, p.dx, p.H), proven_bounds_of(p.L, p.dx, p.H, p.context),
          proven_bounds_of(p.L, p.dx, p.H, 0)};
}

}  // namespace seprank
