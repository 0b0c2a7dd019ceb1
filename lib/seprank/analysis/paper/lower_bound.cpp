#include "seprank/analysis/paper/lower_bound.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <cstring>
#include <limits>
#include <string>

#include <gmp.h>
#include <mpfr.h>

#include "seprank/analysis/paper/hessian_table.hpp"

namespace seprank {
namespace {

// ---- Choosing the blocks: an unbounded knapsack over the table's sizes (values: certified ranks). ----

// One level's table rows as a knapsack: exact tables up to `cap`, and beyond it copies of the size with the best
// rank per coordinate (any multiset of at least d* other blocks has a sub-multiset of total size divisible by d*,
// which d*-blocks replace without loss, so an optimum uses other blocks of total size < d* max_d <= cap).
struct level_knapsack {
  std::map<int, long> rank_of;  // size -> certified rank
  int best_d = 0;               // the best rank per coordinate (ties: the larger size)
  long cap = 0;
  // best[j][c]: the largest rank sum of at least j blocks (j = 0, 1, 2) of total size <= c; last[j][c] the size
  // of one block of an optimum (0: none), prev[j][c] the j' of the rest.
  std::vector<long long> best[3];
  std::vector<int> last[3];

  explicit level_knapsack(int level) {
    for (const auto& e : hessian_table())
      if (e.level == level && e.rank > 0) rank_of[e.d] = e.rank;
    if (rank_of.empty()) return;
    for (const auto& [d, rk] : rank_of)
      if (!best_d || rk * best_d >= rank_of[best_d] * d) best_d = d;
    const long max_d = rank_of.rbegin()->first;
    cap = static_cast<long>(best_d) * max_d + max_d;
    const long long none = -1;  // infeasible
    for (int j = 0; j < 3; ++j) {
      best[j].assign(cap + 1, none);
      last[j].assign(cap + 1, 0);
    }
    for (long c = 0; c <= cap; ++c) {
      for (int j = 0; j < 3; ++j) {
        long long v = j == 0 ? 0 : none;
        int choice = 0;
        if (c > 0 && best[j][c - 1] > v) v = best[j][c - 1], choice = -1;  // a coordinate left unused
        for (const auto& [d, rk] : rank_of) {
          if (d > c) break;
          const long long rest = best[j == 0 ? 0 : j - 1][c - d];
          if (rest != none && rest + rk > v) v = rest + rk, choice = d;
        }
        best[j][c] = v;
        last[j][c] = choice;
      }
    }
  }

  // The blocks of an optimum with at least j blocks in width c <= cap.
  std::vector<int> blocks_of(int j, long c) const {
    std::vector<int> out;
    while (c > 0) {
      const int choice = last[j][c];
      if (choice == 0) break;
      if (choice < 0) {
        --c;
        continue;
      }
      out.push_back(choice);
      c -= choice;
      if (j > 0) --j;
    }
    return out;
  }
};

const level_knapsack& knapsack(int level) {
  static std::mutex lock;
  static std::map<int, std::unique_ptr<level_knapsack>> made;
  std::lock_guard<std::mutex> guard(lock);
  auto& k = made[level];
  if (!k) k = std::make_unique<level_knapsack>(level);
  return *k;
}

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
  if (mpfr_sgn(a.lo.v) < 0 || mpfr_sgn(b.lo.v) < 0) throw std::logic_error("lower_bound: negative factor");
  mpfr_mul(out.lo.v, a.lo.v, b.lo.v, MPFR_RNDD);
  mpfr_mul(out.hi.v, a.hi.v, b.hi.v, MPFR_RNDU);
}
void div_nonneg(interval& out, const interval& a, const interval& b) {
  if (mpfr_sgn(a.lo.v) < 0 || mpfr_sgn(b.lo.v) <= 0) throw std::logic_error("lower_bound: bad quotient");
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
      if (t.sign > 0) mpfr_add(end, end, e.v, dir);
      else mpfr_sub(end, end, e.v, dir);
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

// A quick estimate of log_3 binom(r + n, n) (long double) for choosing the level; any level gives a valid bound.
long double estimate_log3(long double n, long double r) {
  const long double ln3 = std::log(3.0L);
  return ((n + 0.5L) * std::log1p(r / n) + r * std::log(n + r) - (r + 0.5L) * std::log(r) - 0.9189385332046727L) / ln3;
}

}  // namespace

std::optional<block_choice> best_blocks(int level, long width, int min_blocks) {
  const level_knapsack& k = knapsack(level);
  if (k.rank_of.empty() || width < 1) return std::nullopt;
  const int j = std::clamp(min_blocks, 0, 2);
  long copies = 0, rest = width;
  if (width > k.cap) {
    copies = (width - k.cap + k.best_d - 1) / k.best_d;
    rest = width - copies * k.best_d;
  }
  const int j_rest = static_cast<int>(std::max<long>(0, j - copies));
  if (k.best[j_rest][rest] < 0) return std::nullopt;
  block_choice out;
  out.rank_sum = big_int(k.best[j_rest][rest]) + big_int(copies) * k.rank_of.at(k.best_d);
  std::map<int, long, std::greater<int>> count;
  if (copies) count[k.best_d] += copies;
  for (int d : k.blocks_of(j_rest, rest)) ++count[d];
  for (const auto& [d, c] : count) out.blocks.push_back({d, c, k.rank_of.at(d)});
  return out;
}

hessian_lower_bound hessian_lower_bound_of(long L, long dx, int level, std::vector<hessian_block_use> blocks, long H, bool exact_value) {
  if (level < 1 || level >= L) throw std::invalid_argument("hessian_lower_bound_of: 1 <= l0 <= L - 1");
  hessian_lower_bound b;
  b.L = L;
  b.level = level;
  b.heads = H;
  b.blocks = std::move(blocks);
  b.rank_sum = 0;
  for (const auto& u : b.blocks) b.rank_sum += big_int(u.count) * u.rank;
  b.rank_sum *= H;
  b.r = b.rank_sum - 1;
  if (b.r < 1) throw std::invalid_argument("hessian_lower_bound_of: the blocks' ranks sum to less than 2");
  b.from_N = static_cast<int>(std::min<long>(2 * dx + 2, 2147483647L));
  mpz n, r;
  mpz_ui_pow_ui(n.v, 3, static_cast<unsigned long>(L - level));
  mpz_sub_ui(n.v, n.v, 1);
  mpz_divexact_ui(n.v, n.v, 2);
  if (b.r <= big_int(std::numeric_limits<unsigned long>::max())) mpz_set_ui(r.v, b.r.convert_to<unsigned long>());
  else set_from_big(r.v, b.r);
  b.n = summed_indices(L - level);
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

std::optional<hessian_lower_bound> best_hessian_lower_bound(long L, long dx, long H, bool exact_value) {
  if (L < 2 || dx < 1 || H < 1 || dx % H != 0) return std::nullopt;
  const long width = dx / H;
  const int min_blocks = H == 1 ? 2 : 1;  // m >= 2 blocks: H = 1 needs two in d_x, H > 1 has one per head at least
  int best_level = 0;
  long double best_estimate = -1;
  std::optional<block_choice> best_choice;
  for (int level = 1; level <= hessian_table_max_level && level < L; ++level) {
    auto choice = best_blocks(level, width, min_blocks);
    if (!choice) continue;
    const long double r = static_cast<long double>(choice->rank_sum * H - 1);
    long double three_power = 1;  // 3^(L - level): exact products up to 3^40, then within a few ulps (an estimate)
    for (long k = 0; k < L - level; ++k) three_power *= 3;
    const long double n = (three_power - 1) / 2;
    if (r < 1) continue;
    const long double e = estimate_log3(n, r);
    if (e > best_estimate) best_estimate = e, best_level = level, best_choice = std::move(choice);
  }
  if (!best_level) return std::nullopt;
  return hessian_lower_bound_of(L, dx, best_level, best_choice->blocks, H, exact_value);
}

}  // namespace seprank
