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
  sides(const big_int& w, const big_int& c) : dx(w), D(w * (w + 1) / 2), DA(D), C(c) {}  // homogeneous, any C
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
    if (pred(mid))
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

big_float ln_binomial(const big_float& n, const big_float& m) {
  return boost::math::lgamma(big_float(n + 1)) - boost::math::lgamma(big_float(m + 1)) -
         boost::math::lgamma(big_float(n - m + 1));
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

gram_block_size gram_block_size_of(const network_config& c, unsigned k) {
  const sides s(c.L, c.dx, c.residual);
  return {s.rows(k), s.cols(k)};
}

gram_block_size gram_block_size_of(const big_int& dx, const big_int& C, unsigned k) {
  const sides s(dx, C);
  return {s.rows(k), s.cols(k)};
}

big_int block_gram_count(const network_config& c, unsigned k) {
  const gram_block_size b = gram_block_size_of(c, k);
  return b.rows < b.cols ? b.rows : b.cols;
}

namespace {

gram_count_result count_of(long L, const big_int& dx, bool residual, long max_digits, bool with_log) {
  const sides s(L, dx, residual);
  gram_count_result r;
  // The envelope's digits in long double first (lgamma to ~1e-15 relative); 100 digits only near the cut.
  // ln binom(a + b, b) with a = D_A + 1, b = C in a form without cancellation (Stirling; error below 0.1): the
  // difference of lgamma values at ~C loses everything once C dwarfs D (L = 60, d_x = 12288 read 4 digits).
  const long double a = static_cast<long double>(s.DA + 1), b = static_cast<long double>(s.C);
  const long double ln_envelope = b == 0 ? 0
                                         : (a + 0.5L) * std::log1p(b / a) + b * std::log1p(a / b) -
                                               0.5L * std::log(2 * 3.14159265358979323846L * b);
  const long double fast_digits = (ln_envelope + std::log(static_cast<long double>(s.dx))) / std::log(10.0L);
  const bool exact_digits =
      std::isfinite(fast_digits) &&
              std::fabs(fast_digits - static_cast<long double>(max_digits)) > 1 + 1e-9L * fast_digits
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
    return ln_binomial(big_float(s.D + k - 1), big_float(k)) <=
           ln_dx + ln_binomial(big_float(s.DA + s.C - k - 1), big_float(s.C - k));
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

}  // namespace

gram_count_result gram_count(long L, const big_int& dx, bool residual, long max_digits) {
  return count_of(L, dx, residual, max_digits, true);
}

gram_count_result exact_gram_count(long L, const big_int& dx, bool residual, long max_digits) {
  return count_of(L, dx, residual, max_digits, false);
}

namespace {

// ln binom(a + b, b) for integer-valued a, b >= 0 in long double without cancellation, and a bound on its error
// added to `error`. Small arguments (both below 4096) take lgamma directly; otherwise, with m <= M the two:
// ln Gamma(M + m + 1) - ln Gamma(M + 1) = (M + 1/2) log1p(m/M) + m ln(M + m) - m + 1/(12(M + m)) - 1/(12 M) (Stirling,
// truncation below 1/(180 M^3)), and ln m! by lgamma or Stirling likewise. The subtractions of ln Gamma values near
// C (up to 10^47 at L = 100) that lose every digit never happen.
long double ln_binom_stable(long double a, long double b, long double& error) {
  const long double eps = std::numeric_limits<long double>::epsilon();
  const long double m = std::min(a, b), M = std::max(a, b);
  if (m <= 0) return 0;
  if (M < 4096) {
    const long double x = std::lgamma(M + m + 1), y = std::lgamma(M + 1), z = std::lgamma(m + 1);
    error += 16 * eps * (std::fabs(x) + std::fabs(y) + std::fabs(z)) + 1e-15L;
    return x - y - z;
  }
  const long double t1 = (M + 0.5L) * std::log1p(m / M), t2 = m * std::log(M + m),
                    t3 = 1 / (12 * (M + m)) - 1 / (12 * M);
  long double ln_m_factorial;
  if (m < 4096) {
    ln_m_factorial = std::lgamma(m + 1);
  } else {
    ln_m_factorial = (m + 0.5L) * std::log(m) - m + 0.91893853320467274178L + 1 / (12 * m);
  }
  error += 16 * eps * (std::fabs(t1) + std::fabs(t2) + m + std::fabs(ln_m_factorial)) + 1e-10L;
  return t1 + t2 - m + t3 - ln_m_factorial;
}

}  // namespace

gram_count_fast gram_count_log3_fast(long L, long dx) {
  gram_count_fast f;
  if (L < 1 || L > 100 || dx < 1) return f;
  const long double eps = std::numeric_limits<long double>::epsilon();
  const long double w = static_cast<long double>(dx), D = w * (w + 1) / 2;
  // C = (3^L - 1)/2: exact up to L = 39; beyond, within a relative eps (accounted for below).
  const bool exact_C = L <= 39;
  const long double C = exact_C ? static_cast<long double>(summed_index_count(static_cast<int>(L)))
                                : (std::pow(3.0L, static_cast<long double>(L)) - 1) / 2;
  const long double ln_w = std::log(w);
  long double scratch = 0;
  // The crossing by bisection over integer-valued k (any split gives an upper bound, so only the final value needs
  // the error bound): the last k with ln mc(D, k) <= ln d_x + ln mc(D, C - k).
  // Past 2^64 the representable values are integers spaced more than 1 apart: step to a neighbour where -1 is lost.
  long double lo = 0, hi = C;
  for (int step = 0; step < 1000 && lo < hi; ++step) {
    long double mid = std::floor(lo + (hi - lo) / 2 + 0.5L);
    if (mid <= lo) mid = std::nextafter(lo, hi);
    if (mid > hi) mid = hi;
    if (ln_binom_stable(D - 1, mid, scratch) <= ln_w + ln_binom_stable(D - 1, C - mid, scratch))
      lo = mid;
    else
      hi = mid - 1 < mid ? mid - 1 : std::nextafter(mid, lo);
  }
  const long double k = lo;
  long double error = 0;
  long double ln_total = ln_binom_stable(D, k, error);
  if (k < C) {
    const long double rest = C - k - 1;
    const long double right = ln_w + ln_binom_stable(D, rest, error);
    // rest is off by at most 2 C eps when C is not exact; d/dx ln binom(D + x, x) <= D / x.
    if (!exact_C) error += D * (2 * C * eps + 1) / std::max(1.0L, rest);
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
