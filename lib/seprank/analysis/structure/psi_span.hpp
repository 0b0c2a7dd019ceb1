// The span V of psi = x^i (x) M^{(x)C}, the feature map of the paper's kernel view (section 4.2, proof sketch of
// Theorem 2; docs/theory.md, section 4): y_p = <T_p, psi> is a linear functional on the span V of the coordinates x^i_r
// m(M), m a monomial of degree C in the D entries of M (degree <= C with the residual connection). Here: dim V by
// formula and by enumeration, the coordinates row p of A_L(M) uses, the separation rank prod_v (gamma_v + 1) of each
// used m under M = M_A + M_B (checked by an independent exact rank), and the N-independent counts that bound sep.
#pragma once
#include "seprank/analysis/units.hpp"
#include <cstdint>
#include <vector>

#include "seprank/analysis/structure/structure_analysis.hpp"
#include "seprank/model/quantities.hpp"

namespace seprank {

// dim V = d_x * multichoose(D, C) (d_x * binom(D + C, C) with the residual connection).
big_int psi_span_dimension(const network_config& cfg);

// sep(m_gamma(M_A + M_B); M_A | M_B) = prod_v (gamma_v + 1).
big_int element_separation_rank(const std::vector<unsigned long>& gamma);

// A coordinate x^i_r m_gamma(M) of V.
struct space_coordinate {
  int r = 0;                         // 0-based entry of x^i
  std::vector<unsigned long> gamma;  // exponents over the D entries of M
};

struct psi_span_analysis {
  unsigned D = 0, C = 0;
  big_int dim_formula, dim_enumerated;
  bool enumerated = false;  // dim V enumerated (at most enumeration_limit monomials)
  bool dim_agrees() const { return !enumerated || dim_enumerated == dim_formula; }  // a check: FAILED otherwise
  long used_coordinates = 0;  // nonzero coordinates (r, gamma) of y in V
  long used_gammas = 0;       // distinct gamma
  big_int element_rank_min = 0, element_rank_max = 0, element_rank_sum = 0;
  // A seeded sample of the used gamma whose element ranks are checked by an independent certified rank
  // (ranks/element_rank: check_element_ranks, whose record theorem_analysis keeps).
  std::vector<std::vector<unsigned long>> checked_gammas;
  int checked_max_support = 0;        // the largest support of a checked gamma (its matrix has 2x that many variables)
  big_int binom_bound;                // binom(D + C, C): monomials of degree <= C in M_B
  big_int gram_count;                 // sum_k min(d_x mc(D, C-k), mc(D, k)) (residual: mc(D+1, C-k))
  big_int refined_gram_count;         // the Gram count minus the proven annihilators' loss (section 14)
  bool refined_every_weight = false;  // that bound holds for every weight (annihilator_analysis::every_weight)
  std::vector<space_coordinate> listed;  // the first used coordinates, in row order
  // The first used monomials m (in the order of their exponent vectors), with sep of m(M_A + M_B).
  std::vector<std::pair<std::vector<unsigned long>, big_int>> listed_monomials;
};

inline constexpr std::uint64_t psi_span_enumeration_limit = 5000000;
inline constexpr long listed_coordinates = 5;  // the used coordinates the derivation lists

// check_elements: how many used monomials are drawn (uniformly without replacement, with `seed`) for the
// independent rank check of ranks/element_rank; list_limit: how many used coordinates are listed;
// monomial_limit: how many used monomials m are listed with their element ranks.
psi_span_analysis analyse_psi_span(const structure_analysis& s, std::uint64_t seed, long check_elements,
                                   long list_limit, long monomial_limit);

}  // namespace seprank
