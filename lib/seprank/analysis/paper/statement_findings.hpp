// The statements of Theorems 1 and 2 (lower, upper; c_2 as printed and read as a fraction) decided at one
// configuration from the facts about sep (docs/theory.md, section 13): holds, contradicted or undecided, or not
// claimed there (outside the theorem's hypothesis), each with the fact that decides it and the N it holds from.
// contradicted: a statement the paper claims here is refuted by a certified computation.
// not_claimed: the theorem's hypothesis does not hold here, so the paper states nothing.
#pragma once
#include <iterator>
#include <optional>
#include <vector>

#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/analysis/paper/sep_facts.hpp"
#include "seprank/model/verdict.hpp"

namespace seprank {

enum class paper_statement {
  theorem1_lower,
  theorem1_upper,
  theorem2_lower,
  theorem2_upper_printed,
  theorem2_upper_fraction
};
inline constexpr paper_statement all_paper_statements[] = {
    paper_statement::theorem1_lower, paper_statement::theorem1_upper, paper_statement::theorem2_lower,
    paper_statement::theorem2_upper_printed, paper_statement::theorem2_upper_fraction};

// An upper bound of the paper (Theorem 1 upper, Theorem 2 upper in either reading).
bool is_upper(paper_statement s);

struct statement_finding {
  paper_statement statement;
  bool claimed = false;      // the theorem's hypothesis holds here
  bool defined = true;       // the bound is defined (lower bounds need d_x > H)
  big_float bound_log3 = 0;  // the paper's bound, log_3
  verdict status = verdict::undecided;
  sep_bound evidence;              // the fact that decides it (proved, contradicted); the nearest facts otherwise
  std::optional<sep_bound> other;  // undecided: the fact on the other side
  // proved, contradicted: the status holds for balanced partitions at every N >= from_N (0: every N); it is
  // the evidence's from_N, the smallest among the certified facts that decide it.
  int from_N = 0;
};

// How far a decided upper bound of the paper lies from the nearest proven bound, in log_3: the printed bound minus the
// deciding fact's log_3 (negative when contradicted: the proven lower bound lies that far above it; at least 0 when
// proved: that far above the proven upper bound); 0 when undecided (inside the proven interval); NaN when not claimed,
// undefined, or a lower bound of the paper.
double printed_margin_log3(const statement_finding& f);

// Decides every statement at (L, d_x, H) from the facts.
std::vector<statement_finding> statement_findings(long L, const big_int& dx, const big_int& H, const sep_facts& facts);

// The decision of section 13 in the floating type F, shared by statement_findings (100 digits) and the audit map's
// long-double fast path.
namespace detail {

inline int theorem_of(paper_statement s) {
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
      const bool exact = s == paper_statement::theorem1_upper && theorem1_upper && facts.upper &&
                         facts.upper->value > 0 && facts.lower.value > 0;
      f.status = exact ? decide<big_int>(true, *theorem1_upper, facts.lower.value, facts.upper->value)
                       : decide(is_upper(s), bound_of(s, v), lower, upper);
      const bool by_upper = (f.status == verdict::holds) == is_upper(s);
      if (f.status != verdict::undecided && by_upper && facts.upper) f.evidence = *facts.upper;
      if (f.status != verdict::undecided && !by_upper) {
        // The lower bound decides it: state it from the smallest N among the lower bounds that decide it
        // too (compared in 100 digits, and only when clear of the bound by 1e-9).
        std::optional<big_float> clear;    // the bound plus the margin, made when first needed
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

}  // namespace detail

}  // namespace seprank
