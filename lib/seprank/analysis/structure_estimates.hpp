// The structural steps' estimates and guards (docs/theory.md, sections 2-4): the expansion of y_p and the Gram form
// A_L(M), each estimated before it is carried out and refused over its limit (with the estimate and the option that
// raises the limit), and the term bounds of eq. 4's check and the symbolic expansion. Each model is calibrated on
// this project's 2-core development machine (README, Benchmarks).
#pragma once
#include <cstdint>

#include "seprank/analysis/options.hpp"
#include "seprank/model/config.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/support/errors.hpp"

namespace seprank {

// Size of an expansion, estimated before it is carried out.
struct expansion_estimate {
  bounded_count terms;                 // dimension of the monomial space containing y_p
  std::uint64_t coefficient_bits = 0;  // bound on the bits of any coefficient
  std::uint64_t memory_mb = 0;         // estimated peak memory
  double seconds = 0;                  // estimated time (model calibrated on this 2-core machine)
};

// Coefficients: substituting |weights| <= R and all inputs = X majorises every layer:
// X_{l+1} <= K X_l^3 (+ X_l with residual), K = N H d_a^2 d_x^3 R^4, so every coefficient of
// y_p has absolute value <= (K+1)^C. Time: ~7e-7 s x terms x limbs x sqrt(C) (2 threads).
expansion_estimate estimate_expansion(const network_config& cfg, long max_abs_weight, int threads,
                                      std::uint64_t max_terms);
// The verdict on an expansion: empty when the estimate fits the limits, else the refusal naming the estimate
// and the option that raises the limit.
option_message expansion_refusal(const network_config& cfg, const expansion_estimate& e, const resource_limits& lim);
// Refuses (resource_error with that text) an expansion over the limits; returns the estimate otherwise.
expansion_estimate require_expansion_fits(const network_config& cfg, long max_abs_weight, int threads,
                                          const resource_limits& lim);

// The Gram form A_L(M) before it is computed: its terms (at most d_x multichoose(D, C)), estimated time and
// peak memory.
struct gram_form_estimate {
  bounded_count terms;
  double seconds = 0;
  std::uint64_t memory_mb = 0;
};
gram_form_estimate estimate_gram_form(const network_config& cfg);
// The verdict of the guard: empty when the estimate fits --max-memory and --time-limit, else the refusal
// (naming the estimate and the option that raises the limit). require_gram_form_fits throws it.
option_message gram_form_refusal(const network_config& cfg, const resource_limits& lim);
void require_gram_form_fits(const network_config& cfg, const resource_limits& lim);

// Upper bound on the number of terms of g^L (eq. 4): dx * D^C (saturating at cap).
std::uint64_t index_structure_term_bound(const network_config& cfg, std::uint64_t cap);

// Bound on the number of terms of a symbolic-weight expansion (L = 1: H d_a^2 d_x^3 N^2; d_x = 1:
// the monomial count; otherwise unsupported, reported as max_symbolic_terms + 1).
std::uint64_t symbolic_term_bound(const network_config& cfg, std::uint64_t max_symbolic_terms);

}  // namespace seprank
