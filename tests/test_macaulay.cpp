// engine/macaulay: Macaulay matrices, their span degree, polynomial determinants and quadratic forms, against
// answers derived by hand (Hilbert functions of monomial ideals and complete intersections).
#include <doctest/doctest.h>

#include "seprank/engine/macaulay.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/support/random.hpp"

using namespace seprank;

namespace {
dense_matrix<mpz_class> integer_matrix_of(std::initializer_list<std::initializer_list<long>> rows) {
  dense_matrix<mpz_class> S(static_cast<int>(rows.size()), static_cast<int>(rows.begin()->size()), mpz_class(0));
  int i = 0;
  for (const auto& r : rows) {
    int j = 0;
    for (long v : r) S(i, j++) = v;
    ++i;
  }
  return S;
}
const std::uint64_t p = 8388593;  // a prime below 2^23, as the annihilators use
}  // namespace

TEST_CASE("quadratic forms and determinants of polynomial matrices, by hand") {
  const ring_ptr R = form_ring(2);
  const polynomial x = polynomial::variable(R, 0), y = polynomial::variable(R, 1);
  // x^T S x with S = [[1, 2], [0, 3]]: x0^2 + 2 x0 x1 + 3 x1^2 (the asymmetric part counts once, as written).
  CHECK(quadratic_form(integer_matrix_of({{1, 2}, {0, 3}}), R) == x * x + 2 * x * y + 3 * y * y);
  CHECK(quadratic_form(integer_matrix_of({{0, 5}, {-5, 0}}), R).is_zero());  // antisymmetric: the zero form
  CHECK(determinant({{x, y}, {y, x}}) == x * x - y * y);
  // A constant 3 x 3 matrix: det [[2, 0, 1], [1, 3, 2], [1, 1, 1]] = 2 (3 - 2) - 0 + 1 (1 - 3) = 0.
  auto c = [&](long v) { return polynomial::constant(R, v); };
  CHECK(determinant({{c(2), c(0), c(1)}, {c(1), c(3), c(2)}, {c(1), c(1), c(1)}}).is_zero());
  CHECK(determinant({{c(2), c(0), c(1)}, {c(1), c(3), c(2)}, {c(1), c(1), c(2)}}) == c(6));  // 2 (6 - 2) - 0 + (1 - 3)
}

TEST_CASE("Macaulay matrices: sizes by formula and the degree from which an ideal holds every form") {
  const ring_ptr R = form_ring(2);
  const polynomial x = polynomial::variable(R, 0), y = polynomial::variable(R, 1);
  // (x^2, y^2): degree 2 misses x y (rank 2 of 3 columns); every monomial of degree 3 has x^2 or y^2.
  const std::vector<polynomial> squares{x * x, y * y};
  const integer_matrix m2 = macaulay_matrix(squares, 2), m3 = macaulay_matrix(squares, 3);
  CHECK(m2.rows == 2);
  CHECK(m2.cols == 3);
  CHECK(m3.rows == 4);
  CHECK(m3.cols == 4);
  CHECK(macaulay_rows(squares, 3) == 4);
  CHECK(macaulay_cols(2, 3) == 4);
  CHECK(rank_mod_p(m2, p) == 2);
  CHECK(macaulay_span_degree(squares, 2, 6, p, 1000000, [](double, double, int) {}) == 3);
  // One form in two variables never spans: d - 1 rows against d + 1 columns.
  CHECK(macaulay_span_degree({x * y}, 2, 8, p, 1000000, [](double, double, int) {}) == 0);
  // A size cap below the first matrix: nothing is built.
  int announced = 0;
  CHECK(macaulay_span_degree(squares, 3, 6, p, 15, [&](double, double, int) { ++announced; }) == 0);
  CHECK(announced == 0);
}

TEST_CASE("n random quadrics in n variables: a complete intersection spans exactly from degree n + 1") {
  // The Hilbert series of n quadrics forming a regular sequence in n variables is (1 + t)^n: nonzero up to degree n,
  // zero from n + 1 (the Macaulay bound). Random integer quadrics are a regular sequence with probability ~1; a
  // failure would show as 0 (never spanned), not as a smaller degree.
  splitmix64 rng{20261127};
  for (int n = 2; n <= 4; ++n) {
    CAPTURE(n);
    const ring_ptr R = form_ring(n);
    std::vector<polynomial> gens;
    for (int q = 0; q < n; ++q) {
      dense_matrix<mpz_class> S(n, n, mpz_class(0));
      for (int i = 0; i < n; ++i)
        for (int j = i; j < n; ++j) S(i, j) = S(j, i) = static_cast<long>(rng.next() % 19) - 9;
      gens.push_back(quadratic_form(S, R));
    }
    std::vector<int> degrees;
    CHECK(macaulay_span_degree(gens, 2, n + 3, p, 10000000, [&](double rows, double cols, int d) {
            CHECK(rows == n * multichoose_double(n, d - 2));  // one row per generator and monomial of degree d - 2
            CHECK(cols == multichoose_double(n, d));
            degrees.push_back(d);
          }) == n + 1);
    // In degree n the quotient has dimension binom(n, n) = 1: the rank is one short of full.
    CHECK(rank_mod_p(macaulay_matrix(gens, n), p) == static_cast<long>(multichoose_double(n, n)) - 1);
  }
}
