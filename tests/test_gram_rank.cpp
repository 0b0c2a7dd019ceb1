// The Gram form's per-block upper bounds (analysis/gram_rank: gram_count_bound, block_bound) with
// planted Gram blocks whose ranks are chosen by hand.
#include <doctest/doctest.h>

#include "seprank/analysis/gram_rank.hpp"

using namespace seprank;

namespace {

network_config cfg(int L, int dx, bool residual) {
  network_config c;
  c.L = L, c.dx = dx, c.N = 4, c.residual = residual;
  return c;
}

// A Gram rank result with one block per M_B-degree k = 0..ranks.size()-1, each exact with the
// given rank (or not exact when the rank is negative).
gram_rank_result planted(const std::vector<long>& ranks) {
  gram_rank_result g;
  for (std::size_t k = 0; k < ranks.size(); ++k) {
    coefficient_block b;
    b.b_degrees = {static_cast<int>(k)};
    g.matrix.blocks.push_back(b);
    block_rank r;
    r.exact = ranks[k] >= 0;
    r.upper = ranks[k] >= 0 ? ranks[k] : -1;
    r.rank_mod_p = ranks[k] >= 0 ? ranks[k] : 0;
    g.rank.blocks.push_back(r);
  }
  return g;
}

// An input block whose B side (x^i in A) has the given degrees.
coefficient_block input_block(std::vector<int> b_degrees, std::vector<int> a_degrees = {1}) {
  coefficient_block b;
  b.a_degrees = std::move(a_degrees);
  b.b_degrees = std::move(b_degrees);
  return b;
}

}  // namespace

TEST_CASE("count bound: min(d_x multichoose(D, C - k), multichoose(D, k)) by hand") {
  // L = 2, d_x = 2: D = 3, C = 4. k = 0..4: min(2*15, 1), min(2*10, 3), min(2*6, 6), min(2*3, 10), min(2*1, 15).
  const auto c = cfg(2, 2, false);
  const partition p = default_partition(c);  // A = {1, 2} holds i = 1
  const long expected[] = {1, 3, 6, 6, 2};
  for (int k = 0; k <= 4; ++k) CHECK(gram_count_bound(c, p, input_block({2 * k}, {9 - 2 * k})) == expected[k]);
  CHECK(gram_count_bound(c, p, input_block({3})) == -1);     // odd even-side degree: no bound
  CHECK(gram_count_bound(c, p, input_block({2, 4})) == -1);  // merged degrees: no count bound
  CHECK(gram_count_bound(cfg(2, 2, true), p, input_block({2})) == -1);  // residual: none
}

TEST_CASE("block bound: the exact Gram blocks covering the block's M_B-degrees, planted") {
  const auto c = cfg(2, 2, true);  // residual: no count bound, so the Gram blocks alone decide
  const partition p = default_partition(c);
  const auto g = planted({1, 3, 5, -1});
  const auto bound = block_bound(c, p, g);
  CHECK(bound(input_block({0})) == 1);
  CHECK(bound(input_block({2})) == 3);
  CHECK(bound(input_block({2, 4})) == 3 + 5);
  CHECK(bound(input_block({0, 2, 4})) == 1 + 3 + 5);
  CHECK(bound(input_block({6})) == -1);     // the Gram block for k = 3 is not exact
  CHECK(bound(input_block({8})) == -1);     // no Gram block for k = 4: not covered
  CHECK(bound(input_block({1})) == -1);     // odd degree: the Gram form says nothing
}

TEST_CASE("block bound: the smaller of the count and the Gram blocks wins") {
  const auto c = cfg(2, 2, false);
  const partition p = default_partition(c);
  const auto g = planted({1, 2, 100, 4, 2});
  const auto bound = block_bound(c, p, g);
  CHECK(bound(input_block({2}, {7})) == 2);   // Gram block 2 < count 3
  CHECK(bound(input_block({4}, {5})) == 6);   // count 6 < Gram block 100
}

TEST_CASE("block bound with i in B: the even side is A") {
  auto c = cfg(2, 2, true);
  c.position = 4;
  partition p;  // i = 4 lies in B
  p.A = {1, 2};
  p.B = {3, 4};
  const auto g = planted({7, 11});
  const auto bound = block_bound(c, p, g);
  CHECK(bound(input_block({5}, {2})) == 11);  // A side degree 2: k = 1
  CHECK(bound(input_block({9}, {0})) == 7);
}
