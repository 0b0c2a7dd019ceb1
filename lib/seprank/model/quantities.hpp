// The counts every part of the tool shares, each defined once (docs/theory.md, section 1):
// 3^L (the output degree), C = (3^L - 1)/2 (summed indices of eq. 4), D = d_x(d_x + 1)/2 (entries
// of the symmetric Gram matrix M), multichoose and binomial coefficients.
#pragma once
#include <cstdint>
#include <string>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>

namespace seprank {

using big_int = boost::multiprecision::cpp_int;
using big_float = boost::multiprecision::cpp_bin_float_100;

// 3^L, exact at any depth.
big_int power_of_three(long L);
// log_3 x in 100 digits.
big_float log3(const big_float& x);
// C = (3^L - 1)/2, exact at any depth.
big_int summed_indices(long L);
// The same two for network depths (L <= 39, where they fit in 64 bits).
std::int64_t output_degree(int L);
std::int64_t summed_index_count(int L);
// C by its recursion C_1 = 1, C_{l+1} = 3 C_l + 1 (an independent check of the closed form).
std::int64_t summed_index_count_by_recursion(int L);

// D = d_x(d_x + 1)/2: the distinct entries M_ab (a <= b) of a symmetric d_x x d_x matrix.
int gram_entry_count(int dx);

// multichoose(n, k) = binom(n + k - 1, k): the monomials of degree k in n variables (exact; GMP).
big_int multichoose(std::uint64_t n, std::uint64_t k);
// The decimal digits of v (GMP's conversion: Boost's is quadratic, slow at hundreds of digits).
std::string decimal(const big_int& v);

// An exact count, or the statement that it exceeds `cap`.
struct bounded_count {
  std::uint64_t value = 0;  // exact when !exceeds
  bool exceeds = false;     // the true count is > cap
  std::string str() const;  // "12345" or "more than <cap>"
};

// binom(n, k) and multichoose(n, k), saturating above cap (for size estimates).
bounded_count binomial(std::uint64_t n, std::uint64_t k, std::uint64_t cap);
bounded_count multichoose_capped(std::uint64_t n, std::uint64_t k, std::uint64_t cap);
// multichoose(n, k) as a double for size guards: 0 for k < 0, 1e300 ("too large") beyond 2^62.
double multichoose_double(int n, int k);

}  // namespace seprank
