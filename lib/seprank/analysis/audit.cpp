#include "seprank/analysis/audit.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <type_traits>

#include <boost/math/special_functions/gamma.hpp>

#include "seprank/analysis/certified_table.hpp"
#include "seprank/analysis/kernel_space.hpp"

namespace seprank {
namespace {

bool is_upper(paper_statement s) {
  return s == paper_statement::theorem1_upper || s == paper_statement::theorem2_upper_printed ||
         s == paper_statement::theorem2_upper_fraction;
}
int theorem_of(paper_statement s) {
  return s == paper_statement::theorem1_lower || s == paper_statement::theorem1_upper ? 1 : 2;
}

template <class F>
F bound_of(paper_statement s, const paper_log3_values<F>& v) {
  switch (s) {
    case paper_statement::theorem1_lower: return v.t1_lower;
    case paper_statement::theorem1_upper: return v.t1_upper;
    case paper_statement::theorem2_lower: return v.t2_lower;
    case paper_statement::theorem2_upper_printed: return v.t2_upper;
    case paper_statement::theorem2_upper_fraction: return v.t2_upper_fraction;
  }
  return F(0);
}

// The decision of section 13, on plain numbers: an upper bound B is contradicted by a certified lower
// bound above it and proved by a certified upper bound at or below it; a lower bound B is proved by a
// certified lower bound at or above it and contradicted by a certified upper bound below it.
template <class F>
finding_status decide(bool upper_statement, const F& bound, const F& lower, const std::optional<F>& upper) {
  if (upper_statement) {
    if (lower > bound) return finding_status::contradicted;
    if (upper && *upper <= bound) return finding_status::proved;
  } else {
    if (bound <= lower) return finding_status::proved;
    if (upper && *upper < bound) return finding_status::contradicted;
  }
  return finding_status::undecided;
}

// For the fast map: Stirling's series with four terms for x >= 8 (relative error below 1e-13), glibc below;
// the map's decisions keep a 1e-9 relative margin and re-decide closer comparisons in 100 digits.
long double lgamma_of(long double x) {
  if (x < 8) return std::lgamma(static_cast<double>(x));
  const long double r = 1 / x, r2 = r * r;
  return (x - 0.5L) * std::log(x) - x + 0.91893853320467274178L +
         r * (1.0L / 12 - r2 * (1.0L / 360 - r2 * (1.0L / 1260 - r2 / 1680)));
}
big_float lgamma_of(const big_float& x) { return boost::math::lgamma(x); }

// The best certified lower bound the table gives at (L, d_x, H): a value at width d_x' <= d_x with H
// dividing both, carried by zero padding.
const certified_sep* best_table_value(long L, long dx, long H) {
  const certified_sep* best = nullptr;
  if (dx % H != 0) return best;
  for (const auto& e : certified_table())
    if (e.L == L && e.H == H && e.dx <= dx && (!best || e.sep > best->sep)) best = &e;
  return best;
}

// The exact Gram count as a bound, for small C (L <= exact_count_depth: C <= 40).
constexpr long exact_count_depth = 4;
sep_bound exact_count_bound(long L, long dx) {
  network_config c;
  c.L = static_cast<int>(L), c.dx = static_cast<int>(dx);
  sep_bound b;
  b.source = sep_source::gram_count;
  b.value = 0;
  for (unsigned k = 0; k <= static_cast<unsigned>(summed_index_count(c.L)); ++k) b.value += gram_count_of_block(c, k);
  b.log3 = log3(big_float(b.value));
  return b;
}

// Every statement at one configuration, decided in the floating type F (the facts' own logarithms are
// carried along as evidence).
// theorem1_upper = (d_x + H)^C when known exactly: with the exact count (facts.upper->value > 0) Theorem 1's
// upper bound is then decided by integers (at L = 1 the count d_x + 1 equals the bound for H = 1).
template <class F>
std::vector<statement_finding> findings_from(regime reg, const paper_log3_values<F>& v, const F& lower,
                                             const std::optional<F>& upper, const sep_facts& facts,
                                             const big_int* theorem1_upper = nullptr) {
  std::vector<statement_finding> out;
  for (paper_statement s : all_paper_statements) {
    statement_finding f;
    f.statement = s;
    f.claimed = theorem_of(s) == 1 ? reg == regime::depth_efficient : reg == regime::depth_inefficient;
    f.defined = is_upper(s) || v.lower_defined;
    f.bound_log3 = big_float(bound_of(s, v));
    f.evidence = facts.lower;
    if (!f.claimed) {
      f.status = finding_status::not_claimed;
    } else if (!f.defined) {
      f.status = finding_status::undecided;
    } else {
      const bool exact = s == paper_statement::theorem1_upper && theorem1_upper && facts.upper && facts.upper->value > 0;
      f.status = exact ? decide<big_int>(true, *theorem1_upper, facts.lower.value, facts.upper->value)
                       : decide(is_upper(s), bound_of(s, v), lower, upper);
      const bool by_upper = (f.status == finding_status::proved) == is_upper(s);
      if (f.status != finding_status::undecided && by_upper && facts.upper) f.evidence = *facts.upper;
      if (f.status == finding_status::undecided) f.other = facts.upper;
    }
    out.push_back(f);
  }
  return out;
}

// The facts of the rules: sep >= 1, or the table value e carried by padding; and the Gram count.
sep_facts rule_facts(const certified_sep* e, const big_float& lower_log3, const big_float& count_log3) {
  sep_facts f;
  if (e) {
    f.lower.source = sep_source::table;
    f.lower.value = e->sep, f.lower.N = e->N, f.lower.dx = e->dx;
    f.lower.log3 = lower_log3;
  }
  sep_bound count;
  count.source = sep_source::gram_count;
  count.value = 0;
  count.count_exact = false;
  count.log3 = count_log3;
  f.upper = count;
  return f;
}

}  // namespace

template <class F>
F gram_count_log3_upper(long L, const F& dx) {
  using std::log;
  using std::pow;
  const F ln3 = log(F(3));
  const F D = dx * (dx + 1) / 2;
  const F C = (pow(F(3), L) - 1) / 2;
  const F log3_dx = log(dx) / ln3;
  // Summand k: min(log_3 d_x + b(C - k), b(k)) with b(k) = log_3 multichoose(D, k), increasing in k.
  if (C <= 200) {  // the count itself, in log space; b(k + 1) = b(k) + log_3((D + k) / (k + 1))
    // W: double for the fast map (its decisions keep a 1e-9 relative margin), F otherwise.
    using W = std::conditional_t<std::is_same_v<F, long double>, double, F>;
    const long n = static_cast<long>(C);
    const W ln3w = log(W(3)), Dw = W(D), log3_dxw = W(log3_dx);
    std::array<W, 202> b{}, terms{};
    for (long k = 0; k < n; ++k) b[k + 1] = b[k] + W(log(W((Dw + k) / (k + 1))) / ln3w);
    W m = 0;
    for (long k = 0; k <= n; ++k) {
      terms[k] = std::min(W(log3_dxw + b[n - k]), b[k]);
      m = std::max(m, terms[k]);
    }
    W sum = 0;
    for (long k = 0; k <= n; ++k) sum += W(exp(W((terms[k] - m) * ln3w)));
    return F(m + W(log(sum) / ln3w));
  }
  // Large C: log_3(C + 1) + the largest summand, at the crossing of the two sides (bisection on k).
  const F lg_D = lgamma_of(D);
  auto b_of = [&](const F& k) { return (lgamma_of(F(D + k)) - lgamma_of(F(k + 1)) - lg_D) / ln3; };
  auto a_of = [&](const F& k) { return log3_dx + b_of(F(C - k)); };
  F lo = 0, hi = C;
  while (hi - lo > 1) {
    const F mid = floor((lo + hi) / 2);
    (b_of(mid) <= a_of(mid) ? lo : hi) = mid;
  }
  if (b_of(hi) <= a_of(hi)) lo = hi;
  F best = b_of(lo);
  if (lo < C) best = std::max(best, a_of(F(lo + 1)));
  return log(C + 1) / ln3 + best;
}

template long double gram_count_log3_upper<long double>(long, const long double&);
template big_float gram_count_log3_upper<big_float>(long, const big_float&);

std::vector<statement_finding> decide_statements(long L, const big_int& dx, const big_int& H, const sep_facts& facts) {
  std::optional<big_float> upper;
  if (facts.upper) upper = facts.upper->log3;
  const theorem1_bounds t1 = theorem1(L, dx, H);
  return findings_from(classify_regime(L, dx), paper_log3(L, big_float(dx), big_float(H)), facts.lower.log3, upper, facts,
                       t1.upper_exact ? &t1.upper : nullptr);
}

sep_bound table_lower_bound(long L, long dx, long H) {
  const certified_sep* e = best_table_value(L, dx, H);
  return rule_facts(e, e ? log3(big_float(e->sep)) : big_float(0), big_float(0)).lower;
}

sep_facts facts_from_rules(long L, long dx, long H) {
  const certified_sep* e = best_table_value(L, dx, H);
  sep_facts f = rule_facts(e, e ? log3(big_float(e->sep)) : big_float(0), gram_count_log3_upper<big_float>(L, big_float(dx)));
  if (L <= exact_count_depth) f.upper = exact_count_bound(L, dx);
  return f;
}

audit_map audit_configurations(const std::vector<int>& Ls, const std::vector<long>& dxs, long H) {
  audit_map m;
  m.L = Ls, m.dx = dxs, m.H = H;
  const long double margin = 1e-9L;
  for (long dx : dxs) {
    if (dx % H != 0) {
      ++m.skipped_not_dividing;
      continue;
    }
    for (int L : Ls) {
      audit_row row;
      row.L = L, row.dx = dx, row.H = H;
      row.reg = classify_regime(L, dx);
      // Fast path: every number in long double; a comparison closer than the margin re-decides the whole
      // configuration in 100-digit arithmetic.
      const auto v = paper_log3<long double>(L, static_cast<long double>(dx), static_cast<long double>(H));
      const certified_sep* e = best_table_value(L, dx, H);
      const long double lower = e ? std::log(static_cast<long double>(e->sep)) / std::log(3.0L) : 0.0L;
      const long double upper = gram_count_log3_upper<long double>(L, static_cast<long double>(dx));
      row.findings = findings_from<long double>(row.reg, v, lower, upper, rule_facts(e, big_float(lower), big_float(upper)));
      for (auto& f : row.findings) {
        if (f.status == finding_status::not_claimed || !f.defined) continue;
        const long double b = bound_of(f.statement, v), scale = 1 + std::fabs(b);
        if (std::fabs(b - lower) >= margin * scale && std::fabs(b - upper) >= margin * scale) continue;
        if (f.statement == paper_statement::theorem1_upper && L <= exact_count_depth) {
          // A tie with Theorem 1's integer bound (d_x + H)^C (L = 1, H = 1: the count is d_x + 1): exact integers.
          const sep_bound count = exact_count_bound(L, dx);
          big_int bound = 1;
          for (std::int64_t k = 0; k < summed_index_count(L); ++k) bound *= dx + H;
          f.status = decide<big_int>(true, bound, f.evidence.value, count.value);
          if (f.status == finding_status::proved) f.evidence = count;
          if (f.status == finding_status::undecided) f.other = count;
          continue;
        }
        row.findings = decide_statements(L, dx, H, facts_from_rules(L, dx, H));  // re-decide in 100 digits
        break;
      }
      m.rows.push_back(std::move(row));
    }
  }
  return m;
}

}  // namespace seprank
