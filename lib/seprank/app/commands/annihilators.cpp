// annihilators: the rank-one annihilators and the refined count (docs/theory.md, section 14; its row and derive_*).
#include "seprank/app/commands/command_rows.hpp"

#include "seprank/analysis/paper/gram_count.hpp"
#include "seprank/analysis/structure/annihilators.hpp"
#include "seprank/engine/macaulay.hpp"
#include "seprank/report/annihilator_steps.hpp"
#include "seprank/report/format.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {

derivation derive_annihilators(const derivation_request& r, const progress_fn& progress) {
  validate(r.cfg);
  validate(r);
  const weight_choice& choice = r.weights;
  if (choice.source == weight_choice::kind::symbolic)
    throw usage_error("annihilators: " + flag("weights") + " symbolic is not supported (use random or a weight FILE)");
  const integer_weights w = obtain_weights(r.cfg, choice);
  // Exact at every size the options allow (L <= 8, d_x <= 64: a few thousand digits): the refined bound is this
  // count minus an exact loss, so a count known only in log space would not do.
  const gram_count_result g = exact_gram_count(r.cfg.L, r.cfg.dx, r.cfg.residual, 100000);
  if (!g.exact)
    throw resource_error("annihilators: the Gram count at L = " + std::to_string(r.cfg.L) +
                         " has more than 100,000 digits");
  const big_int count = g.value;
  const deadline_scope deadline(r.limits.max_seconds);  // --time-limit (default 60 s) between groupings and degrees
  return annihilator_derivation(r.cfg, weight_description(choice),
                                analyse_annihilators(r.cfg, w, default_max_macaulay_entries, progress), count);
}

command annihilators_command() {
  return {
      "annihilators",
      "the rank-one annihilators of the Gram form for the weights of --L, --dx, --entry, --weights, --seed: the variety Z, "
      "how it is known, the blocks that lose and the Gram count minus them (docs/theory.md, section 14; any size the "
      "options allow), e.g. annihilators --L 3 --dx 6",
      {},
      "the main command's options (seprank-sym --help), given before or after the subcommand: it uses the network's "
      "(--L, --dx, --H, --entry, --residual), the weights' (--weights, --seed, --weight-range) and --time-limit (default "
      "60 s); the others are accepted and change nothing here",
      false,
      [](command_requests&) { return std::vector<command_option>{}; },
      [](command_requests& r, const command_context& c) { return derive_annihilators(r.main, c.progress); }};
}

}  // namespace seprank
