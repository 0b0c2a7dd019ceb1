// The size of the space of input monomials that contains y_p, exactly (saturating at a cap), before anything
// is expanded (docs/theory.md, section 3): every size guard needs it first.
#pragma once
#include <cstdint>

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

}  // namespace seprank
