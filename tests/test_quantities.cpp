// The shared counts (model/quantities), each against values worked out by hand.
#include <doctest/doctest.h>

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
