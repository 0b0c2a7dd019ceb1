// The word of A_L (docs/theory.md, section 14): for one head and no residual connection, row p of A_L(M) is
//   e_p^T A_L(M) = u^T M K_1 M K_2 M ... M K_C,   u^T = e_p^T K_0,
// in constant integer matrices K_j (C = (3^L - 1)/2).
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
// forms[j] names the quadric v^T K_j v for every weight: factors with one label are equal or transposed.
struct gram_word {
  std::vector<dense_matrix<mpz_class>> factors;
  std::vector<int> forms;
};
gram_word gram_word_of(const network_config& cfg, const integer_weights& w);
// The labels of the word of A_L: 0 for K_0, l >= 1 for the junction F_0^T W^{K,l T} W^{Q,l} F_0 of layer l and
// every copy of it (K_C is layer 1's). The interior K_1, ..., K_{C-1} carry the labels 1..L.
std::vector<int> gram_word_forms(int L);

// e_p^T A_L(M) mod `prime` for a symmetric M (dx x dx, entries mod prime), by multiplying out the word.
std::vector<std::uint64_t> gram_word_row(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M,
                                         std::uint64_t prime);
// max_r deg_t of P_r(M + t v v^T) mod `prime` (C + 1 evaluations and interpolation); -1 when every P_r vanishes.
int degree_along(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M,
                 const std::vector<std::uint64_t>& v, std::uint64_t prime);

}  // namespace seprank
