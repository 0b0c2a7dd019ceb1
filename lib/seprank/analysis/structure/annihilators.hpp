// Rank-one annihilators of the Gram form (docs/theory.md, section 14).
//
// For one head and no residual connection, row p of A_L(M) is a word
//   e_p^T A_L(M) = u^T M K_1 M K_2 M ... M K_C,   u^T = e_p^T K_0,
// in constant integer matrices K_j (C = (3^L - 1)/2). For odd C group it as u^T M K_1 (M K_2 M) K_3 ... (M K_{C-1} M) K_C.
// Lemma: if u^T v = 0 and v^T K_j v = 0 for every even j, then each P_r(M + t v v^T) has degree <= (C - 1)/2 in
// t, so the operator (v^T d_M v)^((C+1)/2) annihilates every P_r = A_L(M)[p][r]. Distinct points v of
// Z = {u^T v = 0, v^T K_j v = 0} give independent operators of order k = (C + 1)/2 as long as k >= #points - 1
// (powers of pairwise non-proportional linear forms), and block k of the Gram rank (its columns are the degree-k
// forms) loses one dimension per operator beyond max(0, cols - rows).
#pragma once
#include <gmpxx.h>

#include <cstdint>
#include <vector>

#include "seprank/model/config.hpp"
#include "seprank/model/weights.hpp"
#include "seprank/support/matrix.hpp"

namespace seprank {

// The word of A_L: factors K_0, ..., K_C with A_L(M) = K_0 M K_1 M ... M K_C (H = 1, no residual connection).
// A_0 = I; A_{l+1} = (W^O W^V) A_l M A_l^T (W^K^T W^Q) A_l merges the factors at the junctions (section 14).
struct gram_word {
  std::vector<dense_matrix<mpz_class>> factors;
};
gram_word gram_word_of(const network_config& cfg, const integer_weights& w);

// e_p^T A_L(M) mod `prime` for a symmetric M (dx x dx, entries mod prime), by multiplying out the word.
std::vector<std::uint64_t> gram_word_row(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M, std::uint64_t prime);
// max_r deg_t of P_r(M + t v v^T) mod `prime` (C + 1 evaluations and interpolation); -1 when every P_r vanishes.
int degree_along(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M, const std::vector<std::uint64_t>& v,
                 std::uint64_t prime);

enum class annihilator_skip {
  none,
  heads,        // H > 1: A_L is a sum of words
  residual,     // degrees mixed: the lemma is stated for the homogeneous network
  even_C,       // C even (L even): no grouping into pairs leaves the last factor alone
  zero_row,     // u = 0: row p of A_L vanishes identically
  not_finite,   // Z is not the plane-and-two-conics case decided here (section 14: open in general)
  not_distinct  // the resultant test could not show distinct points (repeated or missing roots)
};

// What the lemma proves for one configuration and its weights.
struct annihilator_analysis {
  annihilator_skip skipped = annihilator_skip::none;
  int C = 0;
  unsigned degree = 0;                          // k = (C + 1)/2: the Gram block and the operators' order
  std::vector<mpz_class> u;                     // e_p^T K_0
  std::vector<dense_matrix<mpz_class>> quadrics;  // the distinct nonzero forms K_j + K_j^T, j even
  dense_matrix<mpz_class> plane_basis;          // d_x x (d_x - 1): integer columns spanning u^perp
  std::vector<mpz_class> resultant;             // R(x, 1) = res_z of the two conics, coefficients by degree
  mpz_class discriminant;                       // of R(x, 1): nonzero proves deg R distinct points
  int shear = 0;                                // which coordinate change z -> z + a x + b y was used
  long points = 0;                              // distinct points of Z proven (over C)
  long operators = 0;                           // independent annihilators of order `degree` proven
  long loss = 0;                                // block `degree` loses this much against min(rows, cols)
  bool proven() const { return skipped == annihilator_skip::none && operators > 0; }
};
annihilator_analysis analyse_annihilators(const network_config& cfg, const integer_weights& w);

// The proven upper bound on block k's rank: min(rows, cols - operators) for k = degree, else min(rows, cols).
long annihilator_block_bound(const annihilator_analysis& a, unsigned k, long rows, long cols);
// The proven upper bound of every Gram block k = 0..C: min(rows, cols) - loss at k = degree, -1 (none beyond
// min(rows, cols)) elsewhere; empty when nothing is proven.
std::vector<long> annihilator_block_bounds(const annihilator_analysis& a, const network_config& cfg);

}  // namespace seprank
