#include "seprank/report/psi_span_steps.hpp"

#include "seprank/report/format.hpp"
#include "seprank/report/structure_steps.hpp"

namespace seprank {
namespace {

using S = claim_status;

std::string gamma_text(const std::vector<unsigned long>& gamma) {
  std::string s = "(";
  for (std::size_t v = 0; v < gamma.size(); ++v) s += (v ? "," : "") + std::to_string(gamma[v]);
  return s + ")";
}

}  // namespace

derivation_step space_step(const structure_analysis& s, const psi_span_analysis& f, bool basis) {
  const auto& c = s.cfg;
  const bool agree = f.dim_agrees();
  derivation_step st{
      "The monomial space $V$ of the kernel $psi$ (proof sketch of Theorem 2)",
      "$y_p = <T_p, psi>$ with $psi = x^i (x) M^{(x)C}$: a linear functional on the span $V$ of the coordinates "
      "$x^i_r m(M)$, $m$ a monomial of degree $" +
          std::string(c.residual ? "<= C" : "C") +
          "$ in the $D = d_x(d_x+1)/2$ entries $M_ab$ of $M$ (written m{a}_{b} in plain text)",
      {exact_value("$D$", static_cast<long long>(f.D)),
       exact_value("$C$", static_cast<long long>(f.C)),
       {"$dim V$ by formula",
        "$" + str(f.dim_formula) + (c.residual ? " = d_x * binom(D + C, C)$" : " = d_x * multichoose(D, C)$")},
       {"$dim V$ by enumeration",
        f.enumerated ? str(f.dim_enumerated) : "not enumerated (more than 5000000)",
        {},
        f.enumerated ? exact_json(f.dim_enumerated) : json()},
       {"coordinates used by $y_p$", str(static_cast<long long>(f.used_coordinates)) + " of " + str(f.dim_formula) +
                                         " (" + str(static_cast<long long>(f.used_gammas)) +
                                         " distinct monomials $m$)"}},
      f.enumerated ? status_of_check(agree, S::verified) : S::computed,
      (f.enumerated
           ? "the formula and a direct enumeration of the monomials " + std::string(agree ? "agree" : "DISAGREE")
           : std::string("formula only (too many monomials to enumerate)")) +
          "; the used coordinates are the terms of row $p$ of $A_L(M)$, " + gram_form_citation(s),
      "kernel-space",
      {"gram-form"}};
  step_value list{basis ? "basis of the used coordinates" : "first used coordinates", ""};
  list.data = json::array();
  const long shown = static_cast<long>(f.listed.size());
  for (const auto& x : f.listed) {
    const std::string m = monomial_text(x.gamma, s.gram.ring);
    list.items.push_back("$x^i_" + std::to_string(x.r + 1) + "*" + m + "$");
    list.data.push_back(json{{"r", x.r + 1}, {"monomial", m}});
  }
  if (f.used_coordinates > shown)
    list.items.push_back("... (" + str(static_cast<long long>(f.used_coordinates - shown)) + " more" +
                         (basis ? "; raise --basis-limit)" : "; --basis lists them)"));
  st.values.push_back(list);
  return st;
}

derivation_step element_step(const psi_span_analysis& f, const element_rank_check& e) {
  const bool all = static_cast<long>(f.checked_gammas.size()) == f.used_gammas;
  const std::string checked =
      all ? "checked on all " + str(static_cast<long long>(static_cast<long>(f.checked_gammas.size()))) +
                " used monomials $m$"
          : "checked on " + str(static_cast<long long>(static_cast<long>(f.checked_gammas.size()))) +
                " sampled elements";
  derivation_step st{
      "Separation rank of each basis element, and the paper's route (basis of $V$, subadditivity)",
      "with the partition's $M = M_A + M_B$ ($x^i$ in $A$), $sep(x^i_r m_gamma(M_A + M_B)) = prod_v (gamma_v + 1)$: expanding each "
      "factor gives one term $m_alpha(M_A) m_beta(M_B)$ per split $gamma = alpha + beta$, with distinct monomials on both sides. "
      "Grouping $y_p$ by the monomials $m$ gives the paper's route: $sep <=$ the sum over the used monomials $m$ of $prod_v (gamma_v + 1)$",
      {{"smallest, largest $prod (gamma_v + 1)$ over the used $m$",
        str(f.element_rank_min) + ", " + str(f.element_rank_max)},
       {"sum over the used monomials $m$ (the route's bound)",
        str(f.element_rank_sum) + " ($log_3 = " + log3_text(f.element_rank_sum) + "$)"},
       {"formula " + checked, e.stopped ? "not checked (the time limit)"
                                        : str(static_cast<long long>(e.agree)) + " of " +
                                              str(static_cast<long long>(static_cast<long>(f.checked_gammas.size()))) +
                                              " agree"}},
      e.stopped ? S::skipped : status_of_check(e.holds(), S::verified),
      e.stopped
          ? std::string("the run reached its time limit (--time-limit) while the results store was locked by another "
                        "process: the element ranks were not checked")
          : std::string(all ? "every used monomial m"
                            : "monomials m drawn uniformly without replacement (seeded) from all " +
                                  str(static_cast<long long>(f.used_gammas)) + " used ones") +
                ": for each, the coefficient matrix of $m(M_A + M_B)$ in the $2|supp gamma|$ variables $(M_A)_v$, $(M_B)_v$, $v$ in the "
                "support of $gamma$ (at most " +
                std::to_string(2 * f.checked_max_support) +
                " variables here), was built and its rank certified independently of the formula; the used monomials are "
                "the terms of the computed Gram form (step gram-form)",
      "element-ranks",
      {"gram-form"}};
  if (!e.stopped) note_store(st, e.units, "element ranks");
  return st;
}

result_table basis_table(const structure_analysis& s, const psi_span_analysis& f) {
  result_table t;
  t.title = "Used monomials $m$ of row $p$ of $A_L(M)$, with the separation rank of $m(M_A + M_B)$";
  t.header = {
      "$m$",
      "$gamma$ (exponents of $m1_1, m1_2, ..., m" + std::to_string(s.cfg.dx) + "_" + std::to_string(s.cfg.dx) + "$)",
      "$prod (gamma_v + 1)$"};
  for (const auto& [gamma, rank] : f.listed_monomials)
    t.rows.push_back(
        {"$" + monomial_text(gamma, s.gram.ring) + "$", "$" + gamma_text(gamma) + "$", {str(rank), exact_json(rank)}});
  if (static_cast<long>(f.listed_monomials.size()) < f.used_gammas)
    t.rows.push_back({"... (" +
                          str(static_cast<long long>(f.used_gammas - static_cast<long>(f.listed_monomials.size()))) +
                          " more; raise --basis-limit)",
                      "", ""});
  return t;
}

derivation_step n_free_step(const structure_analysis& s, const psi_span_analysis& f) {
  derivation_step st{
      "The $N$-independent upper bound (the sums over $j_1..j_C$ remove $N$)",
      "$y$ depends on the $B$ inputs only through $M_B = sum_{j in B} x^j x^j^T$, a $d_x x d_x$ symmetric matrix for every $N$. "
      "The part of $y$ of degree $k$ in $M_B$ has at most $multichoose(D, k)$ $B$-side functions (monomials in $M_B$) and at most "
      "$d_x multichoose(D, C - k)$ $A$-side ones ($x^i_r$ times monomials in $M_A$), so for every weight and every $N$ "
      "$sep <= sum_k min(d_x * multichoose(D, C - k), multichoose(D, k))$ (the Gram count) $<= binom(D + C, C)$",
      {{"$binom(D + C, C)$", str(f.binom_bound) + " ($log_3 = " + log3_text(f.binom_bound) + "$)"},
       {s.cfg.residual ? "Gram count $sum_k min(d_x mc(D + 1, C-k), mc(D, k))$"
                       : "Gram count $sum_k min(d_x mc(D, C-k), mc(D, k))$",
        str(f.gram_count) + " ($log_3 = " + log3_text(f.gram_count) + "$)"},
       {"depends on $N$", "no: neither count involves $N$"}},
      S::computed,
      "exact integer counts; the argument (docs/theory.md, sections 3-4) proves the Gram form $y = A_L(M) x^i$ for every "
      "weight and the count from it, so the bound needs no computation of $A_L$ (the computed one is checked as well: " +
          gram_form_citation(s) + "). This is the certificate for upper bounds: the Gram-form argument plus the count",
      "n-free-bound"};
  if (s.annihilators.proven() && f.refined_gram_count != f.gram_count) {  // docs/theory.md, section 14
    st.values.insert(
        st.values.begin() + 2,
        step_value{"the Gram count minus the proven rank-one annihilators (section 14)",
                   str(f.refined_gram_count) + " (a proven upper bound, not the rank, " +
                       (s.annihilators.every_weight() ? "for every weight"
                                                      : "for these weights only: not the claim's every weight") +
                       ": the Gram count minus $" + str(s.annihilators.loss) + "$; step annihilators)",
                   {},
                   exact_json(f.refined_gram_count)});
    st.check += "; the refinement rests on the lemma of section 14 and the exact tests of step annihilators";
  }
  return st;
}

}  // namespace seprank
