#include "seprank/analysis.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "seprank/errors.hpp"
#include "seprank/interrupt.hpp"
#include "seprank/network.hpp"
#include "seprank/random.hpp"

namespace seprank {
namespace {

std::string config_text(const network_config& c) {
  return "L = " + std::to_string(c.L) + ", dx = " + std::to_string(c.dx) + ", H = " + std::to_string(c.H) +
         ", N = " + std::to_string(c.N);
}

integer_weights obtain_weights(const network_config& c, const weight_choice& w, std::string& description) {
  if (w.source == weight_choice::kind::file) {
    description = "read from " + w.path;
    return read_weight_file(w.path, c);
  }
  description = "seeded draw (seed " + std::to_string(w.seed) + ", SplitMix64; every weight uniform on the nonzero integers in [-" +
                std::to_string(w.range) + ", " + std::to_string(w.range) + "])";
  return draw_weights(c, w.seed, w.range);
}

// Deterministic integer points for the forward-pass cross-check.
std::vector<std::vector<mpz_class>> random_points(const network_config& c, std::uint64_t seed, int count, long mag) {
  splitmix64 rng{seed ^ 0x5eed5eed5eed5eedULL};
  auto next = [&rng] { return rng.next(); };
  std::vector<std::vector<mpz_class>> pts(count);
  for (auto& p : pts)
    for (int v = 0; v < c.variable_count(); ++v)
      p.push_back(static_cast<long>(next() % static_cast<std::uint64_t>(2 * mag + 1)) - mag);
  return pts;
}

point_check forward_pass_check(const network_config& c, const integer_weights& w, const polynomial& y,
                               std::uint64_t seed) {
  point_check r{4, 1L << 20, true, 0};
  for (const auto& p : random_points(c, seed, r.points, r.magnitude)) {
    std::vector<std::vector<mpz_class>> x(c.N);
    for (int j = 1; j <= c.N; ++j)
      for (int k = 1; k <= c.dx; ++k) x[j - 1].push_back(p[c.variable(j, k)]);
    r.agree = r.agree && forward_output<mpz_class, long>(c, w, x) == y.evaluate(p);
  }
  const double per_point = static_cast<double>(output_degree(c.L)) / static_cast<double>(2 * r.magnitude + 1);
  r.error_bound = std::nextafter(std::pow(per_point, r.points), 1.0);
  return r;
}

// Bound on the number of terms of the symbolic expansion (see analyse_structure).
std::uint64_t symbolic_term_bound(const network_config& c, const resource_limits& lim) {
  if (c.L == 1) {
    const std::uint64_t da = c.head_size();
    return static_cast<std::uint64_t>(c.H) * da * da * c.dx * c.dx * c.dx * c.N * c.N;
  }
  if (c.dx == 1) return output_monomial_count(c, lim.max_symbolic_terms).value;
  return lim.max_symbolic_terms + 1;
}

symbolic_expansion expand_symbolically(const network_config& c, const integer_weights& draw,
                                       const polynomial& y_draw, const resource_limits& lim) {
  const std::uint64_t bound = symbolic_term_bound(c, lim);
  if (bound > lim.max_symbolic_terms)
    throw resource_error("symbolic weights: the expansion for " + config_text(c) + " may have more than " +
                         std::to_string(lim.max_symbolic_terms) +
                         " terms; symbolic weights are supported for L = 1 (bound H*da^2*dx^3*N^2 terms) and for dx = 1"
                         " (raise with --max-symbolic-terms)");
  const symbolic_weights sw = make_symbolic_weights(c);
  const ring_ptr in = y_draw.ring();
  const GiNaC::ex y_sym = symbolic_output(c, sw, in);

  std::vector<GiNaC::symbol> symbols;
  for (int v = 0; v < in->variable_count(); ++v) symbols.push_back(in->symbol(v));
  for (const auto& layer : sw.layers)
    for (const auto& h : layer)
      for (const auto* m : {&h.Q, &h.K, &h.V, &h.O})
        for (const auto& e : m->data()) symbols.push_back(GiNaC::ex_to<GiNaC::symbol>(e));

  symbolic_expansion s;
  s.ring = std::make_shared<const polynomial_ring>(symbols);
  s.y = from_ginac(y_sym, s.ring);
  for (long t = 0; t < s.y.term_count(); ++t) {
    const auto e = s.y.exponents(t), prev = t ? s.y.exponents(t - 1) : e;
    if (t == 0 || !std::equal(e.begin(), e.begin() + in->variable_count(), prev.begin())) ++s.x_monomials;
  }
  s.gram_identity = symbolic_gram_identity(c, sw, in, y_sym);
  s.matches_draw = from_ginac(y_sym.subs(weight_substitution(sw, draw)), in) == y_draw;
  return s;
}

}  // namespace

long max_abs_weight(const integer_weights& w) {
  long m = 0;
  for (const auto& layer : w.layers)
    for (const auto& h : layer)
      for (const auto* mat : {&h.Q, &h.K, &h.V, &h.O})
        for (long v : mat->data()) m = std::max(m, v < 0 ? -v : v);
  return m;
}

expansion_estimate estimate_expansion(const network_config& c, long max_abs_weight, int threads,
                                      std::uint64_t max_terms) {
  expansion_estimate e;
  e.terms = output_monomial_count(c, max_terms);
  const double da = c.head_size(), R = static_cast<double>(std::max(1L, max_abs_weight));
  const double K = c.N * c.H * da * da * std::pow(c.dx, 3) * std::pow(R, 4);
  const double C = static_cast<double>(summed_index_count(c.L));
  e.coefficient_bits = static_cast<std::uint64_t>(std::ceil(C * std::log2(K + 1))) + 1;
  // FLINT packs each exponent vector into words of `bits` bits per variable.
  const std::uint64_t degree = static_cast<std::uint64_t>(output_degree(c.L));
  std::uint64_t bits = 8;
  while ((1ULL << (bits - 1)) <= degree) bits *= 2;
  const std::uint64_t words = (static_cast<std::uint64_t>(c.variable_count()) * bits + 63) / 64;
  const std::uint64_t limbs = (e.coefficient_bits + 63) / 64;
  const double terms = static_cast<double>(e.terms.value);
  // Calibrated on L=2,dx=4,N=4 (172380 terms, 33 MiB) and L=3,dx=2,N=4 (687208 terms, 195 MiB).
  e.memory_mb = static_cast<std::uint64_t>(12 * terms * (8.0 * words + 8.0 * (limbs + 2)) / (1 << 20)) + 16;
  e.seconds = 7e-7 * terms * static_cast<double>(limbs) * std::sqrt(C) * (threads >= 2 ? 1.0 : 1.8);
  return e;
}

expansion_estimate require_expansion_fits(const network_config& c, long max_abs_weight, int threads,
                                          const resource_limits& lim) {
  const expansion_estimate e = estimate_expansion(c, max_abs_weight, threads, lim.max_terms);
  const std::string what = "expanding y_p for " + config_text(c);
  if (e.terms.exceeds)
    throw resource_error(what + ": y_p lies in a monomial space of dimension " + e.terms.str() +
                         " (limit --max-terms " + std::to_string(lim.max_terms) + ")");
  const std::string size = " (up to " + e.terms.str() + " terms, coefficients of up to " +
                           std::to_string(e.coefficient_bits) + " bits)";
  if (e.memory_mb > lim.max_memory_mb)
    throw resource_error(what + size + " would need an estimated " + std::to_string(e.memory_mb) +
                         " MiB (limit --max-memory " + std::to_string(lim.max_memory_mb) + ")");
  if (e.seconds > lim.max_seconds)
    throw resource_error(what + size + " would need an estimated " + std::to_string(static_cast<long>(e.seconds)) +
                         " s (limit --time-limit " + std::to_string(static_cast<long>(lim.max_seconds)) + ")");
  return e;
}

void require_gram_form_fits(const network_config& c, const resource_limits& lim) {
  const std::uint64_t D = static_cast<std::uint64_t>(c.dx) * (c.dx + 1) / 2 + (c.residual ? 1 : 0);
  const std::uint64_t C = static_cast<std::uint64_t>(summed_index_count(c.L));
  const std::uint64_t Cp = static_cast<std::uint64_t>(summed_index_count(c.L - 1));  // degree of A_{L-1}
  const std::string what = "the Gram form A_L(M) for " + config_text(c);
  const bounded_count per_entry = binomial(D + C - 1, C, lim.max_terms);
  if (per_entry.exceeds || per_entry.value * static_cast<std::uint64_t>(c.dx) > lim.max_terms)
    throw resource_error(what + " would have up to dx * multichoose(D, C) = " +
                         (per_entry.exceeds ? "more than " + std::to_string(lim.max_terms)
                                            : std::to_string(per_entry.value * c.dx)) +
                         " terms (limit --max-terms " + std::to_string(lim.max_terms) + ")");
  // The last layer multiplies 2 d_x^2 pairs of polynomials of degrees 2C'+1 and C' in D variables.
  const std::uint64_t cap = 1ULL << 62;
  const double big = static_cast<double>(binomial(D + 2 * Cp, 2 * Cp + 1, cap).value);
  const double small = static_cast<double>(binomial(D + Cp - 1, Cp, cap).value);
  // Plus the generic matrix work on polynomials in D variables (calibrated: d_x = 64, D = 2080, 18 s).
  const double seconds = 4e-8 * c.dx * c.dx * big * small + 2e-6 * std::pow(c.dx, 3) * (static_cast<double>(D) / 64 + 1);
  if (seconds > lim.max_seconds)
    throw resource_error(what + " would need an estimated " + std::to_string(static_cast<long>(seconds)) +
                         " s (limit --time-limit " + std::to_string(static_cast<long>(lim.max_seconds)) + ")");
}

structure_analysis analyse_structure(const network_config& c, const weight_choice& choice,
                                     const resource_limits& lim, int threads, const progress_fn& progress,
                                     bool expansion_optional) {
  validate(c);
  structure_analysis a;
  a.cfg = c;
  a.choice = choice;
  a.weights = obtain_weights(c, choice, a.weight_description);
  a.ring = make_input_ring(c);
  try {
    a.size_estimate = require_expansion_fits(c, max_abs_weight(a.weights), threads, lim);
  } catch (const resource_error& e) {
    if (!expansion_optional) throw;
    a.expansion_skipped = e.what();
    require_gram_form_fits(c, lim);
    progress("computing the Gram form A_L(M) (the expansion is skipped)");
    a.gram = compute_gram_form(c, a.weights);
    return a;
  }

  progress("expanding y_p (up to " + a.size_estimate.terms.str() + " terms, estimated " +
           std::to_string(static_cast<long>(std::ceil(a.size_estimate.seconds))) + " s)");
  a.y = expand_output(c, a.weights, a.ring);
  a.degrees = summarize_degrees(a.y);
  if (c.residual) {
    network_config plain = c;
    plain.residual = false;
    a.top_part_matches_plain =
        homogeneous_part(a.y, static_cast<int>(output_degree(c.L))) == expand_output(plain, a.weights, a.ring);
  }
  check_interrupt();

  progress("cross-checking against the literal forward pass of eq. 3");
  a.points = forward_pass_check(c, a.weights, a.y, choice.seed);
  progress("checking the index structure of eq. 4");
  a.eq4 = check_index_structure(c, a.weights, a.y, lim.max_g_terms);
  progress("computing the Gram form A_L(M)");
  require_gram_form_fits(c, lim);
  a.gram = compute_gram_form(c, a.weights);
  if (const char* fault = std::getenv("SEPRANK_FAULT"); fault && std::string(fault) == "gram-form")
    a.gram.row[0] += polynomial::constant(a.gram.ring, 1);  // test hook: a deliberately wrong Gram form
  a.gram_matches = gram_form_in_inputs(c, a.gram, a.ring) == a.y;
  if (choice.source == weight_choice::kind::symbolic) {
    progress("expanding with symbolic weights (GiNaC)");
    a.symbolic = expand_symbolically(c, a.weights, a.y, lim);
  }
  return a;
}

}  // namespace seprank
