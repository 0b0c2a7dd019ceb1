// The shared counts (model/quantities), each against values worked out by hand.
#include <doctest/doctest.h>

#include <algorithm>
#include <stdexcept>

#include "seprank/model/monomial_index.hpp"
#include "seprank/model/quantities.hpp"

using namespace seprank;

TEST_CASE("3^L and C = (3^L - 1)/2, closed form and recursion") {
  CHECK(power_of_three(0) == 1);
  CHECK(power_of_three(5) == 243);
  CHECK(power_of_three(96).str() == "6362685441135942358474828762538534230890216321");
  const long long C[] = {0, 1, 4, 13, 40, 121, 364, 1093, 3280};
  for (int L = 1; L <= 8; ++L) {
    CAPTURE(L);
    CHECK(summed_index_count(L) == C[L]);
    CHECK(summed_index_count_by_recursion(L) == C[L]);
    CHECK(output_degree(L) == 2 * C[L] + 1);
    CHECK(summed_indices(L) == C[L]);
  }
}

TEST_CASE("D = d_x(d_x + 1)/2 entries of a symmetric matrix") {
  CHECK(gram_entry_count(1) == 1);
  CHECK(gram_entry_count(2) == 3);
  CHECK(gram_entry_count(4) == 10);
  CHECK(gram_entry_count(64) == 2080);
}

TEST_CASE("multichoose by hand, and its capped form") {
  CHECK(multichoose(3, 4) == 15);    // binom(6, 4)
  CHECK(multichoose(10, 4) == 715);  // binom(13, 4)
  CHECK(multichoose(1, 7) == 1);
  CHECK(multichoose(0, 0) == 1);
  CHECK(multichoose(0, 2) == 0);
  CHECK(multichoose(5, 0) == 1);
  CHECK(multichoose(36, 13).str() == "192928249296");  // binom(48, 13), Python math.comb
  CHECK(multichoose_capped(10, 4, 1000).value == 715);
  const auto capped = multichoose_capped(10, 4, 700);
  CHECK(capped.exceeds);
  CHECK(capped.str() == "more than 700");
  CHECK(binomial(6, 4, 100).value == 15);
  CHECK(binomial(3, 5, 100).value == 0);
}

TEST_CASE("monomial_index: the lexicographic order written out by hand, and rank/unrank against brute force") {
  const monomial_index two(2, 3);
  unsigned e[4];
  // Degree 2 in 2 variables: (2,0), (1,1), (0,2).
  const unsigned order[3][2] = {{2, 0}, {1, 1}, {0, 2}};
  for (unsigned i = 0; i < 3; ++i) {
    two.unrank(i, 2, e);
    CHECK(e[0] == order[i][0]);
    CHECK(e[1] == order[i][1]);
    CHECK(two.rank(order[i], 2) == i);
  }
  // Every exponent vector of degree d <= 5 in 4 variables, listed by nested loops in the same order.
  const monomial_index four(4, 5);
  for (int d = 0; d <= 5; ++d) {
    std::uint64_t i = 0;
    for (int a = d; a >= 0; --a)
      for (int b = d - a; b >= 0; --b)
        for (int c = d - a - b; c >= 0; --c) {
          const unsigned v[4] = {unsigned(a), unsigned(b), unsigned(c), unsigned(d - a - b - c)};
          CHECK(four.rank(v, d) == i);
          four.unrank(i, d, e);
          CHECK(std::equal(v, v + 4, e));
          ++i;
        }
    CHECK(four.count(d) == i);
    CHECK(big_int(four.count(d)) == multichoose(4, static_cast<std::uint64_t>(d)));
  }
  CHECK_THROWS_AS(monomial_index(200, 200), std::overflow_error);
}
