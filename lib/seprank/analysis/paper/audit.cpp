#include "seprank/analysis/paper/audit.hpp"

#include <limits>

#include <algorithm>
#include <cmath>
#include <optional>

#include "seprank/analysis/paper/certified_table.hpp"
#include "seprank/analysis/paper/gram_count.hpp"
#include "seprank/analysis/paper/refined_gram_count.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {

bool is_upper(paper_statement s) {
  return s == paper_statement::theorem1_upper || s == paper_statement::theorem2_upper_printed ||
         s == paper_statement::theorem2_upper_fraction;
}

namespace {

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
verdict decide(bool upper_statement, const F& bound, const F& lower, const std::optional<F>& upper) {
  if (upper_statement) {
    if (lower > bound) return verdict::contradicted;
    if (upper && *upper <= bound) return verdict::holds;
  } else {
    if (bound <= lower) return verdict::holds;
    if (upper && *upper < bound) return verdict::contradicted;
  }
  return verdict::undecided;
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
  out.reserve(std::size(all_paper_statements));
  for (paper_statement s : all_paper_statements) {
    statement_finding f;
    f.statement = s;
    f.claimed = theorem_of(s) == 1 ? reg == regime::depth_efficient : reg == regime::depth_inefficient;
    f.defined = is_upper(s) || v.lower_defined;
    f.bound_log3 = big_float(bound_of(s, v));
    f.evidence = facts.lower;
    if (!f.claimed) {
      f.status = verdict::not_claimed;
    } else if (!f.defined) {
      f.status = verdict::undecided;
    } else {
      const bool exact = s == paper_statement::theorem1_upper && theorem1_upper && facts.upper && facts.upper->value > 0 &&
                         facts.lower.value > 0;
      f.status = exact ? decide<big_int>(true, *theorem1_upper, facts.lower.value, facts.upper->value)
                       : decide(is_upper(s), bound_of(s, v), lower, upper);
      const bool by_upper = (f.status == verdict::holds) == is_upper(s);
      if (f.status != verdict::undecided && by_upper && facts.upper) f.evidence = *facts.upper;
      if (f.status != verdict::undecided && !by_upper) {
        // The lower bound decides it: state it from the smallest N among the lower bounds that decide it
        // too (compared in 100 digits, and only when clear of the bound by 1e-9).
        std::optional<big_float> clear;  // the bound plus the margin, made when first needed
        static const sep_bound nonzero{};  // sep >= 1 holds at every N
        std::vector<const sep_bound*> others{&nonzero};
        for (const auto& alt : facts.alternatives) others.push_back(&alt);
        for (const sep_bound* a : others) {
          const sep_bound& alt = *a;
          if (alt.from_N() >= f.evidence.from_N()) continue;
          static const big_float relative("1e-9");
          if (!clear) clear = f.bound_log3 + relative * (1 + abs(f.bound_log3));
          if (alt.log3 >= *clear) f.evidence = alt;
        }
      }
      // A vacuous lower bound (3^B <= 1, clear of 1 by the margin) holds by sep >= 1 at every N, whatever decided it.
      static const big_float vacuous_below("-1e-9");
      if (f.status == verdict::holds && !is_upper(s) && f.bound_log3 <= vacuous_below) f.evidence = sep_bound{};
      if (f.status != verdict::undecided) f.from_N = f.evidence.from_N();
      if (f.status == verdict::undecided) f.other = facts.upper;
    }
    out.push_back(f);
  }
  return out;
}

}  // namespace

int sep_bound::from_N() const {
  if (source != sep_source::computed && source != sep_source::table && source != sep_source::hessian_bound) return 0;
  return N > 0 ? N : 2 * dx + 2;
}

std::vector<statement_finding> statement_findings(long L, const big_int& dx, const big_int& H, const sep_facts& facts) {
  std::optional<big_float> upper;
  if (facts.upper) upper = facts.upper->log3;
  const theorem1_bounds t1 = theorem1(L, dx, H);
  return findings_from(regime_of(L, dx), paper_log3(L, big_float(dx), big_float(H)), facts.lower.log3, upper, facts,
                       t1.upper_exact ? &t1.upper : nullptr);
}

sep_bound gram_count_sep_bound(long L, long dx) {
  const gram_count_result g = gram_count(L, dx);
  sep_bound b;
  b.source = sep_source::gram_count;
  b.count_exact = g.exact;
  b.value = g.exact ? g.value : big_int(0);
  b.log3 = g.log3;
  return b;
}

sep_bound upper_sep_bound(long L, long dx, long H) { return upper_sep_bound(L, dx, H, gram_count_sep_bound(L, dx)); }

sep_bound upper_sep_bound(long L, long dx, long H, const sep_bound& count) {
  sep_bound b = count;
  if (H != 1 || !b.count_exact || annihilator_dimension_every_weight(L, dx) < 0) return b;
  const refined_gram_count_result refined = refined_gram_count_every_weight(L, dx, b.value);
  if (refined.by == refined_by::none) return b;
  b.source = sep_source::refined_count;
  b.refined = refined.by;
  b.value = refined.value;
  b.log3 = log3(big_float(refined.value));
  return b;
}

std::optional<sep_bound> hessian_sep_bound(long L, long dx, long H, bool exact_value, long N) {
  auto h = best_hessian_lower_bound(L, dx, H, exact_value, N);
  if (!h) return std::nullopt;
  sep_bound b;
  b.source = sep_source::hessian_bound;
  b.value = h->exact ? h->value : big_int(0);
  b.log3 = h->log3_lower;
  b.N = h->padded ? static_cast<int>(h->from_N) : 0;  // padded: from the narrower network's 2 H width + 2
  b.dx = static_cast<int>(std::min<long>(dx, 1000000000L));
  b.hessian = std::make_shared<const hessian_lower_bound>(std::move(*h));
  return b;
}

sep_facts sep_facts_of(std::vector<sep_bound> candidates) {
  // Of equal values: sep >= 1 (every N), then this run's own certificate, then the one holding from the smaller N.
  auto preference = [](const sep_bound& b) {
    return std::make_pair(b.source == sep_source::nonzero ? 0 : b.source == sep_source::computed ? 1 : 2, b.from_N());
  };
  // Exact values compare exactly; a bound known only in log_3 (value 0) by its logarithm.
  auto larger = [](const sep_bound& a, const sep_bound& b) { return a.value > 0 && b.value > 0 ? a.value > b.value : a.log3 > b.log3; };
  auto equal = [](const sep_bound& a, const sep_bound& b) { return a.value > 0 && b.value > 0 ? a.value == b.value : a.log3 == b.log3; };
  sep_facts f;
  for (auto& c : candidates) {
    if (larger(c, f.lower) || (equal(c, f.lower) && preference(c) < preference(f.lower))) std::swap(c, f.lower);
    if (c.source != sep_source::nonzero) f.alternatives.push_back(std::move(c));
  }
  return f;
}

// The table's values at (L, d_x, H), carried by zero padding from widths d_x' <= d_x with H dividing both,
// that hold at N (every one when N = 0).
std::vector<sep_bound> table_bounds(long L, long dx, long H, int N) {
  static const std::vector<sep_bound> all = [] {  // the table as facts, logarithms taken once
    std::vector<sep_bound> v;
    for (const auto& e : certified_table()) {
      sep_bound b;
      b.source = sep_source::table;
      b.value = e.sep, b.N = e.N, b.dx = e.dx;
      b.log3 = log3(big_float(b.value));
      v.push_back(b);
    }
    return v;
  }();
  std::vector<sep_bound> out;
  if (dx % H != 0) return out;
  const auto& table = certified_table();
  for (std::size_t k = 0; k < table.size(); ++k) {
    const auto& e = table[k];
    if (e.L != L || e.H != H || e.dx > dx || (N > 0 && all[k].from_N() > N)) continue;
    out.push_back(all[k]);
  }
  return out;
}

namespace {

// The table's values and the proven bound of section 15 (when it holds at N).
std::vector<sep_bound> lower_candidates(long L, long dx, long H, long N, bool exact_value = true) {
  std::vector<sep_bound> c = table_bounds(L, dx, H, static_cast<int>(std::min<long>(N, 1L << 30)));
  if (auto h = hessian_sep_bound(L, dx, H, exact_value, N); h && (N == 0 || h->from_N() <= N)) c.push_back(std::move(*h));
  return c;
}

}  // namespace

sep_facts rule_facts(long L, long dx, long H, long N) {
  sep_facts f = sep_facts_of(lower_candidates(L, dx, H, N));
  f.upper = upper_sep_bound(L, dx, H);
  return f;
}

proven_bounds proven_bounds_of(long L, long dx, long H, long N) {
  proven_bounds b;
  b.N = N;
  b.facts = rule_facts(L, dx, H, N);
  if (b.facts.lower.hessian) b.lower = *b.facts.lower.hessian;
  for (const sep_bound& f : b.facts.alternatives) if (f.hessian) b.lower = *f.hessian;
  b.slopes = growth_slopes_of(dx, H, N);
  b.findings = statement_findings(L, dx, H, b.facts);
  b.gram_count = gram_count_sep_bound(L, dx);
  b.elsewhere = printed_upper_failure_near(L, dx, H);
  return b;
}

double printed_margin_log3(const statement_finding& f) {
  if (!f.claimed || !f.defined || !is_upper(f.statement)) return std::numeric_limits<double>::quiet_NaN();
  if (f.status == verdict::undecided) return 0;
  return static_cast<double>(f.bound_log3.convert_to<long double>() - f.evidence.log3.convert_to<long double>());
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

audit_map audit_map_of(const std::vector<int>& Ls, const std::vector<long>& dxs, long H, bool exact_counts, long N,
                       const audit_row_sink& sink) {
  audit_map m;
  m.L = Ls, m.dx = dxs, m.H = H, m.N = N;
  auto keep = [&](audit_row&& row) {
    if (sink) sink(std::move(row));
    else m.rows.push_back(std::move(row));
  };
  const long double margin = 1e-9L;
  for (long dx : dxs) {
    if (dx % H != 0) {
      ++m.skipped_not_dividing;
      continue;
    }
    for (int L : Ls) {
      check_interrupt();  // Ctrl-C (KeyboardInterrupt in Python) and --time-limit, between rows
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
      // refine_window here (2.45e-4 at L = 3, d_x = 7, the largest over L <= 20, d_x <= 10,000), so only rows with a printed bound within
      // the window below the count are decided again from the exact facts; elsewhere the plain count decides the
      // same statuses (a weaker upper bound: never a wrong status).
      const bool refinable = H == 1 && annihilator_dimension_every_weight(L, dx) >= 0 && count.usable && count.log3 < 2090;
      const long double refine_window = 0.01L;
      if (!count.usable) {  // long double cannot bound the count closely enough: 100 digits throughout
        row.findings = statement_findings(L, dx, H, rule_facts(L, dx, H, N));
        keep(std::move(row));
        continue;
      }
      // Fast path: every number in long double; a comparison closer than the margin (or than the count's
      // rounding bound) re-decides the whole configuration in 100-digit arithmetic.
      const auto v = paper_log3<long double>(L, static_cast<long double>(dx), static_cast<long double>(H));
      sep_facts facts = sep_facts_of(lower_candidates(L, dx, H, N, false));  // near-ties: exact values below
      sep_bound upper_fact;
      upper_fact.source = sep_source::gram_count;
      upper_fact.count_exact = false;
      upper_fact.value = 0;
      upper_fact.log3 = big_float(count.log3);
      facts.upper = upper_fact;
      const long double lower = facts.lower.log3.convert_to<long double>(), upper = count.log3;
      row.findings = findings_from<long double>(row.reg, v, lower, upper, facts);
      for (auto& f : row.findings) {
        if (f.status == verdict::not_claimed || !f.defined) continue;
        const long double b = bound_of(f.statement, v), scale = 1 + std::fabs(b);
        const bool near_refined = refinable && b <= upper + margin * scale && b >= upper - refine_window;
        if (!near_refined && std::fabs(b - lower) >= margin * scale && std::fabs(b - upper) >= std::max(margin * scale, 2 * count.error))
          continue;
        if (f.statement == paper_statement::theorem1_upper && L <= 4) {
          // A tie with Theorem 1's integer bound (d_x + H)^C (L = 1, H = 1: the count is d_x + 1): exact integers.
          const sep_bound exact_count = upper_sep_bound(L, dx, H);
          const big_int bound = theorem1_upper_integer(L, dx, H);
          f.status = decide<big_int>(true, bound, f.evidence.value, exact_count.value);
          f.from_N = 0;
          if (f.status == verdict::holds) f.evidence = exact_count;
          if (f.status == verdict::contradicted) f.from_N = f.evidence.from_N();
          if (f.status == verdict::undecided) f.other = exact_count;
          continue;
        }
        row.findings = statement_findings(L, dx, H, rule_facts(L, dx, H, N));  // re-decide in 100 digits
        break;
      }
      keep(std::move(row));
    }
  }
  return m;
}

}  // namespace seprank
