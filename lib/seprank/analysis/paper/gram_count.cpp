#include "seprank/analysis/paper/gram_count.hpp"

#include <cmath>
#include <cstdint>
#include <limits>

#include <boost/math/special_functions/gamma.hpp>
#include <boost/math/special_functions/log1p.hpp>

namespace seprank {
namespace {

// binom(n, m) exactly: through multichoose (GMP) when n fits in 64 bits (the audit map computes thousands), else by
// min(m, n - m) exact multiplications and divisions.
big_int binomial_big(const big_int& n, big_int m) {
  if (m < 0 || m > n) return 0;
  if (n - m < m) m = n - m;
  if (n <= std::numeric_limits<unsigned long>::max())  // binom(n, m) = mc(n - m + 1, m), GMP's (model/quantities)
    return multichoose((n - m + 1).convert_to<std::uint64_t>(), m.convert_to<std::uint64_t>());
  big_int r = 1;
  for (big_int j = 1; j <= m; ++j) r = r * (n - m + j) / j;  // r = binom(n - m + j, j): exact at every step
  return r;
}

// The quantities of the count at (L, d_x): D, D_A, C.
struct sides {
  big_int dx, D, DA, C;
  sides(long L, const big_int& w, bool residual)
      : dx(w), D(w * (w + 1) / 2), DA(residual ? D + 1 : D), C(summed_indices(L)) {}
  // mc(n, k) = binom(n + k - 1, k)
  big_int cols(const big_int& k) const { return binomial_big(D + k - 1, k); }
  big_int rows(const big_int& k) const { return dx * binomial_big(DA + C - k - 1, C - k); }
  // The closed form at split k0: sum_{k<=k0} mc(D, k) + sum_{k>k0} d_x mc(D_A, C - k).
  big_int closed_form(const big_int& k0) const {
    return binomial_big(D + k0, k0) + (k0 < C ? dx * binomial_big(DA + C - k0 - 1, C - k0 - 1) : big_int(0));
  }
};

// The largest k in [0, C] with pred(k), pred true at 0 and monotone (true, then false): bisection on integers.
template <class Pred>
big_int last_true(const big_int& C, const Pred& pred) {
  big_int lo = 0, hi = C;  // pred(lo) holds; the answer is in [lo, hi]
  while (lo < hi) {
    const big_int mid = (lo + hi + 1) / 2;
    if (pred(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

big_float ln_binomial(const big_float& n, const big_float& m) {
  return boost::math::lgamma(big_float(n + 1)) - boost::math::lgamma(big_float(m + 1)) - boost::math::lgamma(big_float(n - m + 1));
}

// Relative accuracy assumed of 100-digit lgamma and log (Boost: a few hundred ulps at most); the error
// bound added to a logarithm is this times the sum of the magnitudes that cancel in it.
const big_float big_relative_error("1e-80");

// ln of binom(n, m) (0 when m < 0, i.e. an empty sum) and the bound on its rounding error.
struct ln_value {
  big_float value, error;
  bool empty = false;
};
ln_value ln_binomial_with_error(const big_int& n, const big_int& m) {
  ln_value v;
  if (m < 0) {
    v.empty = true;
    return v;
  }
  const big_float bn(n), bm(m);
  const big_float a = boost::math::lgamma(big_float(bn + 1)), b = boost::math::lgamma(big_float(bm + 1)),
                  c = boost::math::lgamma(big_float(bn - bm + 1));
  v.value = a - b - c;
  v.error = big_relative_error * (abs(a) + abs(b) + abs(c) + 1);
  return v;
}

// Digits of d_x binom(D_A + C + 1, C) (an envelope of the count and of every binomial in it), roughly.
double digits_of_envelope(const sides& s) {
  const big_float n = big_float(s.DA + s.C + 1), m = big_float(s.C);
  const big_float ln10 = log(big_float(10));
  return static_cast<double>((ln_binomial(n, m) + log(big_float(s.dx))) / ln10);
}

}  // namespace

big_int block_gram_count(const network_config& c, unsigned k) {
  const sides s(c.L, c.dx, c.residual);
  const big_int rows = s.rows(k), cols = s.cols(k);
  return rows < cols ? rows : cols;
}

gram_count_result gram_count(long L, const big_int& dx, bool residual, long max_digits, bool with_log) {
  const sides s(L, dx, residual);
  gram_count_result r;
  // The envelope's digits in long double first (lgamma to ~1e-15 relative); 100 digits only near the cut.
  const long double n_env = static_cast<long double>(s.DA + s.C + 1), m_env = static_cast<long double>(s.C);
  const long double fast_digits =
      (std::lgamma(n_env + 1) - std::lgamma(m_env + 1) - std::lgamma(n_env - m_env + 1) + std::log(static_cast<long double>(s.dx))) /
      std::log(10.0L);
  const bool exact_digits = std::isfinite(fast_digits) && std::fabs(fast_digits - static_cast<long double>(max_digits)) > 1 + 1e-9L * fast_digits
                                ? fast_digits <= static_cast<long double>(max_digits)
                                : digits_of_envelope(s) <= static_cast<double>(max_digits);
  if (exact_digits) {
    r.exact = true;
    r.crossing = last_true(s.C, [&](const big_int& k) { return s.cols(k) <= s.rows(k); });
    r.value = s.closed_form(r.crossing);
    if (with_log) r.log3 = log(big_float(r.value)) / log(big_float(3));
    return r;
  }
  if (!with_log) return r;  // not exact, and no logarithm wanted
  // log space: ln mc(D, k) <= ln d_x + ln mc(D_A, C - k), decided in 100 digits; a split off the true
  // crossing by rounding still gives an upper bound (header).
  const big_float ln_dx = log(big_float(dx));
  r.crossing = last_true(s.C, [&](const big_int& k) {
    return ln_binomial(big_float(s.D + k - 1), big_float(k)) <= ln_dx + ln_binomial(big_float(s.DA + s.C - k - 1), big_float(s.C - k));
  });
  const ln_value left = ln_binomial_with_error(s.D + r.crossing, r.crossing);
  ln_value right = ln_binomial_with_error(s.DA + s.C - r.crossing - 1, s.C - r.crossing - 1);
  right.value += ln_dx;
  right.error += big_relative_error * (abs(ln_dx) + 1);
  // ln(e^a + e^b) = max + ln(1 + e^(min - max)); the log1p term is in (0, ln 2], rounded at the same relative error.
  big_float ln_total = left.value, error = left.error;
  if (!right.empty) {
    const big_float hi = left.value > right.value ? left.value : right.value;
    const big_float lo = left.value > right.value ? right.value : left.value;
    ln_total = hi + boost::math::log1p(big_float(exp(big_float(lo - hi))));
    error += right.error + big_relative_error * (abs(hi) + 1);
  }
  r.log3 = (ln_total + error) / log(big_float(3)) * (1 + big_relative_error);
  return r;
}

namespace {

// ln Gamma(x): Stirling's series with four correction terms for x >= 8 (truncation below 1e-11), glibc below.
long double ln_gamma(long double x) {
  if (x < 8) return std::lgamma(static_cast<double>(x));
  const long double r = 1 / x, r2 = r * r;
  return (x - 0.5L) * std::log(x) - x + 0.91893853320467274178L + r * (1.0L / 12 - r2 * (1.0L / 360 - r2 * (1.0L / 1260 - r2 / 1680)));
}

}  // namespace

gram_count_fast gram_count_log3_fast(long L, long dx) {
  gram_count_fast f;
  if (L > 39) return f;  // C = (3^L - 1)/2 >= 2^62
  const long double eps = std::numeric_limits<long double>::epsilon();
  const long double w = static_cast<long double>(dx), D = w * (w + 1) / 2;
  const std::int64_t C = summed_index_count(static_cast<int>(L));
  const long double Cl = static_cast<long double>(C), ln_w = std::log(w);
  // ln binom(n, m) and the bound on its error: 1e-11 per ln_gamma (truncation), and 8 ulps of each
  // magnitude that cancels (the products and sums in ln_gamma, the two subtractions).
  long double error = 0;
  auto ln_binom = [&](long double n, long double m) {
    const long double a = ln_gamma(n + 1), b = ln_gamma(m + 1), c = ln_gamma(n - m + 1);
    error += 3e-11L + 8 * eps * (std::fabs(a) + std::fabs(b) + std::fabs(c));
    return a - b - c;
  };
  // The crossing, by bisection on integers in double precision: any split gives an upper bound, so only
  // the final value below needs long double and an error bound. ln Gamma(D) cancels from both sides.
  std::int64_t lo = 0, hi = C;
  const double Dd = static_cast<double>(D), Cd = static_cast<double>(C), ln_wd = std::log(static_cast<double>(dx));
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo + 1) / 2;
    const double k = static_cast<double>(mid);
    if (std::lgamma(Dd + k) - std::lgamma(k + 1) <= ln_wd + std::lgamma(Dd + Cd - k) - std::lgamma(Cd - k + 1)) lo = mid;
    else hi = mid - 1;
  }
  const long double k = static_cast<long double>(lo);
  long double ln_total = ln_binom(D + k, k);
  if (lo < C) {
    const long double right = ln_w + ln_binom(D + Cl - k - 1, Cl - k - 1);
    const long double big = std::max(ln_total, right), small = std::min(ln_total, right);
    ln_total = big + std::log1p(std::exp(small - big));
    error += 8 * eps * (std::fabs(big) + 1) + 8 * eps * std::fabs(ln_w);
  }
  const long double ln3 = std::log(3.0L);
  f.error = error / ln3 + 8 * eps * std::fabs(ln_total / ln3);
  f.log3 = ln_total / ln3 + f.error;
  f.usable = f.error <= 1e-6L;
  return f;
}

}  // namespace seprank
