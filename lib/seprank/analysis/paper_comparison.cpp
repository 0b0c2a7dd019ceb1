#include "seprank/analysis/paper_comparison.hpp"

namespace seprank {
namespace {

sep_bound computed_bound(long value, int N, computed_by how) {
  sep_bound b;
  b.source = sep_source::computed;
  b.value = value;
  b.log3 = log3(big_float(value));
  b.N = N;
  b.how = how;
  return b;
}

// The best certified lower bound on the generic sep for a balanced partition: this run's ranks (the Gram
// rank is sep for every balanced partition once N >= 2 d_x + 2), the table, or sep >= 1.
sep_bound best_lower(const network_config& c, const rank_analysis& r, const sep_bound& from_rules) {
  sep_bound best = from_rules;
  auto consider = [&best](const sep_bound& b) {  // this run's own certificate wins a tie with the table
    if (b.value > best.value || (b.value == best.value && best.source != sep_source::computed)) best = b;
  };
  if (r.part.balanced()) {
    if (r.sep.lower > 0) consider(computed_bound(r.sep.lower, c.N, r.expanded ? computed_by::coefficient_rank : computed_by::grid_rank));
    if (r.grid.rank > 0) consider(computed_bound(r.grid.rank, c.N, computed_by::grid_rank));
  }
  if (r.gram.computed() && r.gram.rank.lower > 0) consider(computed_bound(r.gram.rank.lower, 0, computed_by::gram_rank));
  return best;
}

}  // namespace

paper_comparison compare_with_paper(const network_config& c, const rank_analysis& r, const kernel_space_analysis& k) {
  paper_comparison p;
  p.paper = paper_bounds_for(c.L, c.dx, c.H);
  const big_float upper = p.paper.upper_log3();
  p.count_log3 = log3(big_float(k.gram_count_bound));
  p.count_within_paper_upper = p.count_log3 <= upper;
  p.route_log3 = log3(big_float(k.element_rank_sum));
  p.route_within_paper_upper = p.route_log3 <= upper;
  if (r.sep.exact()) p.sep_within_counts = r.sep.lower <= k.gram_count_bound && k.gram_count_bound <= k.binom_bound;
  if (c.residual) {
    p.skipped = audit_skip::residual;
    return p;
  }
  if (!r.part.balanced() && !r.gram.computed()) p.skipped = audit_skip::unbalanced;
  p.facts.lower = best_lower(c, r, table_lower_bound(c.L, c.dx, c.H));  // the count comes from this run, below
  sep_bound count;
  count.source = sep_source::gram_count;
  count.value = k.gram_count_bound;
  count.log3 = p.count_log3;
  p.facts.upper = count;
  if (p.skipped == audit_skip::none) p.findings = decide_statements(c.L, c.dx, c.H, p.facts);
  return p;
}

}  // namespace seprank
