// The index structure of eq. 4 (docs/theory.md, section 2): the output is homogeneous of degree
// 3^L and equals the sum over [N]^C of g^L(x^i, x^{j_1}, ..., x^{j_C}), where g^L has degree 1 in
// x^i and exactly 2 in each summation vector.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "seprank/analysis/structure/homogeneity.hpp"
#include "seprank/engine/polynomial.hpp"
#include "seprank/model/config.hpp"
#include "seprank/model/weights.hpp"

namespace seprank {

// Result of checking eq. 4: y = sum over (j_1..j_C) in [N]^C of g^L(x^i, x^{j_1}, ..., x^{j_C}).
enum class index_structure_skip { none, residual, too_many_terms };
struct index_structure_check {
  bool performed = false;
  index_structure_skip skipped = index_structure_skip::none;
  std::uint64_t max_g_terms = 0;  // the limit, when skipped for size
  std::int64_t C = 0;             // number of summation vectors
  long g_terms = 0;               // terms of g^L (entry p)
  bool degree_pattern = false;    // degree 1 in the first argument, exactly 2 in each other
  bool sum_reproduces_output = false;
};

// g^L is built recursively from g^0(u) = u and
//   g^{l+1}(u, z, Z1, Z2, Z3) = G(g^l(u, Z1), g^l(z, Z2), g^l(z, Z3)),
//   G(q, k, v) = sum_h <W^Q q, W^K k> W^O W^V v,
// so it has C_{l+1} = 3 C_l + 1 arguments after u. The sum over [N]^C is taken one index at a
// time (substituting x^j for the c-th argument and summing over j), which is exact because
// the substitution is linear. Skipped when g^L may have more than max_g_terms terms.
index_structure_check check_index_structure(const network_config& cfg, const integer_weights& w, const polynomial& y,
                                            std::uint64_t max_g_terms);

}  // namespace seprank
