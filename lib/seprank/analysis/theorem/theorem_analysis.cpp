#include "seprank/analysis/theorem/theorem_analysis.hpp"

#include <string>

#include "seprank/analysis/ranks/element_rank.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {

theorem_analysis analyse_theorem(const theorem_request& r, const progress_fn& progress) {
  theorem_analysis a;
  validate(r.cfg);
  if (!r.cfg.residual) {
    a.bounds = proven_bounds_of(r.cfg.L, r.cfg.dx, r.cfg.H);
    a.lower_bound = a.bounds.lower;
  }
  {
    // --time-limit bounds the run: past it the structure stage throws time_limit_reached (then only the
    // network-free lower bound is reported, with the stage that was running); the rank stage stops at the stage
    // it reaches and the rest is reported skipped.
    const deadline_scope deadline(r.limits.max_seconds, r.deadline);
    std::string stage;
    const progress_fn tracking = [&](const std::string& message) {
      stage = message;
      progress(message);
    };
    try {
      a.structure = analyse_structure(r.cfg, {r.weights, r.limits, r.threads, !r.structure_only, nullptr}, tracking);
    } catch (const time_limit_reached&) {
      a.stopped_in_structure = stage.empty() ? "preparing the network" : stage;
      return a;
    }
    if (r.structure_only) return a;
    a.ranks = analyse_ranks(a.structure, r.ranks, r.limits, r.threads, progress);
  }
  if (a.ranks.stopped_at != rank_stage::none)
    progress("the time limit was reached; the stages not finished are reported skipped");
  progress("assembling the derivation");
  // The element ranks mod the separation rank's prime, or the same draw when the time limit stopped that stage.
  const std::uint64_t prime = a.ranks.sep.prime ? a.ranks.sep.prime : rank_prime(r.weights.seed);
  a.psi_span = analyse_psi_span(a.structure, r.weights.seed, r.verify_elements, listed_coordinates, r.listed_monomials);
  try {  // the store may be locked by another run past --time-limit (its own wait limit): the check is then skipped
    a.element_check = check_element_ranks(a.psi_span.checked_gammas, prime, r.ranks.runner);
  } catch (const time_limit_reached&) {
    a.element_check = {};
    a.element_check.stopped = true;
  }
  a.sep_within_gram_count = !a.ranks.sep.exact() || big_int(a.ranks.sep.lower) <= a.psi_span.gram_count;
  a.consistency = check_bound_consistency(a.ranks, r.cfg.N, a.psi_span.gram_count,
                                          a.psi_span.refined_every_weight ? a.psi_span.refined_gram_count : big_int(0));
  a.comparison = compare_with_paper(r.cfg, certified_values_of(a.ranks, a.psi_span));
  if (r.certificate && a.ranks.stopped_at == rank_stage::none) {
    progress("computing the certificate grid (" + std::to_string(a.ranks.sep.lower) +
             " points per side, a prime below 2^28)");
    a.certificate = certify_grid(r.cfg, a.structure.weights, a.ranks.part, r.weights.seed, a.ranks.sep.lower);
  }
  return a;
}

}  // namespace seprank
