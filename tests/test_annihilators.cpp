// Rank-one annihilators (analysis/structure/annihilators, docs/theory.md section 14): the word of A_L against
// the Gram form, the lemma's degree drop at the points of Z (found mod primes where they are rational) and not
// at a random v, the identity behind it in GiNaC on a small word, and what is proven at L = 3, d_x = 4.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include <ginac/ginac.h>

#include "helpers.hpp"
#include "seprank/analysis/structure/annihilators.hpp"
#include "seprank/analysis/structure/gram_form.hpp"
#include "seprank/analysis/paper/certified_table.hpp"
#include "seprank/analysis/paper/gram_count.hpp"
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

TEST_CASE("L = 3, d_x = 4: two quadrics, four distinct points (pencil and resultant), four operators of order 7") {
  for (std::uint64_t seed : {1, 2, 3}) {
    const auto c = config(3, 4, 1, 4);
    const auto a = analyse_annihilators(c, draw_weights(c, seed, 9));
    CAPTURE(seed);
    REQUIRE(a.proven());
    CHECK(a.C == 13);
    REQUIRE(a.families.size() == 1);
    const auto& f = a.families[0];
    CHECK(f.grouping.order() == 7);
    CHECK(f.quadrics.size() == 2);  // Q_0 and X: the even factors repeat (section 14)
    CHECK(f.dimension == 0);
    CHECK(f.proof == variety_proof::pencil_discriminant);
    CHECK(f.degree() == 4);         // Bezout: two conics in a plane
    CHECK(a.resultant_points == 4);  // the second method
    CHECK(a.resultant.size() == 5);
    CHECK(a.resultant_discriminant != 0);
    // Block 7 is 20,020 x 11,440 (d_x mc(10, 6) x mc(10, 7)): column-limited, so it loses all four; block 8
    // (8,008 x 24,310) has room for them.
    CHECK(a.operators[7] == 4);
    CHECK(a.operators[6] == 0);
    REQUIRE(a.losing.size() == 1);
    CHECK(a.losing[0].k == 7);
    CHECK(a.losing[0].bound == 11436);
    CHECK(a.loss == 4);
    const auto bounds = annihilator_block_bounds(a, c);
    CHECK(bounds[7] == 11436);
    CHECK(bounds[6] == -1);
    CHECK(bounds[8] == -1);
  }
}

TEST_CASE("the groupings of the word: positions and degrees in t, derived by hand") {
  // C = 1 (L = 1): the one M alone.
  auto g1 = annihilator_groupings(1);
  REQUIRE(g1.size() == 1);
  CHECK(g1[0].linear);
  CHECK(g1[0].positions.empty());
  CHECK(g1[0].order() == 1);
  // C = 4 (L = 2): pairs (1,2), (3,4) around K_1, K_3; or M_1 alone, pair (2,3) around K_2, M_4 alone.
  auto g2 = annihilator_groupings(2);
  REQUIRE(g2.size() == 2);
  CHECK(!g2[0].linear);
  CHECK(g2[0].positions == std::vector<int>{1, 3});
  CHECK(g2[0].t_degree == 2);
  CHECK(g2[0].most_quadrics == 2);
  CHECK(g2[1].linear);
  CHECK(g2[1].positions == std::vector<int>{2});
  CHECK(g2[1].t_degree == 2);
  CHECK(g2[1].most_quadrics == 1);
  // C = 13 (L = 3): M_1 alone, pairs around K_2, K_4, ..., K_12.
  auto g3 = annihilator_groupings(3);
  REQUIRE(g3.size() == 1);
  CHECK(g3[0].positions == std::vector<int>{2, 4, 6, 8, 10, 12});
  CHECK(g3[0].t_degree == 6);
  CHECK(g3[0].most_quadrics == 2);
}

TEST_CASE("the variety and the operators against classical Hilbert functions (L = 3, d_x = 5, 6; L = 4, d_x = 5)") {
  // d_x = 5: two quadrics in P^3: an elliptic normal quartic curve, H(d) = 4 d; block 7 needs H(14) = 56.
  const auto c5 = config(3, 5, 1, 4);
  const auto a5 = analyse_annihilators(c5, draw_weights(c5, 1, 9));
  REQUIRE(a5.families.size() == 1);
  CHECK(a5.families[0].dimension == 1);
  CHECK(a5.families[0].smooth());
  CHECK(a5.operators[7] == 4 * 14);
  CHECK(a5.operators[8] == 4 * 16);
  // d_x = 6: two quadrics in P^4: a del Pezzo surface of degree 4, H(d) = 2 d^2 + 2 d + 1.
  const auto c6 = config(3, 6, 1, 4);
  const auto a6 = analyse_annihilators(c6, draw_weights(c6, 1, 9));
  CHECK(a6.families[0].dimension == 2);
  CHECK(a6.operators[7] == 2 * 14 * 14 + 2 * 14 + 1);
  // Block 7 at d_x = 5: rows 5 mc(15, 6) = 193,800, cols mc(15, 7) = 116,280: column-limited, loses all 56.
  REQUIRE(!a5.losing.empty());
  CHECK(a5.losing[0].k == 7);
  CHECK(a5.losing[0].bound == 116280 - 56);
  // L = 4 (C = 40, even), d_x = 5: four quadrics in P^4 meet in 2^4 = 16 points, three in the hyperplane
  // u^perp (P^3) in 8 (Bezout); both proven smooth through the Macaulay matrix mod p.
  const auto c4 = config(4, 5, 1, 4);
  const auto a4 = analyse_annihilators(c4, draw_weights(c4, 1, 9));
  REQUIRE(a4.families.size() == 2);
  CHECK(a4.families[0].proof == variety_proof::macaulay_mod_p);
  CHECK(a4.families[0].dimension == 0);
  CHECK(a4.families[0].degree() == 16);
  CHECK(a4.families[1].proof == variety_proof::macaulay_mod_p);
  CHECK(a4.families[1].degree() == 8);
  CHECK(a4.operators[21] == 16);
  CHECK(a4.operators[20] == 0);
}

TEST_CASE("for every weight: the Noether count, block by block against a direct sum") {
  // e = d_x - L - 1; the refined count is the Gram count minus sum_k max(0, mc(e + 1, 2k) - max(0, cols - rows))
  // over k >= floor(C/2) + 1, summed here over every block with multichoose.
  for (auto [L, dx] : {std::pair{3, 4}, {3, 5}, {3, 7}, {4, 5}, {4, 6}, {5, 6}, {2, 3}, {5, 4}}) {
    CAPTURE(L);
    CAPTURE(dx);
    const std::int64_t C = summed_index_count(L);
    const std::uint64_t D = static_cast<std::uint64_t>(gram_entry_count(dx));
    const int e = dx - L - 1;
    big_int count = 0, loss = 0;
    for (std::int64_t k = 0; k <= C; ++k) {
      const big_int rows = dx * multichoose(D, static_cast<std::uint64_t>(C - k)), cols = multichoose(D, static_cast<std::uint64_t>(k));
      const big_int full = std::min(rows, cols);
      count += full;
      if (e < 0 || k < C / 2 + 1) continue;
      const big_int ops = multichoose(static_cast<std::uint64_t>(e) + 1, 2 * static_cast<std::uint64_t>(k));
      loss += full - std::min(rows, big_int(cols - ops));
    }
    CHECK(refined_gram_count_every_weight(L, dx) == count - loss);
  }
  CHECK(annihilator_dimension_every_weight(3, 4) == 0);
  CHECK(annihilator_dimension_every_weight(3, 3) == -1);
  CHECK(refined_gram_count_every_weight(3, 4) == 31460 - 1);  // one point at least: mc(1, 14) = 1
}

TEST_CASE("never below a certified value: the refined bounds against every H = 1 rank in the shipped table") {
  for (const auto& e : certified_table()) {
    if (e.H != 1) continue;
    CAPTURE(e.L);
    CAPTURE(e.dx);
    CHECK(refined_gram_count_every_weight(e.L, e.dx) >= e.sep);
    const auto c = config(e.L, e.dx, 1, 4);
    const auto a = analyse_annihilators(c, draw_weights(c, 1, 9));
    CHECK(gram_count(e.L, e.dx).value - a.loss >= e.sep);
  }
}

TEST_CASE("where the lemma does not apply, it says why") {
  const auto w2 = [](const network_config& c) { return draw_weights(c, 1, 9); };
  CHECK(analyse_annihilators(config(3, 4, 2, 4), w2(config(3, 4, 2, 4))).skipped == annihilator_skip::heads);
  CHECK(analyse_annihilators(config(3, 4, 1, 4, true), w2(config(3, 4, 1, 4, true))).skipped == annihilator_skip::residual);
  // d_x = 3 at L = 3: two conics and a line in P^2: expected empty, nothing claimed.
  const auto a = analyse_annihilators(config(3, 3, 1, 4), w2(config(3, 3, 1, 4)));
  CHECK(a.families[0].proof == variety_proof::expected_empty);
  CHECK(!a.proven());
}

TEST_CASE("the lemma mod p: at the points of Z the degree in t drops to (C - 1)/2 = 6; at a random v it is C = 13") {
  const auto c = config(3, 4, 1, 4);
  const auto w = draw_weights(c, 1, 9);
  const auto a = analyse_annihilators(c, w);
  REQUIRE(a.proven());
  const auto& fam = a.families[0];
  const gram_word word = gram_word_of(c, w);
  splitmix64 rng{11};
  int primes_with_four_points = 0;
  // Primes where all four points of Z are rational: enumerate the plane's points (x : y : z) over F_p.
  for (std::uint64_t p = 211; p < 3000 && primes_with_four_points < 2; p += 2) {
    if (!n_is_prime(p)) continue;
    // Every even factor of the word itself (not the deduplicated quadrics), restricted to u^perp.
    std::vector<dense_matrix<std::uint64_t>> conic;
    for (std::size_t pos = 2; pos < word.factors.size() - 1; pos += 2) {
      const auto& q = word.factors[pos];
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
    CHECK(fam.quadrics.size() == 2);
    auto value = [&](const dense_matrix<std::uint64_t>& s, const std::uint64_t* wv) {
      std::uint64_t t = 0;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) t = (t + n_mulmod2(n_mulmod2(wv[i], s(i, j), p), wv[j], p)) % p;
      return t;
    };
    std::vector<std::vector<std::uint64_t>> points;
    auto consider = [&](std::uint64_t x, std::uint64_t y, std::uint64_t z) {
      const std::uint64_t wv[3] = {x, y, z};
      if (std::all_of(conic.begin(), conic.end(), [&](const auto& q) { return value(q, wv) == 0; })) points.push_back({x, y, z});
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

TEST_CASE("the lemma for even C mod p (L = 2, d_x = 3): at the points of both groupings the degree in t is C/2 = 2, at a random v 4") {
  const auto c = config(2, 3, 1, 4);
  const auto w = draw_weights(c, 1, 9);
  const auto a = analyse_annihilators(c, w);
  REQUIRE(a.families.size() == 2);
  const gram_word word = gram_word_of(c, w);
  REQUIRE(word.factors.size() == 5);
  splitmix64 rng{5};
  auto q = [](const dense_matrix<mpz_class>& K, const std::vector<std::uint64_t>& v, std::uint64_t p) {  // v^T K v mod p
    std::uint64_t t = 0;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) t = (t + n_mulmod2(n_mulmod2(v[static_cast<std::size_t>(i)], mod(K(i, j), p), p), v[static_cast<std::size_t>(j)], p)) % p;
    return t;
  };
  int checked_a = 0, checked_b = 0;
  for (std::uint64_t p = 101; p < 2000 && (checked_a < 4 || checked_b < 2); p += 2) {
    if (!n_is_prime(p)) continue;
    std::vector<std::uint64_t> u(3);
    for (int j = 0; j < 3; ++j) u[static_cast<std::size_t>(j)] = mod(a.u[static_cast<std::size_t>(j)], p);
    const auto M = random_symmetric(3, p, rng);
    // Points of P^2 over F_p: grouping 1 (v^T K_1 v = v^T K_3 v = 0) and grouping 2 (u^T v = 0, v^T K_2 v = 0).
    auto visit = [&](std::vector<std::uint64_t> v) {
      if (q(word.factors[1], v, p) == 0 && q(word.factors[3], v, p) == 0) {
        CHECK(degree_along(word, c.entry, M, v, p) <= 2);
        ++checked_a;
      }
      std::uint64_t uv = 0;
      for (int j = 0; j < 3; ++j) uv = (uv + n_mulmod2(u[static_cast<std::size_t>(j)], v[static_cast<std::size_t>(j)], p)) % p;
      if (uv == 0 && q(word.factors[2], v, p) == 0) {
        CHECK(degree_along(word, c.entry, M, v, p) <= 2);
        ++checked_b;
      }
    };
    for (std::uint64_t x = 0; x < p; ++x)
      for (std::uint64_t y = 0; y < p; ++y) visit({x, y, 1});
    for (std::uint64_t x = 0; x < p; ++x) visit({x, 1, 0});
    visit({1, 0, 0});
    std::vector<std::uint64_t> random_v(3);
    for (auto& x : random_v) x = rng.next() % p;
    CHECK(degree_along(word, c.entry, M, random_v, p) == 4);
  }
  CHECK(checked_a >= 4);
  CHECK(checked_b >= 2);
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

TEST_CASE("the paired factors are L - 1 formal products (L for even C, grouping A), counted on formal words up to L = 7") {
  // A second derivation of most_quadrics: build A_L's word with factors as formal strings (A_{l+1} =
  // (B F_0), F_1..F_c, F_c^T..F_1^T, (F_0^T E F_0), F_1..F_c; section 14) and count the distinct factors at the
  // paired positions, a factor and its transpose counted once (they give the same quadric).
  auto transposed = [](const std::string& f) { return f.size() > 2 && f.substr(f.size() - 2) == "^T" ? f.substr(0, f.size() - 2) : f + "^T"; };
  auto quadric = [](const std::string& f) { return f.size() > 2 && f.substr(f.size() - 2) == "^T" ? f.substr(0, f.size() - 2) : f; };
  std::vector<std::string> F{"I"};
  for (int L = 1; L <= 7; ++L) {
    const std::string B = "B" + std::to_string(L), E = "E" + std::to_string(L);
    std::vector<std::string> next{"(" + B + "*" + F[0] + ")"};
    next.insert(next.end(), F.begin() + 1, F.end());
    for (std::size_t j = F.size() - 1; j >= 1; --j) next.push_back(transposed(F[j]));
    next.push_back("(" + transposed(F[0]) + "*" + E + "*" + F[0] + ")");
    next.insert(next.end(), F.begin() + 1, F.end());
    F = std::move(next);
    const auto C = static_cast<int>(F.size()) - 1;
    REQUIRE(C == summed_index_count(L));
    CAPTURE(L);
    for (const auto& g : annihilator_groupings(L)) {
      std::set<std::string> distinct;
      for (int j : g.positions) distinct.insert(quadric(F[static_cast<std::size_t>(j)]));
      CHECK(static_cast<int>(distinct.size()) == g.most_quadrics);
    }
  }
}
