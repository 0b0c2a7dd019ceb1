#include "seprank/analysis/structure/monomial_space.hpp"

#include <functional>
#include <vector>

namespace seprank {
std::uint64_t enumerate_monomials(int n, int degree, bool up_to, std::uint64_t limit,
                                  const std::function<void(const std::vector<unsigned>&)>& f) {
  std::vector<unsigned> e(n, 0);
  std::uint64_t count = 0;
  // Recursive descent over the exponent of each variable, largest first.
  std::function<void(int, int)> rec = [&](int v, int left) {
    if (count >= limit) return;
    if (v == n - 1 || n == 0) {
      if (n > 0) e[v] = static_cast<unsigned>(left);
      if (n > 0 || left == 0) {
        f(e);
        ++count;
      }
      return;
    }
    for (int x = left; x >= 0 && count < limit; --x) {
      e[v] = static_cast<unsigned>(x);
      rec(v + 1, left - x);
    }
    e[v] = 0;
  };
  for (int d = up_to ? 0 : degree; d <= degree && count < limit; ++d) rec(0, d);
  return count;
}

}  // namespace seprank
