#include <doctest/doctest.h>

#include "seprank/engine/polynomial.hpp"
#include "seprank/report/format.hpp"
#include "seprank/support/interrupt.hpp"

using namespace seprank;

namespace {
ring_ptr xyz() { return std::make_shared<const polynomial_ring>(std::vector<std::string>{"x", "y", "z"}); }
}  // namespace

TEST_CASE("arithmetic agrees with hand expansion") {
  const auto R = xyz();
  const auto x = polynomial::variable(R, 0), y = polynomial::variable(R, 1);
  const polynomial s = x + y;
  CHECK(s * s == polynomial::parse(R, "x^2 + 2*x*y + y^2"));
  CHECK((x - y) * (x + y) == polynomial::parse(R, "x^2 - y^2"));
  CHECK(3 * x * 2 == polynomial::parse(R, "6*x"));
  CHECK((s * s).term_count() == 3);
  CHECK((s * s).total_degree() == 2);
  CHECK(polynomial(R).is_zero());
  CHECK(polynomial(R).total_degree() == -1);
}

TEST_CASE("copies are independent (RAII)") {
  const auto R = xyz();
  polynomial a = polynomial::variable(R, 0);
  polynomial b = a;
  b += polynomial::constant(R, 1);
  CHECK(a == polynomial::parse(R, "x"));
  CHECK(b == polynomial::parse(R, "x + 1"));
  polynomial c = std::move(b);
  CHECK(c == polynomial::parse(R, "x + 1"));
  c = a;
  CHECK(c == a);
}

TEST_CASE("terms: exponents and exact big coefficients") {
  const auto R = xyz();
  const auto p = polynomial::parse(R, "1267650600228229401496703205376*x^2*z - 5*y");  // 2^100
  REQUIRE(p.term_count() == 2);
  CHECK(p.exponents(0) == std::vector<unsigned long>{2, 0, 1});  // lex order: x first
  CHECK(p.coefficient_string(0) == "1267650600228229401496703205376");
  CHECK(p.coefficient_string(1) == "-5");
}

TEST_CASE("exact GiNaC -> FLINT conversion, including huge coefficients") {
  const auto R = xyz();
  const auto p = polynomial::parse(R, "-340282366920938463463374607431768211457*x*y^3 + 7*z^5 - 1");  // -(2^128+1)
  // The same polynomial written with GiNaC arithmetic (2^128 computed by GiNaC, not parsed).
  const GiNaC::ex two128 = GiNaC::pow(GiNaC::numeric(2), 128);
  const GiNaC::ex e =
      GiNaC::expand(-(two128 + 1) * R->symbol(0) * GiNaC::pow(R->symbol(1), 3) + 7 * GiNaC::pow(R->symbol(2), 5) - 1);
  CHECK(from_ginac(e, R) == p);
}

TEST_CASE("from_ginac rejects non-polynomials") {
  const auto R = xyz();
  CHECK_THROWS_AS(from_ginac(R->symbol(0) / 2, R), std::invalid_argument);
  CHECK_THROWS_AS(from_ginac(1 / R->symbol(0), R), std::invalid_argument);
  GiNaC::symbol w("w");
  CHECK_THROWS_AS(from_ginac(w * R->symbol(0), R), std::invalid_argument);
}

TEST_CASE("composition and evaluation") {
  const auto R = xyz();
  const auto p = polynomial::parse(R, "x^2*y + z");
  const auto q = p.compose(R, {polynomial::parse(R, "y + z"), polynomial::parse(R, "x"), polynomial::parse(R, "2")});
  CHECK(q == polynomial::parse(R, "x*y^2 + 2*x*y*z + x*z^2 + 2"));
  CHECK(p.evaluate({2, 3, -4}) == 8);
}

TEST_CASE("deterministic text and LaTeX rendering") {
  const auto R = std::make_shared<const polynomial_ring>(std::vector<std::string>{"a", "b"},
                                                         std::vector<std::string>{"\\alpha", "\\beta"});
  const auto p = polynomial::parse(R, "b - 3*a^2*b + a");
  CHECK(polynomial_text(p) == "-3*a^2*b\n+a\n+b\n");
  CHECK(polynomial_latex(p) == "-3 {\\alpha}^{2} {\\beta} + {\\alpha} + {\\beta}");
}

// A product too large for one uninterrupted FLINT call (more than 10^7 term products) is summed over slices of
// its first factor: checked against the binomial expansion, not against another product.
TEST_CASE("a large product is exact and honours the deadline") {
  const auto R = std::make_shared<const polynomial_ring>(std::vector<std::string>{"x", "y", "z", "w"});
  polynomial s = polynomial::constant(R, 1);
  for (int v = 0; v < 4; ++v) s += polynomial::variable(R, v);
  polynomial a = polynomial::constant(R, 1), b = polynomial::constant(R, 1);
  for (int k = 0; k < 20; ++k) a *= s;
  for (int k = 0; k < 10; ++k) b *= s;
  REQUIRE(a.term_count() == 10626);  // binom(24, 4) monomials of degree <= 20 in 4 variables
  REQUIRE(b.term_count() == 1001);   // binom(14, 4): 10626 x 1001 > 10^7 term products, so sliced
  const polynomial p = a * b;        // (1 + x + y + z + w)^30
  CHECK(p.term_count() == 46376);    // binom(34, 4)
  CHECK(p.total_degree() == 30);
  // At (x, y, z, w) = (2, 3, 5, 7): 18^30; at (1, -1, 1, -1): 1.
  mpz_class expected;
  mpz_ui_pow_ui(expected.get_mpz_t(), 18, 30);
  CHECK(p.evaluate({2, 3, 5, 7}) == expected);
  CHECK(p.evaluate({1, -1, 1, -1}) == 1);
  // The multinomial coefficient of x^10 y^10 z^10: 30! / (10!)^3.
  mpz_class f30, f10;
  mpz_fac_ui(f30.get_mpz_t(), 30);
  mpz_fac_ui(f10.get_mpz_t(), 10);
  const mpz_class multinomial = f30 / (f10 * f10 * f10);
  bool found = false;
  for (long t = 0; t < p.term_count(); ++t)
    if (p.exponents(t) == std::vector<unsigned long>{10, 10, 10, 0}) {
      found = true;
      CHECK(p.coefficient(t) == multinomial);
    }
  CHECK(found);
  set_deadline(0);
  CHECK_THROWS_AS(a * b, time_limit_reached);
  clear_deadline();
}
