#include "seprank/analysis/paper/statement_findings.hpp"

#include <limits>

namespace seprank {

bool is_upper(paper_statement s) {
  return s == paper_statement::theorem1_upper || s == paper_statement::theorem2_upper_printed ||
         s == paper_statement::theorem2_upper_fraction;
}

std::vector<statement_finding> statement_findings(long L, const big_int& dx, const big_int& H, const sep_facts& facts) {
  std::optional<big_float> upper;
  if (facts.upper) upper = facts.upper->log3;
  const theorem1_bounds t1 = theorem1(L, dx, H);
  return detail::findings_from(regime_of(L, dx), paper_log3(L, big_float(dx), big_float(H)), facts.lower.log3, upper,
                               facts, t1.upper_exact ? &t1.upper : nullptr);
}

double printed_margin_log3(const statement_finding& f) {
  if (!f.claimed || !f.defined || !is_upper(f.statement)) return std::numeric_limits<double>::quiet_NaN();
  if (f.status == verdict::undecided) return 0;
  return static_cast<double>(f.bound_log3.convert_to<long double>() - f.evidence.log3.convert_to<long double>());
}

}  // namespace seprank
