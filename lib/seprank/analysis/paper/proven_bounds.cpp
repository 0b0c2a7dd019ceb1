#include "seprank/analysis/paper/proven_bounds.hpp"

#include "seprank/analysis/paper/audit_map.hpp"

namespace seprank {

proven_bounds proven_bounds_of(long L, long dx, long H, long N) {
  proven_bounds b;
  b.N = N;
  b.facts = rule_facts(L, dx, H, N);
  if (b.facts.lower.hessian) b.lower = *b.facts.lower.hessian;
  for (const sep_bound& f : b.facts.alternatives)
    if (f.hessian) b.lower = *f.hessian;
  b.slopes = growth_slopes_of(dx, H, N);
  b.findings = statement_findings(L, dx, H, b.facts);
  b.gram_count = gram_count_sep_bound(L, dx);
  b.elsewhere = printed_upper_failure_near(L, dx, H);
  return b;
}

printed_upper_failure printed_upper_failure_near(long L, long dx, long H, int max_L, long max_dx) {
  printed_upper_failure out;
  out.max_L = max_L, out.max_dx = L >= 1 && L <= max_L ? max_dx : 0;  // 0: the widths are not scanned (L beyond max_L)
  auto printed = [](const audit_row& row) -> const statement_finding* {
    for (const auto& f : row.findings)
      if (f.statement == paper_statement::theorem2_upper_printed && f.status == verdict::contradicted) return &f;
    return nullptr;
  };
  // In chunks, so the scan stops soon after the first contradiction (a row at large C may cost milliseconds).
  for (int from = 1; from <= max_L && out.L == 0; from += 16) {
    std::vector<int> depths;
    for (int l = from; l < from + 16 && l <= max_L; ++l) depths.push_back(l);
    audit_map_of(depths, {dx}, H, false, 0, [&](audit_row&& row) {
      if (const statement_finding* f = printed(row); f && out.L == 0) out.L = row.L, out.L_from_N = f->from_N;
    });
  }
  for (long from = H; L >= 1 && L <= max_L && from <= max_dx && out.dx == 0; from += 64 * H) {
    std::vector<long> widths;
    for (long w = from; w < from + 64 * H && w <= max_dx; w += H) widths.push_back(w);
    audit_map_of({static_cast<int>(L)}, widths, H, false, 0, [&](audit_row&& row) {
      if (const statement_finding* f = printed(row); f && out.dx == 0) out.dx = row.dx, out.dx_from_N = f->from_N;
    });
  }
  return out;
}

}  // namespace seprank
