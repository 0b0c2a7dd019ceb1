#include "seprank/analysis/ranks/sweep.hpp"

#include "seprank/analysis/paper/gram_count.hpp"
#include "seprank/analysis/paper/lower_bound.hpp"
#include "seprank/analysis/paper/refined_gram_count.hpp"
#include "seprank/analysis/ranks/head_form_rank.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {
namespace {

sweep_row run_one(const sweep_spec& spec, int dx, int L, int H) {
  sweep_row row;
  row.dx = dx, row.L = L, row.H = H;
  row.paper = paper_bounds_of(L, dx, H);
  if (const auto g = exact_gram_count(L, big_int(dx)); g.exact) {
    row.counted = true, row.gram_count = g.value;
    row.refined_count = H == 1 ? refined_gram_count_every_weight(L, dx, g.value).value : g.value;
  }
  row.slopes = growth_slopes_of(dx, H);
  if (dx % H == 0)
    if (const auto lb = best_hessian_lower_bound(L, dx, H)) {
      row.has_lower_bound = true, row.lower_bound_exact = lb->exact;
      row.lower_bound = lb->value, row.lower_bound_log3 = lb->log3_lower;
    }
  network_config c;
  c.L = L, c.dx = dx, c.H = H, c.N = spec.N;
  if (dx % H != 0) return row.status = sweep_row_status::head_not_dividing, row;
  try {
    validate(c);
    const weight_choice& wc = spec.weights;  // integer weights: derive_sweep refuses symbolic ones
    const auto s = analyse_structure(c, {wc, spec.limits, spec.threads, true, nullptr}, [](const std::string&) {});
    row.head_ranks = head_form_ranks(s.weights);
    rank_options ro = spec.ranks;
    ro.stabilization = false;
    const auto r = analyse_ranks(s, ro, spec.limits, spec.threads, [](const std::string&) {});
    if (r.stopped_at != rank_stage::none) throw time_limit_reached();  // a row is whole or not shown
    row.ranked = true;
    row.sep = r.sep.lower, row.sep_exact = r.sep.exact();
    row.grid = r.grid.rank;
    row.gram_computed = r.gram.computed();
    row.gram = r.gram.rank.lower, row.gram_exact = r.gram.rank.exact();
    row.status = sweep_row_status::ok;
  } catch (const resource_error& e) {
    row.status = sweep_row_status::refused, row.refusal = e.what();
  } catch (const usage_error& e) {
    row.status = sweep_row_status::invalid, row.refusal = e.what();
  }
  return row;
}

}  // namespace

sweep_result analyse_sweep(const sweep_spec& spec, const progress_fn& progress) {
  sweep_result r;
  r.spec = spec;
  const std::size_t total = spec.dx.size() * spec.L.size() * spec.H.size();
  const deadline_scope deadline(spec.limits.max_seconds);  // --time-limit holds for the whole sweep, not per row
  try {
    for (int dx : spec.dx)
      for (int L : spec.L)
        for (int H : spec.H) {
          check_interrupt();
          progress("sweep " + std::to_string(r.rows.size() + 1) + "/" + std::to_string(total) +
                   ": d_x = " + std::to_string(dx) + ", L = " + std::to_string(L) + ", H = " + std::to_string(H));
          r.rows.push_back(run_one(spec, dx, L, H));
        }
  } catch (const interrupted&) {
    r.interrupted = true;
  } catch (const time_limit_reached&) {
    r.time_limited = true;
  }
  return r;
}

}  // namespace seprank
