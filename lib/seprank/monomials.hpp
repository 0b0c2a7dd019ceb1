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

#include <functional>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

namespace seprank {

// multichoose(n, k) = binom(n + k - 1, k): monomials of degree k in n variables (exact).
boost::multiprecision::cpp_int multichoose(unsigned n, unsigned k);

// The space V of the kernel psi = x^i (x) M^{(x)C} (theory notes, section 3): coordinates
// x^i_r m(M) with m a monomial of degree C in the D = d_x(d_x+1)/2 entries of M (degree <= C with
// the residual connection). dim V = d_x * multichoose(D, C) (resp. d_x * binom(D + C, C)).
boost::multiprecision::cpp_int kernel_space_dimension(const network_config& cfg);

// Calls f on every exponent vector of n variables with total degree `degree` (or <= degree when
// up_to), in lexicographic order (largest exponent of the first variable first); stops after
// `limit` vectors and returns how many were visited.
std::uint64_t enumerate_monomials(int n, int degree, bool up_to, std::uint64_t limit,
                                  const std::function<void(const std::vector<unsigned>&)>& f);

}  // namespace seprank
