#include "seprank/report/kernel_space_steps.hpp"

#include "seprank/report/format.hpp"

namespace seprank {
namespace {

using S = claim_status;

}  // namespace

derivation_step space_step(const structure_analysis& s, const kernel_space_analysis& f, bool basis) {
  const auto& c = s.cfg;
  const bool agree = !f.enumerated || f.dim_enumerated == f.dim_formula;
  derivation_step st{"The monomial space V of the kernel psi (proof sketch of Theorem 2)",
                     "y_p = <T_p, psi> with psi = x^i (x) M^{(x)C}: a linear functional on the span V of the coordinates "
                     "x^i_r m(M), m a monomial of degree " + std::string(c.residual ? "<= C" : "C") +
                         " in the D = d_x(d_x+1)/2 entries of M",
                     {{"D", str(static_cast<long long>(f.D))},
                      {"C", str(static_cast<long long>(f.C))},
                      {"dim V by formula", str(f.dim_formula) + (c.residual ? " = d_x * binom(D + C, C)" : " = d_x * multichoose(D, C)")},
                      {"dim V by enumeration", f.enumerated ? str(f.dim_enumerated) : "not enumerated (more than 5000000)"},
                      {"coordinates used by y_p", str(static_cast<long long>(f.used_coordinates)) + " of " + str(f.dim_formula) +
                                                      " (" + str(static_cast<long long>(f.used_gammas)) + " distinct monomials m)"}},
                     f.enumerated ? (agree ? S::verified : S::failed) : S::computed,
                     f.enumerated ? "the formula and a direct enumeration of the monomials " + std::string(agree ? "agree" : "DISAGREE") +
                                        "; the used coordinates are the terms of row p of A_L(M) (Gram form, verified above)"
                                  : "formula only; the used coordinates are the terms of row p of A_L(M)"};
  // Basis listing: all (with --basis, when small) or the first entries.
  std::string list;
  const long shown = static_cast<long>(f.listed.size());
  for (const auto& x : f.listed) list += "\n      x^i_" + std::to_string(x.r + 1) + "*" + monomial_text(x.gamma, s.gram.ring);
  if (f.used_coordinates > shown)
    list += "\n      ... (" + str(static_cast<long long>(f.used_coordinates - shown)) + " more" +
            (basis ? "; raise --basis-limit)" : "; --basis lists them)");
  st.values.push_back({basis ? "basis of the used coordinates" : "first used coordinates", list});
  return st;
}

derivation_step element_step(const kernel_space_analysis& f) {
  const bool ok = f.checked_agree == f.checked_elements;
  return {"Separation rank of each basis element (partition M = M_A + M_B)",
          "with M = M_A + M_B (M_A from the A inputs and x^i in A), sep(x^i_r m_gamma(M_A + M_B)) = prod_v (gamma_v + 1): "
          "expanding each factor gives one term m_alpha(M_A) m_beta(M_B) per split gamma = alpha + beta, with distinct "
          "monomials on both sides",
          {{"smallest, largest over the used m", str(f.element_rank_min) + ", " + str(f.element_rank_max)},
           {"sum over the used m (subadditivity bound on sep)", str(f.element_rank_sum)},
           {"formula checked by an exact rank", str(static_cast<long long>(f.checked_agree)) + " of " +
                                                    str(static_cast<long long>(f.checked_elements)) + " elements agree"}},
          ok ? S::verified : S::failed,
          "for the first " + str(static_cast<long long>(f.checked_elements)) +
              " used monomials m the coefficient matrix of m(M_A + M_B) was built and ranked (certified) independently"};
}

derivation_step n_free_step(const structure_analysis& s, const rank_analysis& r, const kernel_space_analysis& f,
                            const paper_comparison& p) {
  const bool exact = r.sep.exact();
  const big_int sep = r.sep.lower;
  const bool below = p.sep_within_counts;
  return {"The N-independent upper bound (the sums over j_1..j_C remove N)",
          "y depends on the B inputs only through M_B = sum_{j in B} x^j x^j^T, a d_x x d_x symmetric matrix for every N; "
          "so the B-side functions lie in the span of the binom(D + C, C) monomials of degree <= C in M_B, and by degree "
          "sep <= sum_k min(d_x * multichoose(D, C - k), multichoose(D, k))",
          {{"binom(D + C, C)", str(f.binom_bound) + " (log_3 = " + log3_text(f.binom_bound) + ")"},
           {"sum_k min(d_x mc(D, C-k), mc(D, k))", str(f.gram_count_bound) + " (log_3 = " + log3_text(f.gram_count_bound) + ")"},
           {"depends on N", "no: neither count involves N"},
           {"exact sep at N = " + str(static_cast<long long>(s.cfg.N)), exact ? str(sep) + (below ? " (below both bounds)" : " (ABOVE a bound)") : "not certified"}},
          below ? (exact ? S::verified : S::computed) : S::failed,
          "exact integer counts; the argument needs only the Gram form, verified above for this configuration"};
}

}  // namespace seprank
