// Monomial spaces and their sizes (exact counts, saturating at a cap so that any
// configuration can be sized before anything is expanded).
#pragma once
#include <cstdint>
#include <string>

#include "seprank/config.hpp"

namespace seprank {

// An exact count, or the statement that it exceeds `cap`.
struct bounded_count {
  std::uint64_t value = 0;  // exact when !exceeds
  bool exceeds = false;     // the true count is > cap
  std::string str() const;  // "12345" or "more than <cap>"
};

// Dimension of the monomial space that contains entry p of y^{L,i}: by the Gram form
// (theory notes, section 3) every output monomial is x^i_r times a product over positions j
// of monomials of even degree 2 e_j in x^j with sum_j e_j = C (with the residual connection,
// sum_j e_j <= C). Its dimension is [t^C] F_odd(t) F_even(t)^(N-1) (resp. summed over
// degrees <= C), F_even(t) = sum_e binom(dx+2e-1, 2e) t^e, F_odd(t) = sum_e binom(dx+2e, 2e+1) t^e.
// It bounds the number of terms of the expansion.
bounded_count output_monomial_count(const network_config& cfg, std::uint64_t cap);

// binom(n, k), saturating above cap.
bounded_count binomial(std::uint64_t n, std::uint64_t k, std::uint64_t cap);

}  // namespace seprank
