#include <doctest/doctest.h>

#include "seprank/analysis/structure/monomial_space.hpp"

using namespace seprank;

namespace {
network_config cfg(int L, int dx, int N, bool residual = false) {
  network_config c;
  c.L = L, c.dx = dx, c.N = N, c.residual = residual;
  return c;
}
}  // namespace

TEST_CASE("binomials, exact and saturating") {
  CHECK(binomial(10, 3, 1000).value == 120);
  CHECK(binomial(52, 5, 10000000).value == 2598960);
  CHECK(binomial(3, 5, 10).value == 0);
  CHECK(binomial(100, 50, 1000000).exceeds);
  CHECK(binomial(100, 50, 1000000).str() == "more than 1000000");
}

TEST_CASE("output monomial space, counted by hand") {
  // dx = 1: monomials x_i^{2e_i+1} prod_{j != i} x_j^{2e_j} with sum e = C: compositions of C into N parts.
  CHECK(output_monomial_count(cfg(1, 1, 2), 1000).value == 2);   // C = 1: x1^3, x1 x2^2
  CHECK(output_monomial_count(cfg(2, 1, 2), 1000).value == 5);   // C = 4: C + 1
  CHECK(output_monomial_count(cfg(3, 1, 2), 1000).value == 14);  // C = 13
  CHECK(output_monomial_count(cfg(2, 1, 3), 1000).value == 15);  // binom(C + 2, 2) = binom(6, 2)
  // L = 1, dx = 2, N = 2 (C = 1): degree 3 in x^1 (4 monomials) or x^1_r times degree 2 in x^2 (2 * 3).
  CHECK(output_monomial_count(cfg(1, 2, 2), 1000).value == 10);
  // Residual, dx = 1, N = 2, L = 1: the above plus x1 itself.
  CHECK(output_monomial_count(cfg(1, 1, 2, true), 1000).value == 3);
  CHECK(output_monomial_count(cfg(8, 4, 64), 1000000).exceeds);
}
