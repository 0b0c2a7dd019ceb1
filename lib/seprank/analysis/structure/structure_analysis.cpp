#include "seprank/analysis/structure/structure_analysis.hpp"

#include <algorithm>
#include <cmath>

#include "seprank/engine/linalg.hpp"
#include "seprank/engine/modp_network.hpp"
#include "seprank/engine/network.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/random.hpp"

namespace seprank {
namespace {

// Deterministic integer points for the forward-pass cross-check.
std::vector<std::vector<mpz_class>> random_points(const network_config& c, std::uint64_t seed, int count, long mag) {
  splitmix64 rng{stream_seed(seed, random_stream::check_points)};
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

symbolic_expansion expand_symbolically(const network_config& c, const integer_weights& draw, const polynomial& y_draw,
                                       const resource_limits& lim) {
  const std::uint64_t bound = symbolic_term_bound(c, lim.max_symbolic_terms);
  if (bound > lim.max_symbolic_terms)
    throw resource_error("symbolic weights: the expansion for L = " + std::to_string(c.L) + ", dx = " +
                         std::to_string(c.dx) + ", H = " + std::to_string(c.H) + ", N = " + std::to_string(c.N) +
                         " may have more than " + std::to_string(lim.max_symbolic_terms) +
                         " terms; symbolic weights are supported for L = 1 (bound H*da^2*dx^3*N^2 terms) and for dx = 1"
                         " (raise with " +
                         flag("max-symbolic-terms") + ")");
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
  s.gram_identity = check_symbolic_gram_identity(c, sw, in, y_sym);
  s.matches_draw = from_ginac(y_sym.subs(weight_substitution(sw, draw)), in) == y_draw;
  return s;
}

gram_point_check gram_form_at_points(const network_config& c, const integer_weights& w, const gram_form& g,
                                     std::uint64_t seed, std::uint64_t coefficient_bits) {
  gram_point_check r;
  r.performed = true;
  r.points = 4;
  r.prime = draw_prime(stream_seed(seed, random_stream::gram_check_prime));
  const modp_network net(c, w, r.prime);
  splitmix64 rng{stream_seed(seed, random_stream::gram_check_points)};
  auto z = [](std::uint64_t v) { return mpz_class(static_cast<unsigned long>(v)); };  // LP64: 64 bits
  const mpz_class p = z(r.prime);
  std::vector<std::uint64_t> x(c.variable_count()), scratch;
  r.agree = true;
  for (int k = 0; k < r.points; ++k) {
    for (auto& v : x) v = rng.next() % r.prime;
    std::vector<mpz_class> M;  // m_ab = sum_j x^j_a x^j_b mod p, in the order of the Gram ring
    for (int a = 1; a <= c.dx; ++a)
      for (int b = a; b <= c.dx; ++b) {
        mpz_class s = 0;
        for (int j = 1; j <= c.N; ++j) s += z(x[c.variable(j, a)]) * z(x[c.variable(j, b)]);
        M.push_back(s % p);
      }
    mpz_class gram = 0;
    for (int q = 0; q < c.dx; ++q) {
      gram += g.row[q].evaluate(M) * z(x[c.variable(c.position, q + 1)]);
      check_interrupt();
    }
    gram %= p;
    if (gram < 0) gram += p;
    std::vector<std::uint64_t> xf = x;
    r.agree = r.agree && z(net.evaluate(xf, scratch)) == gram;
    check_interrupt();
  }
  // The difference of the two sides over Z: the forward pass's coefficients are below 2^coefficient_bits (the
  // majorant of eq. 3); the substituted Gram side's sum of absolute coefficients is at most
  // sum_r sum_gamma |c_r(gamma)| N^C (each entry of M = sum_j x^j x^j^T has N terms, coefficient 1).
  mpz_class gram_sum = 0;
  for (const auto& row : g.row)
    for (long t = 0; t < row.term_count(); ++t) gram_sum += abs(row.coefficient(t));
  const double gram_bits = static_cast<double>(mpz_sizeinbase(gram_sum.get_mpz_t(), 2)) +
                           static_cast<double>(summed_index_count(c.L)) * std::log2(static_cast<double>(c.N));
  const double difference_bits = std::max(static_cast<double>(coefficient_bits), std::ceil(gram_bits)) + 1;
  const double per_point = static_cast<double>(output_degree(c.L)) / static_cast<double>(r.prime);
  r.error_bound = std::pow(per_point, r.points) + rank_error_bound(difference_bits, r.prime);
  return r;
}

}  // namespace

structure_analysis analyse_structure(const network_config& c, const structure_request& r, const progress_fn& progress) {
  const weight_choice& choice = r.weights;
  const resource_limits& lim = r.limits;
  const int threads = r.threads;
  const bool expansion_optional = r.expansion_optional;
  const gram_form_seam& seam = r.seam;
  validate(c);
  structure_analysis a;
  a.cfg = c;
  a.choice = choice;
  a.weights = obtain_weights(c, choice);
  a.C_by_recursion = summed_index_count_by_recursion(c.L);
  a.C_agrees = a.C_by_recursion == summed_index_count(c.L);
  a.ring = make_input_ring(c);
  a.size_estimate = estimate_expansion(c, max_abs_weight(a.weights), threads, lim.max_terms);
  const option_message refusal = expansion_refusal(c, a.size_estimate, lim);
  if (!refusal.empty() && !expansion_optional) throw resource_error(refusal);
  // Symbolic weights are honoured or refused, never replaced by the draw: they need the expansion.
  if (!refusal.empty() && choice.source == weight_choice::kind::symbolic)
    throw resource_error(flag("weights") + " symbolic needs the exact expansion, which is refused here: " + refusal);
  if (!refusal.empty()) {
    a.expansion_refused = refusal;
    require_gram_form_fits(c, lim);
    progress("computing the Gram form A_L(M) (the expansion is skipped)");
    a.gram = gram_form_of(c, a.weights);
    if (seam) seam(a.gram);
    a.gram_size = gram_form_size_of(a.gram);
    a.annihilators = analyse_annihilators(c, a.weights, default_max_macaulay_entries, progress);
    progress("checking the Gram form against the forward pass at random points mod p");
    a.gram_points = gram_form_at_points(c, a.weights, a.gram, choice.seed, a.size_estimate.coefficient_bits);
    return a;
  }

  progress("expanding y_p (up to " + a.size_estimate.terms.str() + " terms, estimated " +
           std::to_string(static_cast<long>(std::ceil(a.size_estimate.seconds))) + " s)");
  a.y = expand_output(c, a.weights, a.ring);
  a.degrees = degree_summary_of(a.y);
  const auto degree = static_cast<int>(output_degree(c.L));
  if (c.residual) {
    network_config plain = c;
    plain.residual = false;
    a.top_part_matches_plain = homogeneous_part(a.y, degree) == expand_output(plain, a.weights, a.ring);
  }
  a.degrees_hold = a.degrees.terms == 0 ||
                   (c.residual ? a.degrees.all_odd && a.degrees.max_degree <= degree && *a.top_part_matches_plain
                               : a.degrees.min_degree == degree && a.degrees.max_degree == degree);
  check_interrupt();

  progress("cross-checking against the literal forward pass of eq. 3");
  a.points = forward_pass_check(c, a.weights, a.y, choice.seed);
  progress("checking the index structure of eq. 4");
  a.eq4 = check_index_structure(c, a.weights, a.y, lim.max_g_terms);
  progress("computing the Gram form A_L(M)");
  require_gram_form_fits(c, lim);
  a.gram = gram_form_of(c, a.weights);
  if (seam) seam(a.gram);
  a.gram_size = gram_form_size_of(a.gram);
  a.annihilators = analyse_annihilators(c, a.weights, default_max_macaulay_entries, progress);
  a.gram_matches = gram_form_in_inputs(c, a.gram, a.ring) == a.y;
  if (choice.source == weight_choice::kind::symbolic) {
    progress("expanding with symbolic weights (GiNaC)");
    a.symbolic = expand_symbolically(c, a.weights, a.y, lim);
  }
  return a;
}

}  // namespace seprank
