// The lower bound on sep at every size (docs/theory.md, section 15): the block Hessians of gamma against a second
// route and an independent implementation's ranks, the factorisation y_p = gamma^n f and the H > 1 heads by a
// literal forward recursion of our own, the shipped table (a sample recomputed, a planted wrong row caught), the
// choice of blocks against brute force, the interval against exact binomials, and the bound against every upper
// bound the tool proves (the Gram count) and every exact value it certifies (the certified table).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "seprank/analysis/paper/audit.hpp"
#include "seprank/analysis/paper/certified_table.hpp"
#include "seprank/analysis/paper/gram_count.hpp"
#include "seprank/analysis/paper/hessian_table.hpp"
#include "seprank/analysis/paper/lower_bound.hpp"
#include "seprank/analysis/structure/hessian_rank.hpp"
#include "seprank/support/random.hpp"

#include <flint/ulong_extras.h>

using namespace seprank;

namespace {

const std::uint64_t p = 2305843009213693951ULL;  // 2^61 - 1

using matrix = std::vector<std::vector<std::uint64_t>>;

std::uint64_t mulm(std::uint64_t a, std::uint64_t b) { return n_mulmod2(a, b, p); }
std::uint64_t addm(std::uint64_t a, std::uint64_t b) { return (a + b) % p; }
std::uint64_t of(long v) { return v >= 0 ? static_cast<std::uint64_t>(v) % p : p - static_cast<std::uint64_t>(-v) % p; }

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
  const int rows[][3] = {{2, 1, 3}, {5, 1, 9}, {12, 1, 23}, {3, 2, 6}, {8, 2, 36}, {9, 2, 44}, {13, 2, 76}, {4, 3, 10}, {9, 3, 45}};
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
  for (int L : {2, 3, 4})
    for (int level = 1; level < L; ++level)
      for (int d : {2, 3}) {
        CAPTURE(L);
        CAPTURE(level);
        CAPTURE(d);
        const hessian_block_data x = draw_hessian_block(d, level, 500 + 100 * L + 10 * level + d);
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
        const auto row = f_row_mod_p(x, p);
        for (int j = 0; j < d; ++j) f = addm(f, mulm(row[j], xi[j]));
        const long n = (static_cast<long>(std::pow(3, L - level)) - 1) / 2;
        CHECK(y == mulm(power(gamma_mod_p(x, p), n), f));
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

TEST_CASE("the shipped Hessian table: a sample recomputed, and a planted wrong row is caught") {
  const auto& table = hessian_table();
  REQUIRE(table.size() >= 160);
  int checked = 0;
  for (const auto& row : table) {
    if (row.d > 12 && !(row.level == 1 && row.d == 40)) continue;  // the small rows and one large one: seconds
    CAPTURE(row.level);
    CAPTURE(row.d);
    CHECK(hessian_table_row_verifies(row));
    ++checked;
  }
  CHECK(checked >= 40);
  certified_hessian_rank planted = table[20];
  planted.rank += 1;
  CHECK_FALSE(hessian_table_row_verifies(planted));
  planted = table[20];
  planted.attempt += 1;  // another draw: another prime
  CHECK_FALSE(hessian_table_row_verifies(planted));
  // Every rank is at most D and at least 1, and for l0 = 1 it is 2d - 1 (the measured law, every row).
  for (const auto& row : table) {
    CHECK(row.rank >= 1);
    CHECK(row.rank <= static_cast<long>(row.d) * (row.d + 1) / 2);
    if (row.level == 1) CHECK(row.rank == 2 * row.d - 1);
  }
}

TEST_CASE("best_blocks: the knapsack over the table's sizes agrees with brute force") {
  for (int level : {1, 2, 3})
    for (long width = 1; width <= 60; ++width)
      for (int min_blocks : {1, 2}) {
        // Brute force: best[c] over sizes in the table, at least min_blocks blocks.
        std::vector<std::pair<int, long>> sizes;
        for (const auto& r : hessian_table())
          if (r.level == level) sizes.emplace_back(r.d, r.rank);
        std::vector<std::vector<long>> best(3, std::vector<long>(width + 1, -1));
        for (long c = 0; c <= width; ++c) {
          best[0][c] = 0;
          for (int j = 0; j < 3; ++j) {
            if (c > 0) best[j][c] = std::max(best[j][c], best[j][c - 1]);
            for (const auto& [d, rk] : sizes)
              if (d <= c && best[j == 0 ? 0 : j - 1][c - d] >= 0) best[j][c] = std::max(best[j][c], best[j == 0 ? 0 : j - 1][c - d] + rk);
          }
        }
        const auto got = best_blocks(level, width, min_blocks);
        CAPTURE(level);
        CAPTURE(width);
        CAPTURE(min_blocks);
        if (best[min_blocks][width] < 0) {
          CHECK_FALSE(got.has_value());
          continue;
        }
        REQUIRE(got.has_value());
        CHECK(got->rank_sum == best[min_blocks][width]);
        long used = 0, count = 0;
        big_int sum = 0;
        for (const auto& u : got->blocks) used += u.d * u.count, count += u.count, sum += big_int(u.count) * u.rank;
        CHECK(used <= width);
        CHECK(count >= min_blocks);
        CHECK(sum == got->rank_sum);
      }
  // Past the exact tables: copies of the best ratio block, and the sum is still achieved by the blocks listed.
  const auto far = best_blocks(4, 1000000, 2);
  REQUIRE(far.has_value());
  long used = 0;
  for (const auto& u : far->blocks) used += u.d * u.count;
  CHECK(used <= 1000000);
  CHECK(far->rank_sum >= big_int(1000000 / 64 - 1) * 2080);
}

TEST_CASE("the bound's interval contains log_3 of the exact value, and the exact value is 2 binom(r + n, n)") {
  for (long L : {2L, 3L, 4L, 5L, 6L})
    for (long r_plus_1 : {2L, 3L, 5L, 17L, 200L}) {
      for (int level = 1; level < L && level <= 4; ++level) {
        const hessian_lower_bound b = hessian_lower_bound_of(L, 100, level, {{1, r_plus_1, 1}});
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
  const hessian_lower_bound b = hessian_lower_bound_of(20, 1000, 2, {{40, 25, 292}}, 1, false);
  CHECK_FALSE(b.exact);
  CHECK(b.log3_upper - b.log3_lower < big_float("1e-6"));
  const hessian_lower_bound e = hessian_lower_bound_of(20, 1000, 2, {{40, 25, 292}}, 1, true);
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
  // No bound where the theorem gives none: L = 1; d_x = 1 with one head (two blocks do not fit); H not dividing d_x.
  CHECK_FALSE(best_hessian_lower_bound(1, 100, 1).has_value());
  CHECK_FALSE(best_hessian_lower_bound(5, 1, 1).has_value());
  CHECK_FALSE(best_hessian_lower_bound(5, 10, 3).has_value());
}

TEST_CASE("by hand: L = 2, d_x = 2, H = 1 gives blocks 1 + 1, r = 1, n = 1 and sep >= 2 binom(2, 1) = 4") {
  const auto b = best_hessian_lower_bound(2, 2, 1);
  REQUIRE(b.has_value());
  CHECK(b->level == 1);
  REQUIRE(b->blocks.size() == 1);
  CHECK(b->blocks[0].d == 1);
  CHECK(b->blocks[0].count == 2);
  CHECK(b->r == 1);
  CHECK(b->n == 1);
  CHECK(b->value == 4);  // the Gram rank there is 18 (certified table): 4 <= 18
}

TEST_CASE("the audit decides the GPT-3 row with the bound: the printed Theorem 2 upper bound is contradicted") {
  const auto m = audit_map_of({96}, {12288}, 96);
  REQUIRE(m.rows.size() == 1);
  for (const auto& f : m.rows[0].findings) {
    if (f.statement == paper_statement::theorem2_upper_printed || f.statement == paper_statement::theorem2_upper_fraction) {
      CHECK(f.status == verdict::contradicted);
      CHECK(f.evidence.source == sep_source::hessian_bound);
      CHECK(f.from_N == 2 * 12288 + 2);
    }
    if (f.statement == paper_statement::theorem2_lower) CHECK(f.status == verdict::proved);
  }
}
