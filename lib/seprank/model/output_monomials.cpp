#include "seprank/model/output_monomials.hpp"

#include <vector>

namespace seprank {
namespace {

__extension__ typedef unsigned __int128 u128;

// Saturating arithmetic on counts: every value above `cap` is represented by cap + 1.
struct saturating {
  std::uint64_t cap;
  std::uint64_t clamp(u128 v) const { return v > cap ? cap + 1 : static_cast<std::uint64_t>(v); }
  std::uint64_t add(std::uint64_t a, std::uint64_t b) const { return clamp(u128(a) + b); }
  std::uint64_t mul(std::uint64_t a, std::uint64_t b) const { return clamp(u128(a) * b); }
};

using series = std::vector<std::uint64_t>;  // coefficients of t^0 .. t^C

series multiply(const series& a, const series& b, const saturating& s) {
  series c(a.size(), 0);
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == 0) continue;
    for (std::size_t j = 0; i + j < c.size(); ++j) c[i + j] = s.add(c[i + j], s.mul(a[i], b[j]));
  }
  return c;
}

series power(series base, std::uint64_t e, const saturating& s) {
  series r(base.size(), 0);
  r[0] = 1;
  for (; e; e >>= 1) {
    if (e & 1) r = multiply(r, base, s);
    if (e > 1) base = multiply(base, base, s);
  }
  return r;
}

}  // namespace

bounded_count output_monomial_count(const network_config& c, std::uint64_t cap) {
  const saturating s{cap};
  const auto C = static_cast<std::size_t>(summed_index_count(c.L));
  series even(C + 1), odd(C + 1);
  for (std::size_t e = 0; e <= C; ++e) {
    even[e] = binomial(c.dx + 2 * e - 1, 2 * e, cap).value;
    odd[e] = binomial(c.dx + 2 * e, 2 * e + 1, cap).value;
  }
  const series total = multiply(odd, power(even, c.N - 1, s), s);
  std::uint64_t n = total[C];
  if (c.residual)
    for (std::size_t e = 0; e < C; ++e) n = s.add(n, total[e]);
  return {n, n > cap};
}

}  // namespace seprank
