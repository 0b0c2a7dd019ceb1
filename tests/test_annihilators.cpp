// Rank-one annihilators (analysis/structure/annihilators, docs/theory.md section 14): the word of A_L against
// the Gram form, the lemma's degree drop at the points of Z (found mod primes where they are rational) and not
// at a random v, the identity behind it in GiNaC on a small word, and what is proven at L = 3, d_x = 4.
#include <doctest/doctest.h>

#include <ginac/ginac.h>

#include "helpers.hpp"
#include "seprank/analysis/structure/annihilators.hpp"
#include "seprank/analysis/structure/gram_form.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/support/random.hpp"

#include <flint/ulong_extras.h>

using namespace seprank;
using testing::config;

namespace {

std::uint64_t mod(const mpz_class& x, std::uint64_t p) {
  mpz_class r = x % static_cast<unsigned long>(p);
  if (r < 0) r += static_cast<unsigned long>(p);
  return r.get_ui();
}

dense_matrix<std::uint64_t> random_symmetric(int dx, std::uint64_t p, splitmix64& rng) {
  dense_matrix<std::uint64_t> M(dx, dx, 0);
  for (int a = 0; a < dx; ++a)
    for (int b = a; b < dx; ++b) M(a, b) = M(b, a) = rng.next() % p;
  return M;
}

}  // namespace

TEST_CASE("the word of A_L is the Gram form: e_p^T A_L(M) at random M mod p, L = 1, 2, 3") {
  const std::uint64_t p = 1000003;
  splitmix64 rng{7};
  for (auto [L, dx] : {std::pair{1, 3}, {2, 3}, {3, 2}, {2, 4}}) {
    const auto c = config(L, dx, 1, 4);
    const auto w = draw_weights(c, 5, 9);
    const gram_word word = gram_word_of(c, w);
    CHECK(word.factors.size() == static_cast<std::size_t>(summed_index_count(L) + 1));
    const gram_form g = gram_form_of(c, w);
    for (int trial = 0; trial < 3; ++trial) {
      const auto M = random_symmetric(dx, p, rng);
      std::vector<mpz_class> point(static_cast<std::size_t>(gram_entry_count(dx)));
      for (int a = 1; a <= dx; ++a)
        for (int b = a; b <= dx; ++b) point[static_cast<std::size_t>(gram_variable(dx, a, b))] = M(a - 1, b - 1);
      const auto row = gram_word_row(word, c.entry, M, p);
      for (int r = 0; r < dx; ++r) CHECK(row[static_cast<std::size_t>(r)] == mod(g.row[static_cast<std::size_t>(r)].evaluate(point), p));
    }
  }
}

TEST_CASE("L = 3, d_x = 4: two quadrics, four distinct points (resultant), four operators of order 7") {
  for (std::uint64_t seed : {1, 2, 3}) {
    const auto c = config(3, 4, 1, 4);
    const auto a = analyse_annihilators(c, draw_weights(c, seed, 9));
    CAPTURE(seed);
    REQUIRE(a.proven());
    CHECK(a.C == 13);
    CHECK(a.degree == 7);
    CHECK(a.quadrics.size() == 2);  // Q_0 and X: the even factors repeat (section 14)
    CHECK(a.points == 4);
    CHECK(a.operators == 4);
    CHECK(a.resultant.size() == 5);
    CHECK(a.discriminant != 0);
    // Block 7 is 20,020 x 11,440 (d_x mc(10, 6) x mc(10, 7)): column-limited, so it loses all four.
    CHECK(annihilator_block_bound(a, 7, 4 * 5005, 11440) == 11436);
    CHECK(annihilator_block_bound(a, 6, 4 * 3003, 8008) == 8008);
  }
}

TEST_CASE("where the lemma does not apply, it says why") {
  const auto w2 = [](const network_config& c) { return draw_weights(c, 1, 9); };
  CHECK(analyse_annihilators(config(2, 4, 1, 4), w2(config(2, 4, 1, 4))).skipped == annihilator_skip::even_C);
  CHECK(analyse_annihilators(config(3, 4, 2, 4), w2(config(3, 4, 2, 4))).skipped == annihilator_skip::heads);
  CHECK(analyse_annihilators(config(3, 4, 1, 4, true), w2(config(3, 4, 1, 4, true))).skipped == annihilator_skip::residual);
  CHECK(analyse_annihilators(config(3, 5, 1, 4), w2(config(3, 5, 1, 4))).skipped == annihilator_skip::not_finite);
  CHECK(analyse_annihilators(config(3, 3, 1, 4), w2(config(3, 3, 1, 4))).skipped == annihilator_skip::not_finite);
}

TEST_CASE("the lemma mod p: at the points of Z the degree in t drops to (C - 1)/2 = 6; at a random v it is C = 13") {
  const auto c = config(3, 4, 1, 4);
  const auto w = draw_weights(c, 1, 9);
  const auto a = analyse_annihilators(c, w);
  REQUIRE(a.proven());
  const gram_word word = gram_word_of(c, w);
  splitmix64 rng{11};
  int primes_with_four_points = 0;
  // Primes where all four points of Z are rational: enumerate the plane's points (x : y : z) over F_p.
  for (std::uint64_t p = 211; p < 3000 && primes_with_four_points < 2; p += 2) {
    if (!n_is_prime(p)) continue;
    std::vector<dense_matrix<std::uint64_t>> conic;
    for (const auto& q : a.quadrics) {
      dense_matrix<std::uint64_t> s(3, 3, 0);
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
          mpz_class x = 0;
          for (int k = 0; k < 4; ++k)
            for (int l = 0; l < 4; ++l) x += a.plane_basis(k, i) * q(k, l) * a.plane_basis(l, j);
          s(i, j) = mod(x, p);
        }
      conic.push_back(s);
    }
    auto value = [&](const dense_matrix<std::uint64_t>& s, const std::uint64_t* wv) {
      std::uint64_t t = 0;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) t = (t + n_mulmod2(n_mulmod2(wv[i], s(i, j), p), wv[j], p)) % p;
      return t;
    };
    std::vector<std::vector<std::uint64_t>> points;
    auto consider = [&](std::uint64_t x, std::uint64_t y, std::uint64_t z) {
      const std::uint64_t wv[3] = {x, y, z};
      if (value(conic[0], wv) == 0 && value(conic[1], wv) == 0) points.push_back({x, y, z});
    };
    for (std::uint64_t x = 0; x < p; ++x)
      for (std::uint64_t y = 0; y < p; ++y) consider(x, y, 1);
    for (std::uint64_t x = 0; x < p; ++x) consider(x, 1, 0);
    consider(1, 0, 0);
    if (points.size() != 4) continue;
    ++primes_with_four_points;
    CAPTURE(p);
    const auto M = random_symmetric(4, p, rng);
    for (const auto& pt : points) {
      std::vector<std::uint64_t> v(4, 0);
      for (int k = 0; k < 4; ++k)
        for (int i = 0; i < 3; ++i) v[static_cast<std::size_t>(k)] = (v[static_cast<std::size_t>(k)] + n_mulmod2(mod(a.plane_basis(k, i), p), pt[static_cast<std::size_t>(i)], p)) % p;
      CHECK(degree_along(word, c.entry, M, v, p) == 6);
    }
    std::vector<std::uint64_t> random_v(4);
    for (auto& x : random_v) x = rng.next() % p;
    CHECK(degree_along(word, c.entry, M, random_v, p) == 13);
  }
  CHECK(primes_with_four_points == 2);
}

TEST_CASE("the identity behind the lemma, in GiNaC: u^T M_t K_1 M_t K_2 M_t K_3 has degree 1 in t under the conditions") {
  using namespace GiNaC;
  // d_x = 2, C = 3: u^T v = 0 (u_2 solved for) and v^T K_2 v = 0 (K_2's (1,1) entry solved for).
  const symbol t("t"), u1("u1"), v1("v1"), v2("v2"), m11("m11"), m12("m12"), m22("m22"), b("b"), cc("c");
  const ex u2 = -u1 * v1 / v2;
  const ex a = -(2 * b * v1 * v2 + cc * v2 * v2) / (v1 * v1);
  auto gen = [](const char* n) {
    matrix K(2, 2);
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) K(i, j) = symbol(std::string(n) + std::to_string(i) + std::to_string(j));
    return K;
  };
  const matrix K1 = gen("p"), K3 = gen("q");
  const matrix K2 = {{a, b}, {b, cc}};
  const matrix Mt = {{m11 + t * v1 * v1, m12 + t * v1 * v2}, {m12 + t * v1 * v2, m22 + t * v2 * v2}};
  const matrix u = {{u1, u2}};
  const matrix P = u.mul(Mt).mul(K1).mul(Mt).mul(K2).mul(Mt).mul(K3);
  for (int r = 0; r < 2; ++r) {
    const ex e = normal(expand(P(0, r)));
    CHECK(numer(e).expand().degree(t) == 1);
  }
  // Without the conditions the degree is C = 3.
  const matrix free_u = {{u1, symbol("u2")}};
  const matrix Q = free_u.mul(Mt).mul(K1).mul(Mt).mul(gen("k")).mul(Mt).mul(K3);
  CHECK(expand(Q(0, 0)).degree(t) == 3);
}
