#include "seprank/analysis/paper/lower_bound.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "seprank/model/log_binomial.hpp"

namespace seprank {
namespace {

// (3^k - 1)/2 in long double for 0 <= k <= 10000 (powl, made once: the map asks for it at every row and level).
long double summed_indices_ld(long k) {
  static const std::vector<long double> table = [] {
    std::vector<long double> t(10001);
    for (std::size_t j = 0; j < t.size(); ++j) t[j] = (std::pow(3.0L, static_cast<long double>(j)) - 1) / 2;
    return t;
  }();
  return k >= 0 && k < static_cast<long>(table.size()) ? table[static_cast<std::size_t>(k)]
                                                       : (std::pow(3.0L, static_cast<long double>(k)) - 1) / 2;
}

// The rank formula in long double, for estimates (k = g - 1).
long double rho_estimate(long double k, long double d) {
  const long double e = d > k ? d - k : 0;
  return d * (d + 1) / 2 - e * (e + 1) / 2;
}

}  // namespace

big_int symmetric_dimension(const big_int& d) { return d * (d + 1) / 2; }

big_int moment_hessian_rank(int level, const big_int& d) {
  if (level < 1 || d < 0) throw std::invalid_argument("moment_hessian_rank: level >= 1 and d >= 0");
  const big_int k = power_of_three(level) - 1;  // g - 1
  return symmetric_dimension(d) - (d > k ? symmetric_dimension(d - k) : big_int(0));
}

hessian_lower_bound hessian_lower_bound_of(long L, int level, long width, long heads, bool exact_value,
                                           long rest_width) {
  if (level < 1 || level >= L) throw std::invalid_argument("hessian_lower_bound_of: 1 <= l0 <= L - 1");
  if (width < 1 || heads < 1 || rest_width < 0)
    throw std::invalid_argument("hessian_lower_bound_of: width >= 1 and heads >= 1");
  if (heads == 1 && rest_width == 0 && width < 2)  // Theorem 15.1 (iii): one block needs d >= 2
    throw std::invalid_argument("hessian_lower_bound_of: a single block needs d >= 2");
  hessian_lower_bound b;
  b.L = L;
  b.level = level;
  b.heads = heads;
  b.width = width;
  b.rest_width = rest_width;
  b.rho = moment_hessian_rank(level, width);
  b.rho_rest = moment_hessian_rank(level, rest_width);
  b.r = b.rho * heads + b.rho_rest - 1;
  b.from_N = 2 * (heads * width + rest_width) + 2;
  b.n = summed_indices(L - level);
  // The value's enclosure (model/log_binomial); maps of many rows (exact_value false) take the long-double one.
  const twice_binomial v = exact_value
                               ? twice_binomial_of(b.n, b.r)
                               : twice_binomial_fast(summed_indices_ld(L - level), static_cast<long double>(b.r));
  b.exact = v.exact;
  b.value = v.value;
  b.log3_lower = v.log3_lower;
  b.log3_upper = v.log3_upper;
  b.log3_lower_ld = v.log3_lower_ld;
  return b;
}

namespace {

// The blocks zero padding keeps at N (N = 0: every head whole): floor(N/2) - 1 coordinates as full heads and one
// narrower block (rho_g is convex with rho_g(0) = 0, so filling heads is best); none where no bound exists.
struct padded_blocks {
  long heads = 1, width = 0, rest = 0, used = 0;
};
std::optional<padded_blocks> blocks_at(long dx, long H, long N) {
  if (dx < 1 || H < 1 || dx % H != 0) return std::nullopt;
  const long head = dx / H, used = N > 0 ? std::min(dx, N / 2 - 1) : dx;  // |A| - 1 >= used, |B| >= used
  if (used < 1) return std::nullopt;
  padded_blocks b{used / head, head, used % head, used};
  if (b.heads == 0) b.heads = 1, b.width = b.rest, b.rest = 0;          // one narrower block
  if (b.heads == 1 && b.rest == 0 && b.width < 2) return std::nullopt;  // Theorem 15.1 (iii): one block needs d >= 2
  return b;
}

}  // namespace

std::optional<hessian_lower_bound> best_hessian_lower_bound(long L, long dx, long H, bool exact_value, long N) {
  const auto blocks = blocks_at(dx, H, N);
  if (L < 2 || !blocks) return std::nullopt;
  const long heads = blocks->heads, width = blocks->width, rest = blocks->rest, used = blocks->used;
  // Candidate levels: beyond the least l0 with 3^{l0} - 1 >= width, rho = D(width) and n only shrinks.
  std::vector<int> levels;
  long double three_level = 1;  // 3^level, exact up to level 40 (and the loop stops by level 26 for width <= 10^12)
  for (int level = 1; level < L; ++level) {
    levels.push_back(level);
    if ((three_level *= 3) - 1 >= width) break;
  }
  // A quick estimate of log_3 binom(r + n, n) per level; any level gives a valid bound.
  std::vector<long double> estimate;
  long double best_estimate = -1;
  int best = 0;
  for (int level : levels) {
    const long double k = std::pow(3.0L, static_cast<long double>(level)) - 1;
    const long double r =
        rho_estimate(k, static_cast<long double>(width)) * heads + rho_estimate(k, static_cast<long double>(rest)) - 1;
    const long double n = summed_indices_ld(L - level);
    estimate.push_back(binomial_log3_estimate(n, r));
    if (estimate.back() > best_estimate) best_estimate = estimate.back(), best = level;
  }
  hessian_lower_bound b = hessian_lower_bound_of(L, best, width, heads, exact_value, rest);
  // Where the values are exact, the levels whose estimates come close are compared exactly.
  if (b.exact)
    for (std::size_t k = 0; k < levels.size(); ++k) {
      if (levels[k] == best || estimate[k] < best_estimate - 1) continue;
      hessian_lower_bound c = hessian_lower_bound_of(L, levels[k], width, heads, exact_value, rest);
      if (c.exact && c.value > b.value) b = std::move(c);
    }
  b.padded = used < dx;
  return b;
}

growth_slopes growth_slopes_of(long dx, long H, long N) {
  growth_slopes s;
  s.upper = symmetric_dimension(dx);
  // In place, not as temporaries: GCC 12 at -O3 warns (-Warray-bounds) on copying a cpp_int temporary inlined here.
  s.printed = dx;
  s.printed *= 2;
  s.printed += 1;
  if (const auto b = blocks_at(dx, H, N)) {  // at l0 with 3^{l0} - 1 >= every block: rho = D on each
    s.has_lower = true;
    s.lower = symmetric_dimension(b->width);
    s.lower *= b->heads;
    s.lower += symmetric_dimension(b->rest);
    s.lower -= 1;
  }
  return s;
}

}  // namespace seprank
