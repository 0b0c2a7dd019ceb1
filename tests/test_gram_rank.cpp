// The Gram form's per-block upper bounds (analysis/gram_rank: gram_count, block_bound) with
// planted Gram blocks whose ranks are chosen by hand.
#include <doctest/doctest.h>

#include <map>
#include <tuple>

#include "helpers.hpp"
#include "seprank/analysis/ranks/coefficient_block_bounds.hpp"
#include "seprank/analysis/ranks/gram_rank.hpp"
#include "seprank/analysis/ranks/minor_relations.hpp"
#include "seprank/model/weights.hpp"
#include "seprank/support/random.hpp"

using namespace seprank;

namespace {

network_config residual_cfg(int L, int dx, bool residual) {
  network_config c;
  c.L = L, c.dx = dx, c.N = 4, c.residual = residual;
  return c;
}

// A Gram rank result with one block per M_B-degree k = 0..ranks.size()-1, each exact with the
// given rank (or not exact when the rank is negative).
gram_rank_result planted_ranks(const std::vector<long>& ranks) {
  gram_rank_result g;
  for (std::size_t k = 0; k < ranks.size(); ++k) {
    g.blocks.push_back({{static_cast<int>(k)}, 0, 0});
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
  const auto c = residual_cfg(2, 2, false);
  const partition p = default_partition(c);  // A = {1, 2} holds i = 1
  const long expected[] = {1, 3, 6, 6, 2};
  for (int k = 0; k <= 4; ++k)
    CHECK(coefficient_block_gram_count(c, p, input_block({2 * k}, {9 - 2 * k})) == expected[k]);
  CHECK(coefficient_block_gram_count(c, p, input_block({3})) == -1);     // odd even-side degree: no bound
  CHECK(coefficient_block_gram_count(c, p, input_block({2, 4})) == -1);  // merged degrees: no count bound
  CHECK(coefficient_block_gram_count(residual_cfg(2, 2, true), p, input_block({2})) == -1);  // residual: none
}

TEST_CASE("block bound: the exact Gram blocks covering the block's M_B-degrees, planted") {
  const auto c = residual_cfg(2, 2, true);  // residual: no count bound, so the Gram blocks alone decide
  const partition p = default_partition(c);
  const auto g = planted_ranks({1, 3, 5, -1});
  const auto bound = block_bound(c, p, g);
  CHECK(bound(input_block({0})) == 1);
  CHECK(bound(input_block({2})) == 3);
  CHECK(bound(input_block({2, 4})) == 3 + 5);
  CHECK(bound(input_block({0, 2, 4})) == 1 + 3 + 5);
  CHECK(bound(input_block({6})) == -1);  // the Gram block for k = 3 is not exact
  CHECK(bound(input_block({8})) == -1);  // no Gram block for k = 4: not covered
  CHECK(bound(input_block({1})) == -1);  // odd degree: the Gram form says nothing
}

TEST_CASE("block bound: the smaller of the count and the Gram blocks wins") {
  const auto c = residual_cfg(2, 2, false);
  const partition p = default_partition(c);
  const auto g = planted_ranks({1, 2, 100, 4, 2});
  const auto bound = block_bound(c, p, g);
  CHECK(bound(input_block({2}, {7})) == 2);  // Gram block 2 < count 3
  CHECK(bound(input_block({4}, {5})) == 6);  // count 6 < Gram block 100
}

TEST_CASE("block bound with i in B: the even side is A") {
  auto c = residual_cfg(2, 2, true);
  c.position = 4;
  partition p;  // i = 4 lies in B
  p.A = {1, 2};
  p.B = {3, 4};
  const auto g = planted_ranks({7, 11});
  const auto bound = block_bound(c, p, g);
  CHECK(bound(input_block({5}, {2})) == 11);  // A side degree 2: k = 1
  CHECK(bound(input_block({9}, {0})) == 7);
}

namespace {

// Every W^V replaced by a rank-1 matrix u v^T (u, v from the drawn W^V's first column and row).
integer_weights rank_one_values(integer_weights w) {
  for (auto& layer : w.layers)
    for (auto& h : layer) {
      auto V = h.V;
      for (int a = 0; a < V.rows(); ++a)
        for (int b = 0; b < V.cols(); ++b) h.V(a, b) = V(a, 0) * V(0, b);
    }
  return w;
}

// The graded Gram rank (blocks from A_L's coefficients, sampled, mod p) against the expansion of
// sum_r A_L(M_A + M_B)[p][r] x^i_r in d_x + 2D variables: the same rank in every block.
// Returns how far the rank falls below the Gram count (sum over blocks of min(rows, cols)).
long compare_with_expansion(const network_config& c, const integer_weights& w) {
  const auto g = gram_form_of(c, w);
  const auto graded = gram_rank(c, g, {draw_prime(3), {}, 2});
  const auto expanded = expanded_gram_rank(c, g, draw_prime(3), {});
  REQUIRE(graded.graded);
  REQUIRE(graded.rank.exact());
  REQUIRE(expanded.rank.exact());
  CHECK(graded.rank.lower == expanded.rank.lower);
  // The expansion drops empty rows and columns and may merge degrees; compare per M_B-degree k.
  std::map<int, long> by_k_graded, by_k_expanded;
  for (std::size_t b = 0; b < graded.blocks.size(); ++b)
    by_k_graded[graded.blocks[b].b_degrees[0]] += graded.rank.blocks[b].upper;
  for (std::size_t b = 0; b < expanded.blocks.size(); ++b) {
    REQUIRE(expanded.blocks[b].b_degrees.size() == 1);
    by_k_expanded[expanded.blocks[b].b_degrees[0]] += expanded.rank.blocks[b].upper;
  }
  for (const auto& [k, r] : by_k_graded) {
    CAPTURE(k);
    CHECK(r == (by_k_expanded.count(k) ? by_k_expanded[k] : 0));
  }
  long count = 0;
  for (const auto& b : graded.blocks) count += std::min(b.rows, b.cols);
  return count - graded.rank.lower;
}

}  // namespace

TEST_CASE("graded Gram rank = the expansion's, random and rank-1 W^V weights") {
  long deficit = 0;
  for (const auto& [L, dx, H] : std::vector<std::tuple<int, int, int>>{
           {1, 2, 1}, {1, 4, 2}, {2, 2, 1}, {2, 2, 2}, {2, 3, 1}, {2, 4, 1}, {3, 2, 1}}) {
    network_config c = residual_cfg(L, dx, false);
    c.H = H;
    CAPTURE(c.L);
    CAPTURE(c.dx);
    CAPTURE(c.H);
    const auto w = draw_weights(c, 5, 9);
    const long random_deficit = compare_with_expansion(c, w);
    if (H == 1) CHECK(random_deficit == 0);  // H = 1, random weights: the Gram count (H = 2 may fall below it)
    deficit += compare_with_expansion(c, rank_one_values(w));
  }
  CHECK(deficit > 0);  // rank-1 values take the paths for blocks below full rank
}

TEST_CASE("graded Gram rank = the expansion's on random draws (repeated SEPRANK_TEST_MULTIPLIER times)") {
  // Random shapes and seeds, random and rank-1 W^V values: the graded blocks against the expansion, block by block.
  splitmix64 rng{0x6a7e5eedULL};
  const std::tuple<int, int, int> shapes[] = {{1, 2, 1}, {1, 3, 1}, {1, 4, 2}, {2, 2, 1},
                                              {2, 2, 2}, {2, 3, 1}, {3, 2, 1}};
  for (int iter = 0; iter < 6 * seprank::testing::test_multiplier(); ++iter) {
    const auto [L, dx, H] = shapes[rng.next() % (sizeof shapes / sizeof shapes[0])];
    network_config c = residual_cfg(L, dx, false);
    c.H = H;
    const std::uint64_t seed = rng.next();
    const long range = 1 + static_cast<long>(rng.next() % 9);
    CAPTURE(iter);
    CAPTURE(c.L);
    CAPTURE(c.dx);
    CAPTURE(c.H);
    CAPTURE(seed);
    const auto w = draw_weights(c, seed, range);
    compare_with_expansion(c, w);
    compare_with_expansion(c, rank_one_values(w));
  }
}

TEST_CASE("graded Gram rank: block sizes d_x multichoose(D, C - k) x multichoose(D, k), worked by hand") {
  // L = 2, d_x = 2: D = 3, C = 4; rows 2 * (15, 10, 6, 3, 1), columns (1, 3, 6, 10, 15).
  const auto c = residual_cfg(2, 2, false);
  const auto g = gram_rank(c, gram_form_of(c, draw_weights(c, 1, 9)), {draw_prime(1)});
  const long rows[] = {30, 20, 12, 6, 2}, cols[] = {1, 3, 6, 10, 15};
  REQUIRE(g.blocks.size() == 5);
  for (int k = 0; k <= 4; ++k) {
    CHECK(g.blocks[k].rows == rows[k]);
    CHECK(g.blocks[k].cols == cols[k]);
  }
  CHECK(g.rank.lower == 1 + 3 + 6 + 6 + 2);  // generic: the Gram count, every block of full rank
}

TEST_CASE("finite-N side bounds (analysis/minor_relations) against spans counted by hand") {
  const std::uint64_t p = 268435399, big = 100000000;
  for (int k = 0; k <= 6; ++k) {
    CAPTURE(k);
    // One position, d_x = 2: M = x x^T, so M^beta runs over the 2k + 1 monomials of degree 2k in x.
    CHECK(even_side_bound(2, 1, k, p, big) == 2 * k + 1);
    // x_r M^alpha with |alpha| = k: every monomial of degree 2k + 1 in x, 2k + 2 of them.
    CHECK(odd_side_bound(2, 1, k, p, big) == 2 * k + 2);
    // d_x = 3, two positions: only det M vanishes (a principal prime ideal): mc(6, k) - mc(6, k - 3).
    const long mc6[] = {1, 6, 21, 56, 126, 252, 462};
    CHECK(even_side_bound(3, 2, k, p, big) == mc6[k] - (k >= 3 ? mc6[k - 3] : 0));
    // As many positions as d_x: no relation.
    CHECK(even_side_bound(3, 3, k, p, big) == mc6[k]);
    CHECK(odd_side_bound(3, 3, k, p, big) == 3 * mc6[k]);
  }
  CHECK(even_side_bound(4, 1, 6, p, 10) == -1);  // over the size limit: no bound
}

TEST_CASE("graded Gram rank estimate: block sizes by hand, and beyond 2^62 monomials an estimate over every limit") {
  // L = 2, d_x = 2 (D = 3, C = 4): blocks 30 x 1, 20 x 3, 12 x 6, 6 x 10, 2 x 15; long sides cut to min + 16
  // give dense blocks 17 x 1, 19 x 3, 12 x 6, 6 x 10, 2 x 15, the largest 12 x 6 (72 entries).
  const auto e = estimate_gram_rank(residual_cfg(2, 2, false), 2);
  CHECK(e.largest_rows == 12);
  CHECK(e.largest_cols == 6);
  CHECK(e.seconds < 1);
  const auto huge = estimate_gram_rank(residual_cfg(5, 60, false), 2);  // multichoose(1830, 121) > 2^62
  CHECK(huge.seconds > 1e100);
}

TEST_CASE("a proven block bound below min(rows, cols): met, the block is exact without re-ranking; undercut, FAILED") {
  // L = 2, d_x = 2, H = 2 has one block one below min(rows, cols) (its rank by exact elimination is the oracle).
  network_config c = residual_cfg(2, 2, false);
  c.H = 2;
  const auto g = gram_form_of(c, draw_weights(c, 1, 9));
  const auto plain = gram_rank(c, g, {draw_prime(1)});
  REQUIRE(plain.rank.exact());
  std::vector<long> met(plain.rank.blocks.size(), -1), undercut(plain.rank.blocks.size(), -1);
  long short_block = -1;
  for (std::size_t k = 0; k < plain.rank.blocks.size(); ++k) {
    const auto& b = plain.rank.blocks[k];
    if (b.upper < std::min(b.rows, b.cols))
      short_block = static_cast<long>(k), met[k] = b.upper, undercut[k] = b.upper - 1;
  }
  REQUIRE(short_block >= 0);
  const auto with_bound = gram_rank(c, g, {draw_prime(1), {}, 1, met});
  const auto& b = with_bound.rank.blocks[static_cast<std::size_t>(short_block)];
  CHECK(b.exact);
  CHECK(b.certificate == block_certificate::meets_annihilator_bound);
  CHECK(with_bound.rank.lower == plain.rank.lower);
  CHECK(!with_bound.rank.contradicted());
  const auto contradicted = gram_rank(c, g, {draw_prime(1), {}, 1, undercut});
  CHECK(contradicted.rank.contradicted());
}
