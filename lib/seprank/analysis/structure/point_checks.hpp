// The expansion and the Gram form checked at random points (Schwartz-Zippel; docs/theory.md, sections 2-3): the
// literal forward pass of eq. 3 against the expansion over Z, and, when the expansion is refused, the forward pass
// mod p against the Gram form (A_L(M) x^i)_p. A check's error bound is the probability that it agrees by chance.
#pragma once
#include <cstdint>

#include "seprank/analysis/structure/gram_form.hpp"
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
// At 4 points with coordinates in [-2^20, 2^20] drawn from `seed`.
point_check forward_pass_check(const network_config& cfg, const integer_weights& w, const polynomial& y,
                               std::uint64_t seed);

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
// At 4 points mod a 62-bit prime drawn from `seed`; coefficient_bits bounds the forward pass's coefficients.
gram_point_check gram_form_at_points(const network_config& cfg, const integer_weights& w, const gram_form& g,
                                     std::uint64_t seed, std::uint64_t coefficient_bits);

}  // namespace seprank
