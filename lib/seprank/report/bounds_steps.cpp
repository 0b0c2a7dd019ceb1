#include "seprank/report/bounds_steps.hpp"

#include <algorithm>

#include "seprank/report/answer.hpp"
#include "seprank/report/findings.hpp"
#include "seprank/report/format.hpp"

namespace seprank {
namespace {

using S = claim_status;

const statement_finding* finding_for(const paper_comparison& cmp, paper_statement s) {
  for (const auto& f : cmp.findings)
    if (f.statement == s) return &f;
  return nullptr;
}

// The step's tag from its findings: contradicted when a claimed statement is, verified when every claimed one holds
// (certified), else paper (the tag agrees with the values below it).
claim_status tag_of(const paper_comparison& cmp, std::initializer_list<paper_statement> statements) {
  bool claimed = false, all_hold = true;
  for (paper_statement s : statements) {
    const statement_finding* f = finding_for(cmp, s);
    if (!f || !f->claimed) continue;
    claimed = true;
    if (f->status == verdict::contradicted) return S::contradicted;
    all_hold = all_hold && f->defined && f->status == verdict::holds;
  }
  return claimed && all_hold ? S::verified : S::paper;
}

// The finding's status and evidence as a value line.
void add_finding(derivation_step& st, const paper_comparison& cmp, paper_statement s, const std::string& name) {
  const statement_finding* f = finding_for(cmp, s);
  if (!f) return;
  st.values.push_back({name, answer_verdict(*f) + ": " + evidence_text(*f)});
  for (const auto& id : evidence_steps(*f))
    if (std::find(st.rests_on.begin(), st.rests_on.end(), id) == st.rests_on.end()) st.rests_on.push_back(id);
}

std::string audit_note(const paper_comparison& cmp) {
  if (cmp.skipped == audit_skip::none) return "";
  std::string reason = audit_skip_reason(cmp.skipped);
  reason[0] = 'T';
  return " " + reason + ": not audited here.";
}

}  // namespace

derivation_step paper_upper_step(const paper_comparison& cmp) {
  const paper_bounds& p = cmp.paper;
  const bool th2 = p.theorem() == 2;
  const big_float& upper = p.upper_log3();
  derivation_step st{
      th2 ? "The paper's Theorem 2 upper bound (eq. 8), as transcribed from the print and as a reading of it"
          : "The paper's Theorem 1 upper bound (eq. 7)",
      th2 ? "$log_3 sep <= 2 d_x L + c_1 + c_2$, $c_1 = L$, $c_2 = -2 d_x log_3((d_x/2) sqrt(2 sqrt(2e))) + log_3 d_x$ "
            "(as transcribed from eq. 8 as printed in the NeurIPS 2020 paper, section 4); read with the nested root as a flattened fraction (a hypothesis about the print, not "
            "the paper's text): $c_2' = -2 d_x log_3(d_x / (2 sqrt(2e))) + log_3 d_x$"
          : "$log_3 sep <= ((3^L - 1)/2) log_3(d_x + H)$, i.e. $sep <= (d_x + H)^C$",
      {},
      S::paper,
      std::string(p.hypothesis_holds() ? ""
                                       : "the theorem's hypothesis $L > log_3 d_x$ does not hold here ($3^L = d_x$); "
                                         "values shown for comparison. ") +
          "The bound is the paper's statement (for almost every weight); it holds here (certified) when a certified upper "
          "bound is at or below it, and is contradicted when a certified lower bound is above it (docs/theory.md, "
          "section 13)." +
          audit_note(cmp),
      "paper-upper-bound"};
  if (th2)
    st.values = {decimal_value("$c_1$", p.t2.c1),
                 decimal_value("$c_2$ (as transcribed from the printed eq. 8)", p.t2.c2),
                 {"$2 d_x L + c_1 + c_2$", format_float(upper) + " ($sep <= " + format_power_of_three(upper) + "$)"},
                 decimal_value("$c_2'$ (read as a fraction)", p.t2.c2_fraction),
                 {"$2 d_x L + c_1 + c_2'$", format_float(p.t2.upper_log3_fraction) +
                                                " ($sep <= " + format_power_of_three(p.t2.upper_log3_fraction) + "$)"}};
  else
    st.values = {decimal_value("$C log_3(d_x + H)$", upper), p.t1.upper_exact
                                                                 ? exact_value("$(d_x + H)^C$", p.t1.upper)
                                                                 : power_of_three_value("$(d_x + H)^C$", upper)};
  st.values.push_back({"the Gram count (step n-free-bound), $log_3$",
                       format_float(cmp.count_log3) + (cmp.count_within_paper_upper ? " (at or below the printed bound)"
                                                                                    : " (above the printed bound)")});
  st.values.push_back({"the paper's route (step element-ranks), $log_3$",
                       format_float(cmp.route_log3) +
                           (cmp.route_within_paper_upper ? " (at or below the printed bound: the route gives it)"
                                                         : " (above the printed bound: the route does not give it)")});
  if (th2) {
    add_finding(st, cmp, paper_statement::theorem2_upper_printed, "as transcribed from the printed eq. 8");
    add_finding(st, cmp, paper_statement::theorem2_upper_fraction, "read as a fraction");
    st.status = tag_of(cmp, {paper_statement::theorem2_upper_printed, paper_statement::theorem2_upper_fraction});
  } else {
    add_finding(st, cmp, paper_statement::theorem1_upper, "the bound");
    st.status = tag_of(cmp, {paper_statement::theorem1_upper});
  }
  return st;
}

derivation_step paper_lower_step(const paper_comparison& cmp) {
  const paper_bounds& p = cmp.paper;
  const bool th2 = p.theorem() == 2;
  derivation_step st{
      th2 ? "The paper's Theorem 2 lower bound (eq. 8)" : "The paper's Theorem 1 lower bound (eq. 7)",
      th2 ? "$log_3 sep >= (1/2) d_x L + b_1 + b_2$, $b_1 = -L (H/2 + 1)$, $b_2 = -d_x (1 + (1/2) log_3((d_x - H)/2))$"
          : "$log_3 sep >= 3^{L-2} (log_3(d_x - H) + a)$, $a = -L + 2 - log_3 2$",
      {},
      S::paper,
      std::string(p.reg == regime::threshold
                      ? "the theorem's hypothesis $L > log_3 d_x$ does not hold here ($3^L = d_x$); "
                        "values shown for comparison. "
                      : "") +
          "The bound is the paper's statement (for almost every weight); it holds here (certified) when a certified lower "
          "bound is at or above it, and is contradicted when a certified upper bound is below it (docs/theory.md, "
          "section 13)." +
          audit_note(cmp),
      "paper-lower-bound"};
  if (!p.lower_defined()) {
    st.values = {{"value", "undefined: $d_x = H$ makes $log_3(d_x - H)$ undefined"}};
    return st;
  }
  const big_float& lower = p.lower_log3();
  if (th2)
    st.values = {decimal_value("$b_1$", p.t2.b1), decimal_value("$b_2$", p.t2.b2),
                 decimal_value("$(1/2) d_x L + b_1 + b_2$", lower)};
  else
    st.values = {decimal_value("$a$", p.t1.a), decimal_value("$3^{L-2} (log_3(d_x - H) + a)$", lower)};
  if (lower <= 0)
    st.values.push_back(
        {"vacuous", "yes: it only says $log_3 sep >= " + format_float(lower, 3) + "$, true of every nonzero function"});
  else
    st.values.push_back({"as a number", "$sep >= " + format_power_of_three(lower) + "$"});
  add_finding(st, cmp, th2 ? paper_statement::theorem2_lower : paper_statement::theorem1_lower, "the bound");
  st.status = tag_of(cmp, {th2 ? paper_statement::theorem2_lower : paper_statement::theorem1_lower});
  return st;
}

}  // namespace seprank
