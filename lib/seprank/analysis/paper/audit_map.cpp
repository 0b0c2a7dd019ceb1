#include "seprank/analysis/paper/audit_map.hpp"

#include <algorithm>
#include <cmath>

#include "seprank/analysis/paper/gram_count.hpp"
#include "seprank/analysis/paper/refined_gram_count.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {

namespace {

// One row of the map: the printed statements at (L, d_x, H) decided from the facts, in long double where every
// comparison is clear by a margin and in 100-digit arithmetic where one is not.
audit_row audit_row_of(int L, long dx, long H, bool exact_counts, long N) {
  const long double margin = 1e-9L;
  audit_row row;
  row.L = L, row.dx = dx, row.H = H;
  row.reg = regime_of(L, dx);
  const gram_count_fast count = gram_count_log3_fast(L, dx);
  // At most 1,000 digits needs log_3 of the count below 2,096: the exact count is tried only there (the
  // log-space path in 100 digits costs milliseconds a row).
  if (exact_counts && (!count.usable || count.log3 < 2100)) {
    const gram_count_result g = exact_gram_count(L, dx);
    row.counts_exact = g.exact;
    if (g.exact) {
      row.gram_count = g.value;
      if (H == 1) {
        const refined_gram_count_result refined = refined_gram_count_every_weight(L, dx, g.value);
        row.refined_count = refined.value;
        row.refined = refined.by;
      }
    }
  }
  // At H = 1 with d_x >= L + 1 and an exact count (at most 1,000 digits: log_3 below 2,090), the rank-one
  // annihilators refine the count (section 14). The refinement lowers log_3 of the count by far less than
  // refine_window here (2.45e-4 at L = 3, d_x = 7, the largest over L <= 20, d_x <= 10,000), so only rows with a
  // printed bound within the window below the count are decided again from the exact facts; elsewhere the plain
  // count decides the same statuses (a weaker upper bound: never a wrong status).
  const bool refinable = H == 1 && annihilator_dimension_every_weight(L, dx) >= 0 && count.usable && count.log3 < 2090;
  const long double refine_window = 0.01L;
  if (!count.usable) {  // long double cannot bound the count closely enough: 100 digits throughout
    row.findings = statement_findings(L, dx, H, rule_facts(L, dx, H, N));
    return row;
  }
  // Fast path: every number in long double; a comparison closer than the margin (or than the count's
  // rounding bound) re-decides the whole configuration in 100-digit arithmetic.
  const auto v = paper_log3<long double>(L, static_cast<long double>(dx), static_cast<long double>(H));
  sep_facts facts = sep_facts_of(lower_sep_bounds(L, dx, H, N, false));  // near-ties: exact values below
  sep_bound upper_fact;
  upper_fact.source = sep_source::gram_count;
  upper_fact.count_exact = false;
  upper_fact.value = 0;
  upper_fact.log3 = big_float(count.log3);
  facts.upper = upper_fact;
  const long double lower = facts.lower.log3.convert_to<long double>(), upper = count.log3;
  row.findings = detail::findings_from<long double>(row.reg, v, lower, upper, facts);
  for (auto& f : row.findings) {
    if (f.status == verdict::not_claimed || !f.defined) continue;
    const long double b = detail::bound_of(f.statement, v), scale = 1 + std::fabs(b);
    const bool near_refined = refinable && b <= upper + margin * scale && b >= upper - refine_window;
    if (!near_refined && std::fabs(b - lower) >= margin * scale &&
        std::fabs(b - upper) >= std::max(margin * scale, 2 * count.error))
      continue;
    if (f.statement == paper_statement::theorem1_upper && L <= 4) {
      // A tie with Theorem 1's integer bound (d_x + H)^C (L = 1, H = 1: the count is d_x + 1): exact integers.
      const sep_bound exact_count = upper_sep_bound(L, dx, H);
      const big_int bound = theorem1_upper_integer(L, dx, H);
      f.status = detail::decide<big_int>(true, bound, f.evidence.value, exact_count.value);
      f.from_N = 0;
      if (f.status == verdict::holds) f.evidence = exact_count;
      if (f.status == verdict::contradicted) f.from_N = f.evidence.from_N();
      if (f.status == verdict::undecided) f.other = exact_count;
      continue;
    }
    row.findings = statement_findings(L, dx, H, rule_facts(L, dx, H, N));  // re-decide in 100 digits
    break;
  }
  return row;
}

}  // namespace

audit_map audit_map_of(const std::vector<int>& Ls, const std::vector<long>& dxs, long H, bool exact_counts, long N,
                       const audit_row_sink& sink) {
  audit_map m;
  m.L = Ls, m.dx = dxs, m.H = H, m.N = N;
  auto keep = [&](audit_row&& row) {
    if (sink)
      sink(std::move(row));
    else
      m.rows.push_back(std::move(row));
  };
  for (long dx : dxs) {
    if (dx % H != 0) {
      ++m.skipped_not_dividing;
      continue;
    }
    for (int L : Ls) {
      check_interrupt();  // Ctrl-C (KeyboardInterrupt in Python) and --time-limit, between rows
      keep(audit_row_of(L, dx, H, exact_counts, N));
    }
  }
  return m;
}

}  // namespace seprank
