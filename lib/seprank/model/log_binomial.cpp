#include "seprank/model/log_binomial.hpp"

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <utility>

#include <gmp.h>
#include <mpfr.h>

namespace seprank {
namespace {

// ---- Intervals with outward rounding (MPFR). ----

constexpr mpfr_prec_t precision = 128;

struct real {
  mpfr_t v;
  real() { mpfr_init2(v, precision); }
  ~real() { mpfr_clear(v); }
  real(const real&) = delete;
  real& operator=(const real&) = delete;
};

struct interval {
  real lo, hi;
};

void set_z(interval& x, const mpz_t z) {
  mpfr_set_z(x.lo.v, z, MPFR_RNDD);
  mpfr_set_z(x.hi.v, z, MPFR_RNDU);
}

// Both ends of a monotone increasing function of one argument interval.
template <class Fn>
void increasing(interval& out, const interval& x, Fn fn) {
  fn(out.lo.v, x.lo.v, MPFR_RNDD);
  fn(out.hi.v, x.hi.v, MPFR_RNDU);
}

void add(interval& out, const interval& a, const interval& b) {
  mpfr_add(out.lo.v, a.lo.v, b.lo.v, MPFR_RNDD);
  mpfr_add(out.hi.v, a.hi.v, b.hi.v, MPFR_RNDU);
}
void sub(interval& out, const interval& a, const interval& b) {
  mpfr_sub(out.lo.v, a.lo.v, b.hi.v, MPFR_RNDD);
  mpfr_sub(out.hi.v, a.hi.v, b.lo.v, MPFR_RNDU);
}
// Products and quotients of nonnegative intervals (divisors positive).
void mul_nonneg(interval& out, const interval& a, const interval& b) {
  if (mpfr_sgn(a.lo.v) < 0 || mpfr_sgn(b.lo.v) < 0) throw std::logic_error("log_binomial: negative factor");
  mpfr_mul(out.lo.v, a.lo.v, b.lo.v, MPFR_RNDD);
  mpfr_mul(out.hi.v, a.hi.v, b.hi.v, MPFR_RNDU);
}
void div_nonneg(interval& out, const interval& a, const interval& b) {
  if (mpfr_sgn(a.lo.v) < 0 || mpfr_sgn(b.lo.v) <= 0) throw std::logic_error("log_binomial: bad quotient");
  mpfr_div(out.lo.v, a.lo.v, b.hi.v, MPFR_RNDD);
  mpfr_div(out.hi.v, a.hi.v, b.lo.v, MPFR_RNDU);
}

// The constants as intervals, made once (read-only afterwards, so threads may share them).
struct interval_constants {
  interval ln2, ln3, half_ln_2pi;
  interval_constants() {
    mpfr_set_ui(ln2.lo.v, 2, MPFR_RNDD);
    mpfr_set_ui(ln2.hi.v, 2, MPFR_RNDU);
    increasing(ln2, ln2, mpfr_log);
    mpfr_set_ui(ln3.lo.v, 3, MPFR_RNDD);
    mpfr_set_ui(ln3.hi.v, 3, MPFR_RNDU);
    increasing(ln3, ln3, mpfr_log);
    interval& w = half_ln_2pi;  // ln(2 pi)/2
    mpfr_const_pi(w.lo.v, MPFR_RNDD);
    mpfr_const_pi(w.hi.v, MPFR_RNDU);
    mpfr_mul_2ui(w.lo.v, w.lo.v, 1, MPFR_RNDD);
    mpfr_mul_2ui(w.hi.v, w.hi.v, 1, MPFR_RNDU);
    increasing(w, w, mpfr_log);
    mpfr_div_2ui(w.lo.v, w.lo.v, 1, MPFR_RNDD);
    mpfr_div_2ui(w.hi.v, w.hi.v, 1, MPFR_RNDU);
  }
};
const interval_constants& constants() {
  static const interval_constants c;
  return c;
}

// ln binom(n + r, r) for integers n, r >= 1, from ln x! = (x + 1/2) ln x - x + ln(2 pi)/2 + eps(x) with
// 1/(12x + 1) < eps(x) < 1/(12x) (Robbins 1955):
//   (n + 1/2) log1p(r/n) + r ln(n + r) - (r + 1/2) ln r - ln(2 pi)/2 + eps(n + r) - eps(n) - eps(r).
void ln_binomial(interval& out, const mpz_t n, const mpz_t r) {
  interval N, R, NR, t, u, w;
  set_z(N, n);
  set_z(R, r);
  add(NR, N, R);
  // (n + 1/2) log1p(r/n): r/n is decreasing in n, so its ends pair the other ends of n.
  mpfr_div(t.lo.v, R.lo.v, N.hi.v, MPFR_RNDD);
  mpfr_div(t.hi.v, R.hi.v, N.lo.v, MPFR_RNDU);
  increasing(t, t, mpfr_log1p);
  mpfr_add_d(u.lo.v, N.lo.v, 0.5, MPFR_RNDD);
  mpfr_add_d(u.hi.v, N.hi.v, 0.5, MPFR_RNDU);
  mul_nonneg(out, u, t);
  increasing(t, NR, mpfr_log);  // r ln(n + r)
  mul_nonneg(w, R, t);
  add(out, out, w);
  increasing(t, R, mpfr_log);  // (r + 1/2) ln r
  mpfr_add_d(u.lo.v, R.lo.v, 0.5, MPFR_RNDD);
  mpfr_add_d(u.hi.v, R.hi.v, 0.5, MPFR_RNDU);
  mul_nonneg(w, u, t);
  sub(out, out, w);
  sub(out, out, constants().half_ln_2pi);
  // eps(n + r) - eps(n) - eps(r) lies in (1/(12(n+r)+1) - 1/(12n) - 1/(12r), 1/(12(n+r)) - 1/(12n+1) - 1/(12r+1)).
  auto eps = [](mpfr_t dst, const mpfr_t x, bool plus_one, mpfr_rnd_t rnd) {  // 1/(12x (+1)), rounded `rnd`
    const mpfr_rnd_t opposite = rnd == MPFR_RNDD ? MPFR_RNDU : MPFR_RNDD;
    mpfr_mul_ui(dst, x, 12, opposite);
    if (plus_one) mpfr_add_ui(dst, dst, 1, opposite);
    mpfr_ui_div(dst, 1, dst, rnd);
  };
  // Each end: + eps(n + r), - eps(n), - eps(r), each eps bounded (Robbins) and rounded the way that end needs.
  struct term {
    const interval* x;
    int sign;
  };
  const term terms[] = {{&NR, +1}, {&N, -1}, {&R, -1}};
  real e;
  for (const bool lower : {true, false}) {
    mpfr_ptr end = lower ? out.lo.v : out.hi.v;
    const mpfr_rnd_t dir = lower ? MPFR_RNDD : MPFR_RNDU;
    for (const term& t : terms) {
      const bool want_small = (t.sign > 0) == lower;  // the smaller eps moves this end outward
      // eps(x) > 1/(12x + 1) and < 1/(12x): the small bound at the largest x, the large one at the smallest.
      eps(e.v, want_small ? t.x->hi.v : t.x->lo.v, want_small, want_small ? MPFR_RNDD : MPFR_RNDU);
      if (t.sign > 0)
        mpfr_add(end, end, e.v, dir);
      else
        mpfr_sub(end, end, e.v, dir);
    }
  }
}

// log_3 of (2 times e^x) for an interval x of a nonnegative quantity.
void log3_of_twice_exp(interval& out, const interval& ln_value) {
  interval num;
  add(num, constants().ln2, ln_value);
  if (mpfr_sgn(num.lo.v) < 0) mpfr_set_zero(num.lo.v, 1);  // the value is >= ln 2 > 0
  div_nonneg(out, num, constants().ln3);
}

big_int to_big(const mpz_t z) {
  char* s = mpz_get_str(nullptr, 10, z);
  big_int v(s);
  void (*free_fn)(void*, std::size_t);
  mp_get_memory_functions(nullptr, nullptr, &free_fn);
  free_fn(s, std::strlen(s) + 1);
  return v;
}

// An MPFR value as a 100-digit float, rounded outward to long double first (exact from there on).
big_float to_big_float(const mpfr_t x, bool lower) { return big_float(mpfr_get_ld(x, lower ? MPFR_RNDD : MPFR_RNDU)); }

struct mpz {
  mpz_t v;
  mpz() { mpz_init(v); }
  ~mpz() { mpz_clear(v); }
  mpz(const mpz&) = delete;
  mpz& operator=(const mpz&) = delete;
};

void set_from_big(mpz_t z, const big_int& v) { mpz_set_str(z, v.str().c_str(), 10); }

// ln binom(n + r, r) enclosed in long double: Robbins' formula as in ln_binomial, each eps term bounded the safe way,
// widened by 2^-50 of the terms' magnitudes (long double has 64 bits; logl, log1pl are within a few ulp) plus 2^-60.
// For maps of many rows, whose near-ties (within 1e-9 relative) are decided again from the MPFR interval.
std::pair<long double, long double> ln_binomial_fast(long double n, long double r) {
  const long double a = (n + 0.5L) * std::log1p(r / n), b = r * std::log(n + r), c = (r + 0.5L) * std::log(r);
  const long double half_ln_2pi = 0.91893853320467274178L;
  const long double mid = a + b - c - half_ln_2pi;
  const long double eps_lo = 1 / (12 * (n + r) + 1) - 1 / (12 * n) - 1 / (12 * r);
  const long double eps_hi = 1 / (12 * (n + r)) - 1 / (12 * n + 1) - 1 / (12 * r + 1);
  const long double margin = std::ldexp(std::fabs(a) + std::fabs(b) + std::fabs(c) + 1, -50) + std::ldexp(1.0L, -60);
  return {mid + eps_lo - margin, mid + eps_hi + margin};
}

}  // namespace

twice_binomial twice_binomial_of(const big_int& n_value, const big_int& r_value, bool exact_value) {
  mpz n, r;
  set_from_big(n.v, n_value);
  set_from_big(r.v, r_value);
  twice_binomial b;
  interval ln_binom, log3v;
  ln_binomial(ln_binom, n.v, r.v);
  log3_of_twice_exp(log3v, ln_binom);
  // Exact when the value has at most ~1,000 digits (log_3 <= 2,100) and binom(n + r, min) is cheap.
  if (exact_value && mpfr_cmp_ui(log3v.hi.v, 2100) <= 0) {
    mpz top, value;
    mpz_add(top.v, n.v, r.v);
    const bool n_small = mpz_cmp(n.v, r.v) < 0;
    mpz_srcptr k = n_small ? n.v : r.v;
    if (mpz_fits_ulong_p(k) && mpz_get_ui(k) <= 200000) {
      mpz_bin_ui(value.v, top.v, mpz_get_ui(k));
      mpz_mul_2exp(value.v, value.v, 1);
      b.exact = true;
      b.value = to_big(value.v);
      interval exact;
      set_z(exact, value.v);
      increasing(exact, exact, mpfr_log);
      div_nonneg(log3v, exact, constants().ln3);
    }
  }
  b.log3_lower = to_big_float(log3v.lo.v, true);
  b.log3_upper = to_big_float(log3v.hi.v, false);
  b.log3_lower_ld = mpfr_get_ld(log3v.lo.v, MPFR_RNDD);
  return b;
}

twice_binomial twice_binomial_fast(long double n, long double r) {
  const long double ln3 = std::log(3.0L);
  const auto [ln_lo, ln_hi] = ln_binomial_fast(n, r);
  const long double lo = (std::log(2.0L) + ln_lo) / ln3, hi = (std::log(2.0L) + ln_hi) / ln3;
  twice_binomial b;
  b.log3_lower = big_float(lo);
  b.log3_upper = big_float(hi);
  b.log3_lower_ld = lo;
  return b;
}

long double binomial_log3_estimate(long double n, long double r) {
  const long double ln3 = std::log(3.0L);
  return ((n + 0.5L) * std::log1p(r / n) + r * std::log(n + r) - (r + 0.5L) * std::log(r) - 0.9189385332046727L) / ln3;
}

}  // namespace seprank
