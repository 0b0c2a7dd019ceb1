// The structural analysis of one configuration, the foundation of every report: the exact
// expansion (FLINT), its degrees, the index structure of eq. 4, the Gram form and its identity
// with the expansion, the checks at random points (structure/point_checks) and, for symbolic weights, the symbolic
// expansion (structure/symbolic_expansion) (docs/theory.md, sections 2-3). Each expensive object is computed once
// here and handed on as a plain record.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "seprank/analysis/estimates.hpp"
#include "seprank/analysis/structure/annihilators.hpp"
#include "seprank/analysis/structure/gram_form.hpp"
#include "seprank/analysis/structure/homogeneity.hpp"
#include "seprank/analysis/structure/index_structure.hpp"
#include "seprank/analysis/structure/point_checks.hpp"
#include "seprank/analysis/structure/symbolic_expansion.hpp"
#include "seprank/engine/polynomial.hpp"
#include "seprank/model/config.hpp"
#include "seprank/model/weights.hpp"

namespace seprank {

struct structure_analysis {
  network_config cfg;
  weight_choice choice;
  integer_weights weights;
  std::int64_t C_by_recursion = 0;  // C from its recursion ...
  bool C_agrees = false;            // ... equal to the closed form (3^L - 1)/2 (a check: FAILED otherwise)
  expansion_estimate size_estimate;
  option_message expansion_refused;  // non-empty: the expansion was refused (the refusal); y is empty
  ring_ptr ring;
  polynomial y;
  degree_summary degrees;
  std::optional<bool> top_part_matches_plain;  // residual: top-degree part = plain network
  // The degree check (FAILED otherwise): homogeneous of degree 3^L; with the residual, every degree odd and at most
  // 3^L, the degree-3^L part (zero for degenerate weights) the plain network's. The zero polynomial passes.
  bool degrees_hold = true;
  point_check points;
  index_structure_check eq4;
  gram_form gram;
  annihilator_analysis annihilators;  // rank-one annihilators of the Gram form (section 14)
  gram_form_size gram_size;
  bool gram_matches = false;     // exact comparison with the expansion (when expanded)
  gram_point_check gram_points;  // the evaluation check (when the expansion was refused)
  std::optional<symbolic_expansion> symbolic;
  bool expanded() const { return expansion_refused.empty(); }
};

// A seam for tests: called on the Gram form right after it is computed, before it is compared
// with the expansion (a test corrupts it to see the check fail).
using gram_form_seam = std::function<void(gram_form&)>;

struct structure_request {
  weight_choice weights;
  resource_limits limits;
  int threads = 1;
  // An expansion over the limits is skipped (expansion_refused holds the refusal) instead of refused, and
  // only the Gram form is computed.
  bool expansion_optional = false;
  gram_form_seam seam = nullptr;
};

structure_analysis analyse_structure(const network_config& cfg, const structure_request& r,
                                     const progress_fn& progress);

}  // namespace seprank
