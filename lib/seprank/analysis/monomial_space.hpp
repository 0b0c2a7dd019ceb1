// Monomial spaces: the space of input monomials that contains y_p, sized exactly (saturating at a
// cap) before anything is expanded, and the enumeration of monomials of a given degree
// (docs/theory.md, section 3).
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "seprank/model/config.hpp"
#include "seprank/model/quantities.hpp"

namespace seprank {

// Dimension of the monomial space that contains entry p of y^{L,i}: by the Gram form every
// output monomial is x^i_r times a product over positions j of monomials of even degree 2 e_j in
// x^j with sum_j e_j = C (with the residual connection, sum_j e_j <= C). Its dimension is
// [t^C] F_odd(t) F_even(t)^(N-1) (resp. summed over degrees <= C), F_even(t) = sum_e
// binom(dx+2e-1, 2e) t^e, F_odd(t) = sum_e binom(dx+2e, 2e+1) t^e. It bounds the number of terms
// of the expansion.
bounded_count output_monomial_count(const network_config& cfg, std::uint64_t cap);

// Calls f on every exponent vector of n variables with total degree `degree` (or <= degree when
// up_to), in lexicographic order (largest exponent of the first variable first); stops after
// `limit` vectors and returns how many were visited.
std::uint64_t enumerate_monomials(int n, int degree, bool up_to, std::uint64_t limit,
                                  const std::function<void(const std::vector<unsigned>&)>& f);

}  // namespace seprank
