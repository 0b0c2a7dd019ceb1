#include <doctest/doctest.h>

#include "helpers.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/engine/modp_network.hpp"
#include "seprank/engine/network.hpp"

using namespace seprank;
using seprank::testing::weights_from;
using testing::config;

TEST_CASE("L = 1, dx = 1, N = 2 by hand: y = qkvo x1 (x1^2 + x2^2)") {
  const auto c = config(1, 1, 1, 2);
  const auto ring = make_input_ring(c);
  const auto w = weights_from(c, {{2}, {3}, {5}, {7}});  // q k v o = 210
  CHECK(expand_output(c, w, ring) == polynomial::parse(ring, "210*x1_1^3 + 210*x1_1*x2_1^2"));
}

TEST_CASE("L = 2, dx = 1, N = 2 by hand: y = c2 c1^3 x1 (x1^2 + x2^2)^4") {
  // Layer 1: y^1_j = c1 x_j s with s = x1^2 + x2^2; layer 2: y = c2 y_1 (y_1^2 + y_2^2) = c2 c1^3 x1 s^4.
  const auto c = config(2, 1, 1, 2);
  const auto ring = make_input_ring(c);
  const auto w = weights_from(c, {{1}, {2}, {-1}, {1}, {3}, {1}, {1}, {-2}});  // c1 = -2, c2 = -6
  const auto s = polynomial::parse(ring, "x1_1^2 + x2_1^2");
  polynomial s4 = s * s;
  s4 = s4 * s4;
  CHECK(expand_output(c, w, ring) == 48 * polynomial::parse(ring, "x1_1") * s4);  // -6 * (-2)^3 = 48
}

TEST_CASE("L = 1, dx = 2, identity weights, by hand") {
  // y_1 = <a,a> a_1 + <a,b> b_1 = a1^3 + a1 a2^2 + a1 b1^2 + a2 b1 b2 with a = x^1, b = x^2.
  const auto c = config(1, 2, 1, 2);
  const auto ring = make_input_ring(c);
  const auto w = weights_from(c, {{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}});
  CHECK(expand_output(c, w, ring) == polynomial::parse(ring, "x1_1^3 + x1_1*x1_2^2 + x1_1*x2_1^2 + x1_2*x2_1*x2_2"));
}

TEST_CASE("L = 1, dx = 2, two heads of size 1, by hand") {
  // Head 1 reads and writes coordinate 1, head 2 coordinate 2: y_1 = a1 (a1^2 + b1^2), y_2 = a2 (a2^2 + b2^2).
  auto c = config(1, 2, 2, 2);
  const auto ring = make_input_ring(c);
  const auto w = weights_from(c, {{1, 0}, {1, 0}, {1, 0}, {1, 0}, {0, 1}, {0, 1}, {0, 1}, {0, 1}});
  CHECK(expand_output(c, w, ring) == polynomial::parse(ring, "x1_1^3 + x1_1*x2_1^2"));
  c.entry = 2;
  CHECK(expand_output(c, w, ring) == polynomial::parse(ring, "x1_2^3 + x1_2*x2_2^2"));
  c.position = 2;
  CHECK(expand_output(c, w, ring) == polynomial::parse(ring, "x2_2^3 + x2_2*x1_2^2"));
}

TEST_CASE("residual, L = 1, dx = 1 by hand: y = x1 + c x1 (x1^2 + x2^2)") {
  auto c = config(1, 1, 1, 2);
  c.residual = true;
  const auto ring = make_input_ring(c);
  const auto w = weights_from(c, {{1}, {1}, {2}, {3}});
  CHECK(expand_output(c, w, ring) == polynomial::parse(ring, "x1_1 + 6*x1_1^3 + 6*x1_1*x2_1^2"));
}

TEST_CASE("expansion = literal forward pass (eq. 3) at integer points") {
  for (const auto& c : {config(2, 2, 1, 3), config(2, 4, 2, 2), config(1, 3, 3, 4), config(3, 1, 1, 3)}) {
    const auto ring = make_input_ring(c);
    const auto w = draw_weights(c, 11, 5);
    const auto y = expand_output(c, w, ring);
    for (int trial = 0; trial < 3; ++trial) {
      std::vector<mpz_class> point;
      std::vector<std::vector<mpz_class>> x(c.N);
      for (int v = 0; v < c.variable_count(); ++v) point.push_back((v * 7 + trial * 13) % 11 - 5);
      for (int j = 1; j <= c.N; ++j)
        for (int r = 1; r <= c.dx; ++r) x[j - 1].push_back(point[c.variable(j, r)]);
      CHECK(forward_output<mpz_class, long>(c, w, x) == y.evaluate(point));
    }
  }
}

TEST_CASE("homogeneous of degree 3^L") {
  for (const auto& c : {config(1, 3, 1, 3), config(2, 2, 2, 3), config(3, 1, 1, 2), config(2, 3, 1, 2)}) {
    const auto ring = make_input_ring(c);
    const auto y = expand_output(c, draw_weights(c, 2, 9), ring);
    REQUIRE(!y.is_zero());
    for (long t = 0; t < y.term_count(); ++t) {
      unsigned long d = 0;
      for (auto e : y.exponents(t)) d += e;
      CHECK(d == static_cast<unsigned long>(output_degree(c.L)));
    }
  }
}

TEST_CASE("symbolic weights, L = 1, dx = 1: y = Q K V O x1 (x1^2 + x2^2)") {
  const auto c = config(1, 1, 1, 2);
  const auto ring = make_input_ring(c);
  const auto sw = make_symbolic_weights(c);
  const auto& h = sw.layers[0][0];
  const GiNaC::ex x1 = ring->symbol(0), x2 = ring->symbol(1);
  const GiNaC::ex expected = h.Q(0, 0) * h.K(0, 0) * h.V(0, 0) * h.O(0, 0) * x1 * (x1 * x1 + x2 * x2);
  CHECK(GiNaC::expand(symbolic_output(c, sw, ring) - expected).is_zero());
}

TEST_CASE("symbolic weights, L = 1, dx = 2: substituting a draw gives the FLINT expansion") {
  for (int H : {1, 2}) {
    const auto c = config(1, 2, H, 2);
    const auto ring = make_input_ring(c);
    const auto sw = make_symbolic_weights(c);
    const auto w = draw_weights(c, 5, 9);
    const GiNaC::ex y = symbolic_output(c, sw, ring);
    CHECK(from_ginac(y.subs(weight_substitution(sw, w)), ring) == expand_output(c, w, ring));
  }
}

TEST_CASE("the mod-p forward pass equals the literal forward pass reduced mod p (62-bit and < 2^28 primes)") {
  // Below 2^28 the forward pass sums products unreduced in 64 bits: a separate code path.
  for (const std::uint64_t p : {draw_prime(5), std::uint64_t{268435399}, std::uint64_t{134217757}})
    for (const auto& c : {config(2, 4, 2, 3), config(3, 2, 1, 2), config(2, 3, 3, 4, true), config(2, 8, 1, 4)}) {
      const auto w = draw_weights(c, 7, 9);
      const modp_network net(c, w, p);
      std::vector<std::uint64_t> x(c.variable_count()), scratch;
      std::vector<std::vector<mpz_class>> xz(c.N, std::vector<mpz_class>(c.dx));
      for (int v = 0; v < c.variable_count(); ++v) {
        const long value = (v * 37 + 11) % 23 - 11;
        x[v] = static_cast<std::uint64_t>(value < 0 ? static_cast<long>(p) + value : value);
        xz[v / c.dx][v % c.dx] = value;
      }
      mpz_class exact = forward_output<mpz_class, long>(c, w, xz) % p;
      if (exact < 0) exact += p;
      CHECK(net.evaluate(x, scratch) == exact.get_ui());
    }
}
