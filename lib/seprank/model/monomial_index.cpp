#include "seprank/model/monomial_index.hpp"

#include <stdexcept>
#include <string>

namespace seprank {

monomial_index::monomial_index(int n, int max_degree)
    : n_(n), table_(n + 1, std::vector<std::uint64_t>(max_degree + 1, 0)) {
  if (n < 1 || max_degree < 0) throw std::invalid_argument("monomial_index: needs n >= 1 and degree >= 0");
  table_[0][0] = 1;  // multichoose(m, d) = multichoose(m - 1, d) + multichoose(m, d - 1)
  for (int m = 1; m <= n; ++m)
    for (int d = 0; d <= max_degree; ++d) {
      const std::uint64_t v = table_[m - 1][d] + (d ? table_[m][d - 1] : 0);
      if (v > (std::uint64_t{1} << 62))
        throw std::overflow_error("monomial_index: more than 2^62 monomials of degree " + std::to_string(d) + " in " +
                                  std::to_string(m) + " variables");
      table_[m][d] = v;
    }
}

// Before the monomials whose exponent of variable v is g come those with a larger exponent there:
// sum over e = g+1..rem of multichoose(n-v-1, rem-e) = multichoose(n-v, rem-g-1) (hockey stick).
std::uint64_t monomial_index::rank(const unsigned* e, int degree) const {
  std::uint64_t r = 0;
  int rem = degree;
  for (int v = 0; v + 1 < n_; ++v) {
    const int g = static_cast<int>(e[v]);
    if (g < rem) r += table_[n_ - v][rem - g - 1];
    rem -= g;
  }
  return r;
}

void monomial_index::unrank(std::uint64_t index, int degree, unsigned* e) const {
  int rem = degree;
  for (int v = 0; v + 1 < n_; ++v) {
    int g = rem;
    while (index >= table_[n_ - v - 1][rem - g]) index -= table_[n_ - v - 1][rem - g--];
    e[v] = static_cast<unsigned>(g);
    rem -= g;
  }
  e[n_ - 1] = static_cast<unsigned>(rem);
}

}  // namespace seprank
