// The lower bound on sep at every size (docs/theory.md, section 15): the Hessians of gamma against a second route
// and an independent implementation's ranks, Theorem 15.1's closed form rho_g(d) against mod-p ranks of the moment
// form at random points and on gamma = 0 (a planted wrong rho caught), the Krylov radical at one point, the
// factorisation y_p = gamma^n f and the H > 1 heads by a literal forward recursion of our own, the interval against
// exact binomials, zero padding to a given N, and the bound against every upper bound the tool proves (the Gram
// count) and every exact value it certifies (the certified table).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "seprank/analysis/paper/audit_map.hpp"
#include "seprank/analysis/paper/certified_table.hpp"
#include "seprank/analysis/paper/gram_count.hpp"
#include "seprank/analysis/paper/lower_bound.hpp"
#include "seprank/analysis/structure/moment_hessian_check.hpp"
#include "seprank/engine/gamma_hessian.hpp"
#include "seprank/support/random.hpp"

#include <flint/ulong_extras.h>

using namespace seprank;

namespace {

const std::uint64_t p61 = 2305843009213693951ULL;  // 2^61 - 1

using matrix = std::vector<std::vector<std::uint64_t>>;

std::uint64_t mulm(std::uint64_t a, std::uint64_t b) { return n_mulmod2(a, b, p61); }
std::uint64_t addm(std::uint64_t a, std::uint64_t b) { return (a + b) % p61; }
std::uint64_t of(long v) {
  return v >= 0 ? static_cast<std::uint64_t>(v) % p61 : p61 - static_cast<std::uint64_t>(-v) % p61;
}

matrix zero(int n) { return matrix(n, std::vector<std::uint64_t>(n, 0)); }
matrix identity(int n) {
  matrix m = zero(n);
  for (int i = 0; i < n; ++i) m[i][i] = 1;
  return m;
}
matrix mul(const matrix& a, const matrix& b) {
  const int n = static_cast<int>(a.size());
  matrix c = zero(n);
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j) c[i][j] = addm(c[i][j], mulm(a[i][k], b[k][j]));
  return c;
}
matrix tr(const matrix& a) {
  matrix t = zero(static_cast<int>(a.size()));
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < a.size(); ++j) t[j][i] = a[i][j];
  return t;
}
matrix plus(const matrix& a, const matrix& b) {
  matrix c = a;
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < a.size(); ++j) c[i][j] = addm(a[i][j], b[i][j]);
  return c;
}
matrix from(const std::vector<long>& v, int d) {
  matrix m = zero(d);
  for (int i = 0; i < d; ++i)
    for (int j = 0; j < d; ++j) m[i][j] = of(v[static_cast<std::size_t>(i) * d + j]);
  return m;
}

// One layer of eq. 3 in Gram form (docs/theory.md, section 3): A' = sum_h P_h (A M A^T) Q_h A.
matrix layer(const matrix& A, const matrix& M, const std::vector<matrix>& P, const std::vector<matrix>& Q) {
  const matrix R = mul(mul(A, M), tr(A));
  matrix out = zero(static_cast<int>(A.size()));
  for (std::size_t h = 0; h < P.size(); ++h) out = plus(out, mul(mul(mul(P[h], R), Q[h]), A));
  return out;
}

std::uint64_t power(std::uint64_t a, long e) {
  std::uint64_t r = 1;
  for (long k = 0; k < e; ++k) r = mulm(r, a);
  return r;
}

}  // namespace

TEST_CASE("Hessian of gamma from its word equals the mixed second derivative by interpolation of the recursion") {
  for (int level : {1, 2})
    for (int d : {1, 2, 3}) {
      CAPTURE(level);
      CAPTURE(d);
      const hessian_block_data x = draw_hessian_block(d, level, 100 + 10 * level + d);
      const auto H = gamma_hessian_mod_p(x, 1000000007ULL);
      const int D = d * (d + 1) / 2;
      for (int s = 0; s < D; ++s)
        for (int t = 0; t < D; ++t) CHECK(H[s * D + t] == gamma_hessian_entry_by_interpolation(x, s, t, 1000000007ULL));
    }
}

TEST_CASE("block Hessian ranks equal an independent implementation's (hessian-ranks.txt of the theory notes)") {
  // (d, level, rank) rows of that list, computed there at other points and primes.
  const int rows[][3] = {{2, 1, 3},  {5, 1, 9},   {12, 1, 23}, {3, 2, 6}, {8, 2, 36},
                         {9, 2, 44}, {13, 2, 76}, {4, 3, 10},  {9, 3, 45}};
  for (const auto& r : rows) {
    CAPTURE(r[0]);
    CAPTURE(r[1]);
    const block_hessian_rank b = certify_block_hessian_rank(r[0], r[1], 7);
    CHECK(b.gamma_nonzero);
    CHECK(b.f_nonzero);
    CHECK(b.rank == r[2]);
  }
}

TEST_CASE("y_p = gamma^n f at the specialised weights, by a literal layer-by-layer recursion") {
  // moment: every lower Q_l = I (Theorem 15.1's weights), where gamma is also b^T M^g b by matrix powers.
  for (bool moment : {false, true})
    for (int L : {2, 3, 4})
      for (int level = 1; level < L; ++level)
        for (int d : {2, 3}) {
          CAPTURE(L);
          CAPTURE(level);
          CAPTURE(d);
          hessian_block_data x = draw_hessian_block(d, level, 500 + 100 * L + 10 * level + d);
          if (moment)
            for (auto& q : x.Q)
              for (int i = 0; i < d * d; ++i) q[static_cast<std::size_t>(i)] = i % (d + 1) == 0 ? 1 : 0;
          splitmix64 rng{static_cast<std::uint64_t>(L * 1000 + level * 10 + d)};
          auto small = [&] { return static_cast<long>(rng.next() % 19) - 9; };
          matrix bb = zero(d);
          for (int i = 0; i < d; ++i)
            for (int j = 0; j < d; ++j) bb[i][j] = mulm(of(x.b[i]), of(x.b[j]));
          const matrix M = from(x.N, d);
          matrix A = identity(d);
          for (int l = 0; l < L; ++l) {
            matrix P = identity(d);
            if (l == L - 1) {  // the last layer: row p (= 0) of P is b^T, the other rows anything
              for (int i = 0; i < d; ++i)
                for (int j = 0; j < d; ++j) P[i][j] = i == 0 ? of(x.b[j]) : of(small());
            }
            A = layer(A, M, {P}, {l < level ? from(x.Q[l], d) : bb});
          }
          std::vector<std::uint64_t> xi(d);
          for (auto& v : xi) v = of(small());
          std::uint64_t y = 0, f = 0;
          for (int j = 0; j < d; ++j) y = addm(y, mulm(A[0][j], xi[j]));
          const auto row = f_row_mod_p(x, p61);
          for (int j = 0; j < d; ++j) f = addm(f, mulm(row[j], xi[j]));
          const long n = (static_cast<long>(std::pow(3, L - level)) - 1) / 2;
          CHECK(y == mulm(power(gamma_mod_p(x, p61), n), f));
          if (moment) {  // gamma = b^T M^g b
            matrix Mg = identity(d);
            for (long k = 0; k < static_cast<long>(std::pow(3, level)); ++k) Mg = mul(Mg, M);
            std::uint64_t gamma = 0;
            for (int i = 0; i < d; ++i)
              for (int j = 0; j < d; ++j) gamma = addm(gamma, mulm(mulm(of(x.b[i]), Mg[i][j]), of(x.b[j])));
            CHECK(gamma == gamma_mod_p(x, p61));
          }
        }
}

TEST_CASE("H = 2 heads with blocks inside heads reproduce the single-head recursion on block-diagonal M") {
  // d_x = 4, two heads of size 2, one block per head; L = 3, l0 = 1. pi_h: the projection onto head h's coordinates.
  const int dx = 4, L = 3, level = 1;
  splitmix64 rng{42};
  auto small = [&] { return static_cast<long>(rng.next() % 19) - 9; };
  matrix pi[2] = {zero(dx), zero(dx)};
  for (int i = 0; i < dx; ++i) pi[i / 2][i][i] = 1;
  matrix Q = zero(dx), M = zero(dx);
  std::vector<std::uint64_t> b(dx);
  for (auto& v : b) v = of(small());
  for (int i = 0; i < dx; ++i)
    for (int j = 0; j < dx; ++j)
      if (i / 2 == j / 2) Q[i][j] = of(small());
  for (int i = 0; i < dx; ++i)
    for (int j = i; j < dx; ++j)
      if (i / 2 == j / 2) M[i][j] = M[j][i] = of(small());
  matrix bb = zero(dx);
  for (int i = 0; i < dx; ++i)
    for (int j = 0; j < dx; ++j) bb[i][j] = mulm(b[i], b[j]);
  matrix single = identity(dx), heads = identity(dx);
  for (int l = 0; l < L; ++l) {
    matrix P1 = identity(dx);
    std::vector<matrix> Ph = {pi[0], pi[1]}, Qh;
    if (l == L - 1) {
      for (int j = 0; j < dx; ++j) P1[0][j] = b[j];
      for (int h = 0; h < 2; ++h) {  // e_p (pi_h b)^T
        Ph[h] = zero(dx);
        for (int j = 0; j < dx; ++j) Ph[h][0][j] = mulm(pi[h][j][j], b[j]);
      }
    }
    for (int h = 0; h < 2; ++h) Qh.push_back(l < level ? mul(pi[h], Q) : bb);
    single = layer(single, M, {P1}, {l < level ? Q : bb});
    heads = layer(heads, M, Ph, Qh);
  }
  for (int j = 0; j < dx; ++j) CHECK(single[0][j] == heads[0][j]);
}

TEST_CASE(
    "Theorem 15.1: rho_g(d) by hand, and against mod-p ranks of the moment form at random points and on gamma = 0") {
  // By hand (k = g - 1): D(d) for d <= k, k d - binom(k, 2) beyond.
  for (long d = 1; d <= 40; ++d) {
    CHECK(moment_hessian_rank(1, d) == (d == 1 ? 1 : 2 * d - 1));
    CHECK(moment_hessian_rank(2, d) == (d <= 8 ? d * (d + 1) / 2 : 8 * d - 28));
    CHECK(moment_hessian_rank(3, d) == (d <= 26 ? d * (d + 1) / 2 : 26 * d - 325));
  }
  CHECK(moment_hessian_rank(20, big_int(1000000)) == big_int(1000000) * 1000001 / 2);
  // Both sides of g - 1 (levels 1..3), and level 4 (g = 81) at a small size.
  const int sizes[][2] = {{1, 1}, {1, 2},  {1, 3}, {1, 7},  {1, 12}, {2, 2},  {2, 7},  {2, 8},
                          {2, 9}, {2, 12}, {3, 5}, {3, 25}, {3, 26}, {3, 27}, {3, 28}, {4, 6}};
  for (const auto& [level, d] : sizes) {
    CAPTURE(level);
    CAPTURE(d);
    moment_hessian_row row = moment_hessian_row_of(d, level, 11);
    REQUIRE(row.random_point.found);
    CHECK(big_int(row.random_point.rank) == row.rho);
    if (d >= 2) {
      REQUIRE(row.zero_point.found);
      CHECK(row.zero_point.gradient_nonzero);
      CHECK(row.zero_point.f_nonzero);
      CHECK(big_int(row.zero_point.rank) == row.rho);
    } else {
      CHECK_FALSE(row.zero_point.found);
    }
    CHECK(row.agrees());
    row.rho += 1;  // a planted wrong formula is caught
    CHECK_FALSE(row.agrees());
  }
}

TEST_CASE(
    "the Krylov radical at one point: symmetric E with E W = 0, W = span(b, M b), is in the Hessian's kernel (g = 3)") {
  // l0 = 1 (g = 3, k = 2), d = 5: W has dimension 2 and the radical dimension D(3) = 6, so rank 15 - 6 = 9 = 2d - 1.
  const int d = 5;
  const std::uint64_t q = 1000000007ULL;
  hessian_block_data x = draw_hessian_block(d, 1, 77);
  for (int i = 0; i < d * d; ++i) x.Q[0][static_cast<std::size_t>(i)] = i % (d + 1) == 0 ? 1 : 0;
  auto md = [&](std::uint64_t a, std::uint64_t c) { return n_mulmod2(a, c, q); };
  auto of_q = [&](long v) {
    return v >= 0 ? static_cast<std::uint64_t>(v) % q : (q - static_cast<std::uint64_t>(-v) % q) % q;
  };
  std::vector<std::uint64_t> b(d), Mb(d, 0);
  for (int i = 0; i < d; ++i) b[i] = of_q(x.b[i]);
  for (int i = 0; i < d; ++i)
    for (int j = 0; j < d; ++j) Mb[i] = (Mb[i] + md(of_q(x.N[static_cast<std::size_t>(i * d + j)]), b[j])) % q;
  // A basis of W^perp: u = e_t + a e_0 + c e_1 (t >= 2) with u.b = u.Mb = 0.
  const std::uint64_t det = (md(b[0], Mb[1]) + q - md(b[1], Mb[0])) % q;
  REQUIRE(det != 0);
  const std::uint64_t inv = n_invmod(det, q);
  std::vector<std::vector<std::uint64_t>> U;
  for (int t = 2; t < d; ++t) {  // a b0 + c b1 = -b_t, a Mb0 + c Mb1 = -Mb_t (Cramer)
    const std::uint64_t rb = (q - b[t]) % q, rm = (q - Mb[t]) % q;
    std::vector<std::uint64_t> u(d, 0);
    u[t] = 1;
    u[0] = md((md(rb, Mb[1]) + q - md(b[1], rm)) % q, inv);
    u[1] = md((md(b[0], rm) + q - md(rb, Mb[0])) % q, inv);
    U.push_back(u);
  }
  const auto H = gamma_hessian_mod_p(x, q);
  const int D = d * (d + 1) / 2;
  int radical = 0;
  for (std::size_t i = 0; i < U.size(); ++i)
    for (std::size_t j = i; j < U.size(); ++j) {
      std::vector<std::uint64_t> e;  // E = u_i u_j^T + u_j u_i^T in the free entries E_ab, a <= b
      for (int a = 0; a < d; ++a)
        for (int c = a; c < d; ++c) e.push_back((md(U[i][a], U[j][c]) + md(U[j][a], U[i][c])) % q);
      bool in_kernel = true;
      for (int t = 0; t < D; ++t) {
        std::uint64_t v = 0;
        for (int s2 = 0; s2 < D; ++s2)
          v = (v + md(e[static_cast<std::size_t>(s2)], H[static_cast<std::size_t>(s2 * D + t)])) % q;
        in_kernel = in_kernel && v == 0;
      }
      CHECK(in_kernel);
      radical += in_kernel;
    }
  CHECK(radical == 6);
}

TEST_CASE("the bound's interval contains log_3 of the exact value, and the exact value is 2 binom(r + n, n)") {
  for (long L : {2L, 3L, 4L, 5L, 6L})
    for (long r_plus_1 : {2L, 3L, 5L, 17L, 200L}) {
      for (int level = 1; level < L && level <= 4; ++level) {
        const hessian_lower_bound b = hessian_lower_bound_of(L, level, 1, r_plus_1);  // rho(1) = 1 per head: r = H - 1
        CAPTURE(L);
        CAPTURE(level);
        CAPTURE(r_plus_1);
        const big_int n = (power_of_three(L - level) - 1) / 2;
        CHECK(b.n == n);
        CHECK(b.r == r_plus_1 - 1);
        // 2 binom(r + n, n) by the product formula, in the test's own arithmetic.
        big_int v = 1;
        for (big_int j = 1; j <= n; ++j) v = v * (b.r + j) / j;
        v *= 2;
        REQUIRE(b.exact);
        CHECK(b.value == v);
        const big_float l3 = log(big_float(v)) / log(big_float(3));
        CHECK(b.log3_lower <= l3);
        CHECK(l3 <= b.log3_upper);
        CHECK(b.log3_upper - b.log3_lower < big_float("1e-15"));
      }
    }
  // Without the exact value (Robbins' bounds only): still an enclosure, and narrow once r is large.
  const hessian_lower_bound b = hessian_lower_bound_of(20, 2, 40, 25, false);
  CHECK_FALSE(b.exact);
  CHECK(b.r == 25 * 292 - 1);  // rho_9(40) = 8 * 40 - 28 = 292 in each of 25 heads
  CHECK(b.log3_upper - b.log3_lower < big_float("1e-6"));
  const hessian_lower_bound e = hessian_lower_bound_of(20, 2, 40, 25, true);
  CHECK(e.log3_lower <= b.log3_upper);
  CHECK(b.log3_lower <= e.log3_upper);
}

TEST_CASE("the bound never exceeds the Gram count (an upper bound for every weight) nor an exact certified value") {
  for (long L = 2; L <= 12; ++L)
    for (long dx : {2L, 3L, 4L, 5L, 8L, 16L, 30L, 64L, 100L, 1000L})
      for (long H : {1L, 2L, 4L}) {
        if (dx % H) continue;
        const auto b = best_hessian_lower_bound(L, dx, H);
        CAPTURE(L);
        CAPTURE(dx);
        CAPTURE(H);
        REQUIRE(b.has_value());
        const gram_count_result g = gram_count(L, dx);
        if (g.exact && b->exact) CHECK(b->value <= g.value);
        CHECK(b->log3_lower <= g.log3);
        CHECK(b->from_N == 2 * dx + 2);
      }
  for (const auto& e : certified_table()) {
    if (!e.exact || e.N != 0 || e.L < 2) continue;  // the exact Gram ranks: sep at every balanced N >= 2 d_x + 2
    const auto b = best_hessian_lower_bound(e.L, e.dx, e.H);
    if (!b) continue;
    CAPTURE(e.L);
    CAPTURE(e.dx);
    CAPTURE(e.H);
    REQUIRE(b->exact);
    CHECK(b->value <= big_int(e.sep));
  }
  // The exact values the tool certifies (the list, from the certified table): the bound stays below them.
  const long certified[][3] = {{3, 4, 31456}, {5, 2, 109024}, {2, 10, 2156}};
  for (const auto& [L, dx, sep] : certified) {
    const auto b = best_hessian_lower_bound(L, dx, 1);
    REQUIRE(b.has_value());
    CHECK(b->value <= big_int(sep));
  }
  // No bound where the theorem gives none: L = 1; d_x = 1 with one head (Theorem 15.1 (iii) needs d >= 2); H not
  // dividing d_x.
  CHECK_FALSE(best_hessian_lower_bound(1, 100, 1).has_value());
  CHECK_FALSE(best_hessian_lower_bound(5, 1, 1).has_value());
  CHECK_FALSE(best_hessian_lower_bound(5, 10, 3).has_value());
}

TEST_CASE(
    "by hand: L = 2, d_x = 2 gives rho_3(2) = 3, r = 2, n = 1, sep >= 6; L = 3, d_x = 4 takes l0 = 1: 2 binom(10, 4) = 420") {
  const auto b = best_hessian_lower_bound(2, 2, 1);
  REQUIRE(b.has_value());
  CHECK(b->level == 1);
  CHECK(b->width == 2);
  CHECK(b->rho == 3);
  CHECK(b->r == 2);
  CHECK(b->n == 1);
  CHECK(b->value == 6);  // the Gram rank there is 18 (certified table): 6 <= 18
  // L = 3, d_x = 4: l0 = 1 (rho_3(4) = 7, r = 6, n = 4): 2 binom(10, 4) = 420; l0 = 2 (rho_9(4) = 10, r = 9, n =
  // 1): 20.
  const auto c = best_hessian_lower_bound(3, 4, 1);
  REQUIRE(c.has_value());
  CHECK(c->level == 1);
  CHECK(c->value == 420);
  CHECK(hessian_lower_bound_of(3, 2, 4).value == 20);
}

TEST_CASE("at a given N: below 2 d_x + 2 the bound is a narrower network's (zero padding), and none below N = 6") {
  for (long N : {6L, 7L, 10L, 13L, 21L, 22L, 100L}) {
    CAPTURE(N);
    const auto b = best_hessian_lower_bound(5, 10, 1, true, N);
    REQUIRE(b.has_value());
    const long width = std::min(10L, N / 2 - 1);
    const auto narrow = best_hessian_lower_bound(5, width, 1);
    REQUIRE(narrow.has_value());
    CHECK(b->width == width);
    CHECK(b->padded == (width < 10));
    CHECK(b->value == narrow->value);
    CHECK(b->from_N == 2 * width + 2);
    CHECK(b->from_N <= N);
  }
  CHECK_FALSE(best_hessian_lower_bound(5, 10, 1, true, 5).has_value());
  // H > 1: floor(N/2) - 1 coordinates kept, full heads first. d_x = 8, H = 2 (heads of 4), N = 10: 4 coordinates,
  // one full head: at L = 4, l0 = 1 (rho_3(4) = 7, r = 6, n = 13): 2 binom(19, 13) = 54264 (l0 = 2: r = 9, n = 4,
  // 1430).
  const auto h = best_hessian_lower_bound(4, 8, 2, true, 10);
  REQUIRE(h.has_value());
  CHECK(h->heads == 1);
  CHECK(h->width == 4);
  CHECK(h->rest_width == 0);
  CHECK(h->r == 6);
  CHECK(h->value == 54264);
  CHECK(h->from_N == 10);
  // N = 14: 6 coordinates, one head of 4 and a block of 2 (rho_3(2) = 3): r = 7 + 3 - 1 = 9.
  const auto h2 = best_hessian_lower_bound(4, 8, 2, true, 14);
  REQUIRE(h2.has_value());
  CHECK(h2->heads == 1);
  CHECK(h2->rest_width == 2);
  CHECK(h2->r == 9);
  CHECK(h2->from_N == 14);
  // Heads of one coordinate: two of them suffice (the real-root trick across heads), one does not.
  CHECK(best_hessian_lower_bound(4, 8, 8, true, 6)->r == 1);
  CHECK_FALSE(best_hessian_lower_bound(4, 8, 8, true, 5).has_value());
  CHECK_FALSE(best_hessian_lower_bound(4, 8, 2, true, 5).has_value());
}

TEST_CASE(
    "the growth: slopes [D - 1, D] against the printed 2 d_x + 1, and the bound within a factor 2 of the Gram count at (30, 1000)") {
  const auto s = growth_slopes_of(5, 1);
  REQUIRE(s.has_lower);
  CHECK(s.lower == 14);
  CHECK(s.upper == 15);
  CHECK(s.printed == 11);
  const auto h = growth_slopes_of(12, 3);  // H D(4) - 1 = 29, D(12) = 78
  REQUIRE(h.has_lower);
  CHECK(h.lower == 29);
  CHECK(h.upper == 78);
  const auto one = growth_slopes_of(1, 1);  // no lower bound; the Gram count's slope D = 1 against the printed 3
  CHECK_FALSE(one.has_lower);
  CHECK(one.upper == 1);
  CHECK(one.printed == 3);
  // At N = 7 (d_x = 8): zero padding keeps 7/2 - 1 = 2 coordinates, so the proven slope is D(2) - 1 = 2 there.
  const auto padded = growth_slopes_of(8, 1, 7);
  REQUIRE(padded.has_lower);
  CHECK(padded.lower == 2);
  CHECK(padded.upper == 36);
  const auto b = best_hessian_lower_bound(30, 1000, 1);
  REQUIRE(b.has_value());
  const gram_count_result g = gram_count(30, 1000);
  CHECK(2 * b->log3_lower >= g.log3);
  CHECK(b->log3_lower <= g.log3);
  // Measured slope at d_x = 3 (D = 6) far above the threshold: between D - 1 and D per layer.
  const auto at = [](long L) { return best_hessian_lower_bound(L, 3, 1, false)->log3_lower; };
  CHECK(at(41) - at(40) >= big_float("4.999999"));  // 3 - (2i - 1)/(n + i) per factor: just below 3^r
  CHECK(at(41) - at(40) <= 6);
}

TEST_CASE("the audit decides the GPT-3 row with the bound: the printed Theorem 2 upper bound is contradicted") {
  const auto m = audit_map_of({96}, {12288}, 96);
  REQUIRE(m.rows.size() == 1);
  for (const auto& f : m.rows[0].findings) {
    if (f.statement == paper_statement::theorem2_upper_printed ||
        f.statement == paper_statement::theorem2_upper_fraction) {
      CHECK(f.status == verdict::contradicted);
      CHECK(f.evidence.source == sep_source::hessian_bound);
      CHECK(f.from_N == 2 * 12288 + 2);
    }
    if (f.statement == paper_statement::theorem2_lower) CHECK(f.status == verdict::holds);
  }
}
