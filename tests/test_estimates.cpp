// Size and time guards (analysis/estimates): counts by hand, refusals that name the limit.
#include <doctest/doctest.h>

#include <string>

#include "helpers.hpp"
#include "seprank/analysis/estimates.hpp"
#include "seprank/model/monomial_index.hpp"
#include "seprank/support/errors.hpp"

using namespace seprank;

using testing::config;

TEST_CASE("g^L term bound d_x * D^C") {
  CHECK(index_structure_term_bound(config(1, 2, 1, 2), 1000) == 2 * 3);         // C = 1, D = 3
  CHECK(index_structure_term_bound(config(2, 4, 1, 2), 1000000) == 4 * 10000);  // C = 4, D = 10
  CHECK(index_structure_term_bound(config(3, 4, 1, 2), 1000000) == 1000001);    // saturates
}

TEST_CASE("Gram matrix nonzeros d_x * multichoose(2D, C)") {
  CHECK(gram_matrix_size_bound(config(1, 1, 1, 2), 1000) == 2);              // D = 1, C = 1: multichoose(2, 1) = 2
  CHECK(gram_matrix_size_bound(config(2, 2, 1, 2), 1000) == 2 * 126);        // D = 3, C = 4: binom(9, 4) = 126
  CHECK(gram_matrix_size_bound(config(2, 2, 1, 2, true), 1000) == 2 * 210);  // residual: multichoose(7, 4)
  CHECK(gram_matrix_size_bound(config(3, 4, 1, 2), 1000) == 1001);
}

TEST_CASE(
    "the Gram coefficient table: 2 primes x d_x mc(D, C) residues of 8 bytes, counted by the monomial index too") {
  // By hand: L = 2, d_x = 4: D = 10, C = 4, mc(10, 4) = C(13, 4) = 715; 2 * 4 * 715 * 8 = 45,760 bytes.
  CHECK(gram_table_bytes(config(2, 4, 1, 4)) == 45760);
  CHECK(gram_table_mb(config(2, 4, 1, 4)) == 0);
  for (const auto& [L, dx] : {std::pair{1, 3}, {2, 5}, {3, 3}, {3, 4}}) {  // the second method: the index's own count
    const network_config c = config(L, dx, 1, 4);
    const int D = dx * (dx + 1) / 2, C = (L == 1 ? 1 : L == 2 ? 4 : 13);
    const monomial_index index(D, C);
    CHECK(gram_table_bytes(c) == big_int(2 * static_cast<std::uint64_t>(dx) * index.count(C) * 8));
  }
  // Beyond 2^64 bytes, still exact: L = 6, d_x = 4: D = 10, C = 364, mc(10, 364) = C(373, 9); the MiB are
  // 16 * 4 * C(373, 9) / 2^20 (the binomial by its product formula, a second route to the number).
  big_int binom = 1;
  for (int i = 1; i <= 9; ++i) binom = binom * (364 + i) / i;
  CHECK(gram_table_bytes(config(6, 4, 1, 4)) == 64 * binom);
  CHECK(big_int(gram_table_mb(config(6, 4, 1, 4))) == (64 * binom) >> 20);
  CHECK(gram_table_mb(config(6, 4, 1, 4)) > (std::uint64_t(1) << 44));  // past 2^64 bytes: not wrapped
  CHECK(gram_table_mb(config(8, 64, 1, 4)) == UINT64_MAX);              // far beyond 2^64 MiB: saturated
}

TEST_CASE("the Gram rank's ring: d_x + 2D variables, at most 600") {
  CHECK(gram_rank_variable_count(config(1, 4, 1, 2)) == 4 + 20);
  CHECK(gram_rank_variable_count(config(1, 23, 1, 2)) == 23 + 2 * 276);  // 575: the largest allowed width
  CHECK(gram_rank_variable_count(config(1, 24, 1, 2)) > max_gram_variables);
}

TEST_CASE("grid points: a power of two within the cap, fewer for a smaller time budget") {
  const auto c = config(2, 4, 1, 4);
  const long big = grid_points_within(c, 1024, 60);
  CHECK(big == 1024);
  const long small = grid_points_within(c, 1024, 0.001);
  CHECK(small < big);
  CHECK((small == 4 || (small >= 8 && (small & (small - 1)) == 0)));
  CHECK(grid_points_within(c, 100, 60) == 64);
}

TEST_CASE("grid points and side bounds within --max-memory (by hand: L = 3 has C + 1 = 14 scalings)") {
  const auto c = config(3, 3, 1, 4);
  // s = 1024: the values twice, 2 * 2^20 * 14 * 4 bytes = 112 MiB, two matrices 16 MiB, the process 16 MiB.
  CHECK(grid_memory_mb(c, 1024) == 144);
  CHECK(grid_memory_mb(c, 512) == 48);  // 28 + 4 + 16
  CHECK(grid_memory_mb(c, 256) == 24);  // 7 + 1 + 16
  CHECK(grid_memory_mb(c, 8) == 17);    // 8 KiB, rounded up to 1 MiB
  CHECK(grid_points_within(c, 1024, 1e9, 1, 40) == 256);
  CHECK(grid_points_within(c, 1024, 1e9, 1, 100) == 512);
  CHECK(grid_points_within(c, 1024, 1e9, 1, 144) == 1024);
  CHECK(grid_points_within(c, 1024, 1e9, 1, 16) == 4);  // not even 8 points fit: no grid
  // The ungraded grid (residual) holds only its matrices: 1024 points in 16 + 16 MiB.
  auto r = c;
  r.residual = true;
  CHECK(grid_memory_mb(r, 1024) == 32);
  CHECK(side_bound_entries_within(16) == 0);
  CHECK(side_bound_entries_within(100) == 84 * (1 << 20) / 16);  // 5,505,024 entries: 84 MiB at 16 bytes an entry
  CHECK(side_bound_entries_within(4096) == side_bound_max_entries);
}

TEST_CASE("refusals name the estimate and the option that raises the limit") {
  resource_limits lim;
  lim.max_terms = 1000;
  const auto c = config(2, 4, 1, 4);
  try {
    require_expansion_fits(c, 9, 2, lim);
    FAIL("no refusal");
  } catch (const resource_error& e) {
    CHECK(std::string(e.what()).find("--max-terms 1000") != std::string::npos);
  }
  // L = 2, d_x = 4: the Gram row has up to 4 * multichoose(10, 4) = 2860 terms; the Gram form's guard
  // compares estimated memory and time, not terms.
  CHECK(estimate_gram_form(c).terms.value == 2860);
  CHECK_NOTHROW(require_gram_form_fits(c, lim));
  // L = 2, d_x = 8: 8 * multichoose(36, 4) = 658008 terms of 5 exponent words: about 70 MiB by the model.
  const auto c8 = config(2, 8, 1, 4);
  CHECK(estimate_gram_form(c8).terms.value == 658008);
  CHECK(estimate_gram_form(c8).memory_mb > 32);
  lim.max_memory_mb = 32;
  const option_message refusal = gram_form_refusal(c8, lim);
  CHECK(refusal.cli().find("(limit --max-memory 32)") != std::string::npos);  // each surface names the limit its way
  CHECK(refusal.python().find("(limit max_memory=32)") != std::string::npos);
  CHECK(refusal.options() == std::vector<std::string>{"max-memory"});
  CHECK(refusal.cli().find("658008 terms") != std::string::npos);
  CHECK_THROWS_AS(require_gram_form_fits(c8, lim), resource_error);
  lim.max_memory_mb = 4096;
  CHECK(gram_form_refusal(c8, lim).empty());
  const auto e = estimate_expansion(c, 9, 2, 3000000);
  CHECK(e.terms.value >= 172380);  // the expansion has 172380 terms (README), so the space is at least that large
}
