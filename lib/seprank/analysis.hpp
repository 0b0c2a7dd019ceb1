// The structural analysis of one configuration (foundation of every report): the exact
// expansion, its degrees, eq. 4, the Gram form, a forward-pass cross-check and, for symbolic
// weights, the symbolic expansion. Each expensive object is computed once here and handed on.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "seprank/config.hpp"
#include "seprank/monomials.hpp"
#include "seprank/polynomial.hpp"
#include "seprank/structure.hpp"
#include "seprank/weights.hpp"

namespace seprank {

struct weight_choice {
  enum class kind { random, symbolic, file };
  kind source = kind::random;
  std::uint64_t seed = default_seed;
  long range = default_weight_range;
  std::string path;  // for kind::file
};

struct resource_limits {
  std::uint64_t max_terms = 3000000;         // expansion terms (estimated before expanding)
  double max_seconds = 60;                   // estimated expansion time
  std::uint64_t max_memory_mb = 4096;        // estimated peak memory of the expansion
  std::uint64_t max_g_terms = 1000000;       // terms of g^L for the eq. 4 check
  std::uint64_t max_symbolic_terms = 20000;  // terms of a symbolic-weight expansion
};

using progress_fn = std::function<void(const std::string&)>;

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
// Refuses (resource_error naming the estimate and the option that raises the limit) an
// expansion over the limits; returns the estimate otherwise.
expansion_estimate require_expansion_fits(const network_config& cfg, long max_abs_weight, int threads,
                                          const resource_limits& lim);
long max_abs_weight(const integer_weights& w);

// Literal eq. 3 at random integer points against the expansion (Schwartz-Zippel).
struct point_check {
  int points = 0;
  long magnitude = 0;     // coordinates uniform in [-magnitude, magnitude]
  bool agree = false;
  double error_bound = 0; // (3^L / (2 magnitude + 1))^points, rounded up, display only
};

// The expansion with symbolic weights (tiny configurations).
struct symbolic_expansion {
  ring_ptr ring;            // inputs first, then the weight symbols
  polynomial y;             // entry p of y^{L,i}, exact over Z[x, W]
  long x_monomials = 0;     // distinct monomials in the inputs
  bool gram_identity = false;   // y = (A_L(M) x^i)_p, expanded symbolically
  bool matches_draw = false;    // y with the seeded draw substituted = the FLINT expansion
};

struct structure_analysis {
  network_config cfg;
  weight_choice choice;
  integer_weights weights;
  std::string weight_description;
  expansion_estimate size_estimate;
  std::string expansion_skipped;  // non-empty: the expansion was refused (reason), y is empty
  ring_ptr ring;
  polynomial y;
  degree_summary degrees;
  std::optional<bool> top_part_matches_plain;  // residual: top-degree part = plain network
  point_check points;
  index_structure_check eq4;
  gram_form gram;
  bool gram_matches = false;
  std::optional<symbolic_expansion> symbolic;
};

// With expansion_optional, an expansion over the limits is skipped (expansion_skipped holds the
// refusal) instead of refused, and only the Gram form is computed.
structure_analysis analyse_structure(const network_config& cfg, const weight_choice& choice,
                                     const resource_limits& lim, int threads, const progress_fn& progress,
                                     bool expansion_optional = false);

// Refuses a Gram form A_L(M) whose row may have more than lim.max_terms terms (d_x multichoose(D, C))
// or whose estimated time exceeds lim.max_seconds.
void require_gram_form_fits(const network_config& cfg, const resource_limits& lim);

}  // namespace seprank
