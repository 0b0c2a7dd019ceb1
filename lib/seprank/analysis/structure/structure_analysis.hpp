// The structural analysis of one configuration, the foundation of every report: the exact
// expansion (FLINT), its degrees, the index structure of eq. 4, the Gram form and its identity
// with the expansion, a forward-pass cross-check and, for symbolic weights, the symbolic
// expansion (docs/theory.md, sections 2-3). Each expensive object is computed once here and
// handed on as a plain record.
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
#include "seprank/engine/polynomial.hpp"
#include "seprank/model/config.hpp"
#include "seprank/model/weights.hpp"

namespace seprank {

// Literal eq. 3 at random integer points against the expansion (Schwartz-Zippel).
struct point_check {
  int points = 0;
  long magnitude = 0;  // coordinates uniform in [-magnitude, magnitude]
  bool agree = false;
  double error_bound = 0;  // (3^L / (2 magnitude + 1))^points, rounded up, display only
};

// The expansion with symbolic weights (tiny configurations).
struct symbolic_expansion {
  ring_ptr ring;               // inputs first, then the weight symbols
  polynomial y;                // entry p of y^{L,i}, exact over Z[x, W]
  long x_monomials = 0;        // distinct monomials in the inputs
  bool gram_identity = false;  // y = (A_L(M) x^i)_p, expanded symbolically
  bool matches_draw = false;   // y with the seeded draw substituted = the FLINT expansion
};

// The Gram identity checked without the expansion (docs/theory.md, section 3): the forward pass of eq. 3
// over Z/p (layer by layer, every position) against (A_L(M) x^i)_p with M = sum_j x^j x^j^T, at random
// points of (Z/p)^{N d_x}. A nonzero difference of degree <= 3^L vanishes at all of them with probability
// <= (3^L/p)^points; the identity over Z fails while holding mod p only if p divides every coefficient of
// the difference, which is bounded like a rank (section 6) with a bound on the difference's coefficients:
// the larger of the forward pass's (the majorant of eq. 3) and the substituted Gram side's, plus one bit.
struct gram_point_check {
  bool performed = false;
  int points = 0;
  std::uint64_t prime = 0;
  bool agree = false;
  double error_bound = 0;
};

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
