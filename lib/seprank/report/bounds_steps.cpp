#include "seprank/report/bounds_steps.hpp"

#include "seprank/report/format.hpp"

namespace seprank {
namespace {

using S = claim_status;

}  // namespace

derivation_step paper_upper_step(const paper_comparison& cmp) {
  const paper_bounds& p = cmp.paper;
  const bool th2 = p.theorem() == 2;
  const big_float& upper = p.upper_log3();
  const bool hypothesis = p.hypothesis_holds();
  derivation_step st{th2 ? "The paper's Theorem 2 upper bound (eq. 8)" : "The paper's Theorem 1 upper bound (eq. 7)",
                     th2 ? "log_3 sep <= 2 d_x L + c_1 + c_2, c_1 = L, c_2 = -2 d_x log_3((d_x/2) sqrt(2 sqrt(2e))) + log_3 d_x"
                         : "log_3 sep <= ((3^L - 1)/2) log_3(d_x + H), i.e. sep <= (d_x + H)^C",
                     {},
                     S::paper,
                     std::string(hypothesis ? "" : "the theorem's hypothesis L > log_3 d_x does not hold here (3^L = d_x); values shown for comparison. ") +
                         "The bound is the paper's statement; the comparisons below are exact or 100-digit computations"};
  if (th2)
    st.values = {{"c_1", format_float(p.t2.c1)}, {"c_2", format_float(p.t2.c2)}, {"2 d_x L + c_1 + c_2", format_float(upper)},
                 {"as a number", format_power_of_three(upper)}};
  else
    st.values = {{"C log_3(d_x + H)", format_float(upper)},
                 {"(d_x + H)^C", p.t1.upper_exact ? str(p.t1.upper) : format_power_of_three(upper)}};
  const bool below = cmp.count_within_paper_upper;
  st.values.push_back({"our N-independent bound, log_3", format_float(cmp.count_log3) + (below ? " (below the paper's bound)" : " (ABOVE the paper's bound)")});
  if (cmp.sep_within_paper_upper) {
    const bool holds = *cmp.sep_within_paper_upper;
    st.values.push_back({"exact sep vs the bound", holds ? "holds" : "VIOLATED: the computed rank exceeds the paper's bound as printed"});
    if (!holds) st.status = S::failed;
  }
  return st;
}

derivation_step paper_lower_step(const network_config& c, const paper_comparison& cmp) {
  const paper_bounds& p = cmp.paper;
  const bool th2 = p.theorem() == 2;
  const bool defined = p.lower_defined();
  derivation_step st{th2 ? "The paper's Theorem 2 lower bound (eq. 8)" : "The paper's Theorem 1 lower bound (eq. 7)",
                     th2 ? "log_3 sep >= (1/2) d_x L + b_1 + b_2, b_1 = -L (H/2 + 1), b_2 = -d_x (1 + (1/2) log_3((d_x - H)/2))"
                         : "log_3 sep >= 3^{L-2} (log_3(d_x - H) + a), a = -L + 2 - log_3 2",
                     {},
                     S::paper,
                     std::string(p.reg == regime::threshold ? "the theorem's hypothesis L > log_3 d_x does not hold here (3^L = d_x); values shown for comparison. " : "") +
                         "The bound is the paper's statement (for almost every weight); it is compared with the certified values"};
  if (!defined) {
    st.values = {{"value", "undefined: d_x = H makes log_3(d_x - H) undefined"}};
    return st;
  }
  const big_float& lower = p.lower_log3();
  if (th2)
    st.values = {{"b_1", format_float(p.t2.b1)}, {"b_2", format_float(p.t2.b2)}, {"(1/2) d_x L + b_1 + b_2", format_float(lower)}};
  else
    st.values = {{"a", format_float(p.t1.a)}, {"3^{L-2} (log_3(d_x - H) + a)", format_float(lower)}};
  if (lower <= 0) st.values.push_back({"vacuous", "yes: it only says sep >= 3^(" + format_float(lower, 3) + ") <= 1, true of every nonzero function"});
  else st.values.push_back({"as a number", format_power_of_three(lower)});
  if (cmp.sep_meets_paper_lower)
    st.values.push_back({"exact sep at N = " + str(static_cast<long long>(c.N)), *cmp.sep_meets_paper_lower ? "satisfies it" : "below it (the bound may need larger N)"});
  if (cmp.gram_meets_paper_lower)
    st.values.push_back({"Gram rank (N -> infinity)", *cmp.gram_meets_paper_lower ? "satisfies it" : "BELOW it: the computation and the paper disagree"});
  if (cmp.gram_meets_paper_lower && !*cmp.gram_meets_paper_lower) st.status = S::failed;
  return st;
}

}  // namespace seprank
