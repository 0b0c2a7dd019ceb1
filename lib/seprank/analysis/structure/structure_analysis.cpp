#include "seprank/analysis/structure/structure_analysis.hpp"

#include <cmath>

#include "seprank/engine/network.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {

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
