// The Gram count (analysis/gram_count, docs/theory.md section 4): the closed form against the sum of its
// C + 1 summands taken directly, hand values, the crossing checked by exact comparisons, and the log-space
// bounds (100 digits and long double) against the exact big-integer count on a grid up to L = 100: never
// below it (a bound that under-states the count would let the audit prove a false upper bound).
#include <doctest/doctest.h>

#include <cmath>

#include "helpers.hpp"
#include "seprank/analysis/paper/audit_map.hpp"
#include "seprank/analysis/paper/gram_count.hpp"

using namespace seprank;

namespace {

// mc(n, k) = binom(n + k - 1, n - 1) for small n and any k: prod_{j=1..n-1} (k + j) / j (exact at each step).
big_int mc_small_n(long n, const big_int& k) {
  big_int r = 1;
  for (long j = 1; j < n; ++j) r = r * (k + j) / j;
  return r;
}

// The count summed directly over its C + 1 summands (small C).
big_int direct_count(int L, long dx, bool residual) {
  const std::uint64_t D = static_cast<std::uint64_t>(dx) * (dx + 1) / 2,
                      C = static_cast<std::uint64_t>(summed_index_count(L));
  big_int total = 0;
  for (std::uint64_t k = 0; k <= C; ++k) {
    const big_int a = dx * multichoose(residual ? D + 1 : D, C - k), b = multichoose(D, k);
    total += a < b ? a : b;
  }
  return total;
}

constexpr long unlimited = 1L << 60;

}  // namespace

TEST_CASE("the closed form equals the direct sum of the summands (plain and residual)") {
  for (int L = 1; L <= 6; ++L)
    for (long dx : {1L, 2L, 3L, 4L, 5L, 7L, 9L, 12L}) {
      if (L >= 5 && dx > 4) continue;
      CAPTURE(L);
      CAPTURE(dx);
      CHECK(gram_count(L, dx, false, unlimited).value == direct_count(L, dx, false));
      CHECK(gram_count(L, dx, true, unlimited).value == direct_count(L, dx, true));
    }
  for (const auto& [L, dx] : std::vector<std::pair<int, long>>{{7, 1}, {7, 2}, {8, 1}, {8, 2}, {1, 1000}, {2, 40}}) {
    CAPTURE(L);
    CAPTURE(dx);
    CHECK(gram_count(L, dx, false, unlimited).value == direct_count(L, dx, false));
  }
}

TEST_CASE("hand values: L = 2, d_x = 4 gives 110; d_x = 1 gives C + 1 at every depth; L = 1 gives d_x + 1") {
  // L = 2, d_x = 4: D = 10, C = 4; min(4 mc(10, 4 - k), mc(10, k)) = 1, 10, 55, 40, 4.
  CHECK(gram_count(2, 4).value == 110);
  CHECK(gram_count(2, 4).exact);
  for (int L : {1, 5, 20, 40, 64, 100}) {
    const auto g = gram_count(L, 1);
    REQUIRE(g.exact);
    CHECK(g.value == summed_indices(L) + 1);  // every summand is min(1, 1)
  }
  for (long dx : {1L, 2L, 17L, 10000L}) CHECK(gram_count(1, dx).value == dx + 1);  // k = 0: 1; k = 1: min(d_x, D)
}

TEST_CASE(
    "the crossing is right (exact comparisons), and the log-space bounds never fall below the exact count, up to L = 100") {
  const big_float ln3 = log(big_float(3));
  for (int L : {1, 2, 3, 5, 8, 12, 20, 30, 35, 39, 40, 45, 60, 80, 100})
    for (long dx : {1L, 2L, 3L, 4L, 6L, 8L}) {
      CAPTURE(L);
      CAPTURE(dx);
      const gram_count_result g = gram_count(L, dx, false, unlimited);
      REQUIRE(g.exact);
      const long D = dx * (dx + 1) / 2;
      const big_int C = summed_indices(L), k = g.crossing;
      // mc(D, k) <= d_x mc(D, C - k) at k*, and the reverse just after it.
      CHECK(mc_small_n(D, k) <= dx * mc_small_n(D, C - k));
      if (k < C) CHECK(mc_small_n(D, k + 1) > dx * mc_small_n(D, C - k - 1));
      // The value by the hockey stick, summed by its two sides with the test's own binomials.
      CHECK(g.value == mc_small_n(D + 1, k) + (k < C ? dx * mc_small_n(D + 1, C - k - 1) : big_int(0)));
      const big_float exact_log3 = log(big_float(g.value)) / ln3;
      // 100 digits: an upper bound, and tight.
      const gram_count_result big = gram_count(L, dx, false, 0);
      CHECK_FALSE(big.exact);
      CHECK(big.log3 >= exact_log3);
      CHECK(big.log3 - exact_log3 < big_float("1e-25"));  // the rounding bound added: 1e-80 of the lgamma magnitudes
      // long double: an upper bound whenever it claims to be usable, within its stated error.
      const gram_count_fast fast = gram_count_log3_fast(L, dx);
      if (fast.usable) {
        CHECK(big_float(fast.log3) >= exact_log3);
        CHECK(big_float(fast.log3) - exact_log3 <= big_float(2 * fast.error) + big_float("1e-15"));
      }
      if (L <= 20) CHECK(fast.usable);
    }
}

TEST_CASE("L = 40, d_x = 2: log_3 of the count is 115.50, and no bound the audit uses is below it") {
  const gram_count_result g = gram_count(40, 2);
  REQUIRE(g.exact);
  CHECK(testing::d(g.log3) == doctest::Approx(115.50).epsilon(1e-4));
  const gram_count_fast fast = gram_count_log3_fast(40, 2);
  // Past 2^62 summed indices long double still bounds it (stable binomials), above the exact value and close to it.
  REQUIRE(fast.usable);
  CHECK(big_float(fast.log3) >= g.log3);
  CHECK(big_float(fast.log3) - g.log3 < big_float("1e-6"));
  const sep_bound b = gram_count_sep_bound(40, 2);
  CHECK(b.count_exact);
  CHECK(b.value == g.value);
}

TEST_CASE("the audit map ends at depths past 2^64 summed indices and uses the count there") {
  const auto m = audit_map_of({40, 45, 100}, {2, 3}, 1);
  REQUIRE(m.rows.size() == 6);
  for (const auto& row : m.rows) {
    CAPTURE(row.L);
    CAPTURE(row.dx);
    const big_float exact_log3 = gram_count(row.L, row.dx).log3;
    for (const auto& f : row.findings) {
      if (f.status == verdict::holds && f.evidence.source == sep_source::gram_count)
        CHECK(f.evidence.log3 >= exact_log3);
      if (f.other && f.other->source == sep_source::gram_count) CHECK(f.other->log3 >= exact_log3);
    }
  }
}

TEST_CASE("the fast count at depths past 2^62 summed indices agrees with the 100-digit bound, from above") {
  for (long L : {40L, 45L, 60L, 96L, 100L})
    for (long dx : {1L, 2L, 3L, 7L, 64L, 12288L, 1000000L}) {
      CAPTURE(L);
      CAPTURE(dx);
      const gram_count_fast fast = gram_count_log3_fast(L, dx);
      const gram_count_result big = gram_count(L, dx);
      if (dx <= 12288)
        REQUIRE(fast.usable);  // at d_x = 10^6 the terms reach 10^13: long double declines (1e-6 not met)
      if (!fast.usable) continue;
      // Both bound the count from above; the 100-digit one within 1e-25 of it (its rounding bound), so the fast one
      // may not be below it by more than that, and is within twice its own error above it.
      CHECK(big_float(fast.log3) >= big.log3 - big_float("1e-20"));
      CHECK(big_float(fast.log3) - big.log3 <= big_float(2 * fast.error) + big_float("1e-12"));
    }
}
