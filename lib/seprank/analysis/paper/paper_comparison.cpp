#include "seprank/analysis/paper/paper_comparison.hpp"

#include <algorithm>

namespace seprank {
namespace {

sep_bound computed_bound(long value, int N, int dx, computed_by how) {
  sep_bound b;
  b.source = sep_source::computed;
  b.value = value;
  b.log3 = log3(big_float(value));
  b.N = N;
  b.dx = dx;
  b.how = how;
  return b;
}

// The certified lower bounds on the generic sep for balanced partitions. sep(N) never decreases with N,
// and a value certified at N' says nothing at a smaller N (docs/theory.md, section 13). A balanced run
// audits its own N: this run's ranks, the Gram rank once N >= 2 d_x + 2, and the table's values that hold
// at N. An unbalanced run has no rank of its own for a balanced partition: its findings are for the N
// each fact holds from (the Gram rank from 2 d_x + 2, the table's values from theirs).
sep_facts lower_facts(const network_config& c, const certified_values& r) {
  const int at_N = r.balanced ? c.N : 0;
  std::vector<sep_bound> candidates = table_bounds(c.L, c.dx, c.H, at_N);
  if (!c.residual)
    if (auto h = hessian_sep_bound(c.L, c.dx, c.H); h && (at_N == 0 || h->from_N() <= at_N))
      candidates.push_back(std::move(*h));
  if (r.balanced) {
    if (r.sep_lower > 0)
      candidates.push_back(
          computed_bound(r.sep_lower, c.N, c.dx, r.expanded ? computed_by::coefficient_rank : computed_by::grid_rank));
    if (r.grid_rank > 0) candidates.push_back(computed_bound(r.grid_rank, c.N, c.dx, computed_by::grid_rank));
  }
  if (r.gram_computed && r.gram_lower > 0) {
    const sep_bound g = computed_bound(r.gram_lower, 0, c.dx, computed_by::gram_rank);
    if (at_N == 0 || g.from_N() <= at_N) candidates.push_back(g);
  }
  return sep_facts_of(std::move(candidates));
}

}  // namespace

paper_comparison compare_with_paper(const network_config& c, const certified_values& v) {
  paper_comparison p;
  p.paper = paper_bounds_of(c.L, c.dx, c.H);
  const big_float upper = p.paper.upper_log3();
  p.count_log3 = log3(big_float(v.gram_count));
  p.count_within_paper_upper = p.count_log3 <= upper;
  p.route_log3 = log3(big_float(v.route_sum));
  p.route_within_paper_upper = p.route_log3 <= upper;
  if (v.sep_exact) p.sep_within_counts = v.sep_lower <= v.gram_count && v.gram_count <= v.binom_bound;
  if (c.residual) {
    p.skipped = audit_skip::residual;
    return p;
  }
  if (!v.balanced && !v.gram_computed) p.skipped = audit_skip::unbalanced;
  p.facts = lower_facts(c, v);  // the count comes from this run, below
  sep_bound count;
  count.source = sep_source::gram_count;
  count.value = v.gram_count;
  count.log3 = p.count_log3;
  if (v.refined_count > 0 && v.refined_count < v.gram_count) {  // section 14: proven for every weight
    count.source = sep_source::refined_count;
    count.refined = refined_by::this_run;
    count.value = v.refined_count;
    count.log3 = log3(big_float(v.refined_count));
  }
  p.facts.upper = count;
  if (p.skipped == audit_skip::none) p.findings = statement_findings(c.L, c.dx, c.H, p.facts);
  return p;
}

}  // namespace seprank
