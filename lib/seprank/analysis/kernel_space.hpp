// The space V of the kernel psi = x^i (x) M^{(x)C} (paper, section 4.2, proof sketch of Theorem 2;
// docs/theory.md, section 4): y_p = <T_p, psi> is a linear functional on the span V of the
// coordinates x^i_r m(M), m a monomial of degree C in the D entries of M (degree <= C with the
// residual connection). Here: dim V by formula and by enumeration, the coordinates row p of A_L(M)
// uses, the separation rank prod_v (gamma_v + 1) of each used m under M = M_A + M_B (checked by an
// independent exact rank), and the N-independent counts that bound sep.
#pragma once
#include <cstdint>
#include <vector>

#include "seprank/analysis/structure_analysis.hpp"
#include "seprank/model/quantities.hpp"

namespace seprank {

// dim V = d_x * multichoose(D, C) (d_x * binom(D + C, C) with the residual connection).
big_int kernel_space_dimension(const network_config& cfg);

// sep(m_gamma(M_A + M_B); M_A | M_B) = prod_v (gamma_v + 1).
big_int element_separation_rank(const std::vector<unsigned long>& gamma);

// The same rank computed independently: the coefficient matrix of m_gamma(M_A + M_B), certified.
// Returns -1 when the rank could not be certified.
long element_separation_rank_by_matrix(const std::vector<unsigned long>& gamma, std::uint64_t prime);

// A coordinate x^i_r m_gamma(M) of V.
struct space_coordinate {
  int r = 0;                          // 0-based entry of x^i
  std::vector<unsigned long> gamma;   // exponents over the D entries of M
};

struct kernel_space_analysis {
  unsigned D = 0, C = 0;
  big_int dim_formula, dim_enumerated;
  bool enumerated = false;            // dim V enumerated (at most enumeration_limit monomials)
  long used_coordinates = 0;          // nonzero coordinates (r, gamma) of y in V
  long used_gammas = 0;               // distinct gamma
  big_int element_rank_min = 0, element_rank_max = 0, element_rank_sum = 0;
  long checked_elements = 0, checked_agree = 0;  // element ranks checked by an exact rank (a seeded sample)
  int checked_max_support = 0;        // the largest support of a checked gamma (its matrix has 2x that many variables)
  big_int binom_bound;                // binom(D + C, C): monomials of degree <= C in M_B
  big_int gram_count_bound;           // sum_k min(d_x mc(D, C-k), mc(D, k)) (residual: mc(D+1, C-k))
  std::vector<space_coordinate> listed;  // the first used coordinates, in row order
  // The first used monomials m (in the order of their exponent vectors), with sep of m(M_A + M_B).
  std::vector<std::pair<std::vector<unsigned long>, big_int>> listed_monomials;
};

inline constexpr std::uint64_t kernel_space_enumeration_limit = 5000000;

// check_elements: how many used monomials get the independent rank check, drawn uniformly without
// replacement with `seed`; list_limit: how many used coordinates are listed; monomial_limit: how many
// used monomials m are listed with their element ranks.
kernel_space_analysis analyse_kernel_space(const structure_analysis& s, std::uint64_t prime, std::uint64_t seed,
                                           long check_elements, long list_limit, long monomial_limit);

}  // namespace seprank
