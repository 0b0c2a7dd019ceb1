// The expansion with symbolic weights (GiNaC; tiny configurations, docs/theory.md, sections 2-3): y over Z[x, W],
// its Gram identity checked symbolically, and the seeded draw substituted against the FLINT expansion.
#pragma once
#include "seprank/analysis/options.hpp"
#include "seprank/engine/polynomial.hpp"
#include "seprank/model/config.hpp"
#include "seprank/model/weights.hpp"

namespace seprank {

// The expansion with symbolic weights (tiny configurations).
struct symbolic_expansion {
  ring_ptr ring;               // inputs first, then the weight symbols
  polynomial y;                // entry p of y^{L,i}, exact over Z[x, W]
  long x_monomials = 0;        // distinct monomials in the inputs
  bool gram_identity = false;  // y = (A_L(M) x^i)_p, expanded symbolically
  bool matches_draw = false;   // y with the seeded draw substituted = the FLINT expansion
};
// Refuses (resource_error) an expansion that may exceed lim.max_symbolic_terms (analysis/estimates).
symbolic_expansion expand_symbolically(const network_config& cfg, const integer_weights& draw, const polynomial& y_draw,
                                       const resource_limits& lim);

}  // namespace seprank
