// Sweeps (analysis/sweep, report/sweep_report): L = 1 values by hand, head-form ranks bounded by d_a.
#include <doctest/doctest.h>

#include <cmath>

#include "seprank/analysis/ranks/sweep.hpp"
#include "seprank/app/pipeline.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/report/sweep_report.hpp"

using namespace seprank;

TEST_CASE("a small sweep: L = 1 gives sep = d_x + 1, and head forms have rank <= d_a") {
  sweep_spec spec;
  spec.dx = {1, 2, 4};
  spec.L = {1};
  spec.H = {1, 2, 3};
  const auto r = analyse_sweep(spec, [](const std::string&) {});
  REQUIRE(r.rows.size() == 9);
  for (const auto& row : r.rows) {
    CAPTURE(row.dx);
    CAPTURE(row.H);
    if (row.dx % row.H != 0) {
      CHECK(row.status == sweep_row_status::head_not_dividing);
      continue;
    }
    REQUIRE(row.ranked);
    CHECK(row.sep_exact);
    CHECK(row.sep == row.dx + 1);
    for (long k : row.head_ranks) CHECK(k <= row.dx / row.H);
  }
  const auto d = sweep_derivation(r);
  REQUIRE(d.tables.size() == 1);
  CHECK(d.tables[0].rows.size() == 9);
}

TEST_CASE("a sweep stopped by Ctrl-C: the rows done, the derivation interrupted, exit status 130") {
  sweep_spec spec;
  spec.dx = {1, 2, 3};
  spec.L = {1};
  spec.H = {1};
  int started = 0;  // Ctrl-C as the third row starts: two rows done
  const auto r = analyse_sweep(spec, [&](const std::string&) {
    if (++started == 3) throw interrupted();
  });
  CHECK(r.interrupted);
  CHECK(r.rows.size() == 2);
  const derivation d = sweep_derivation(r);
  CHECK(d.interrupted);
  CHECK(!d.time_limited);
  CHECK(exit_status_of(d) == exit_interrupted);
  CHECK(d.tables.at(0).rows.size() == 2);
}

TEST_CASE("the sweep plot keeps each theorem's bound in its own series: never one line from Theorem 1 to Theorem 2") {
  // d_x = 4: log_3 4 = 1.26, so L = 1 is Theorem 1's regime and L = 2 Theorem 2's (by hand).
  sweep_spec spec;
  spec.dx = {4};
  spec.L = {1, 2};
  spec.H = {1};
  const auto plot = sweep_plot_data(analyse_sweep(spec, [](const std::string&) {}));
  REQUIRE(plot.series.size() == 1);
  REQUIRE(plot.series[0].points.size() == 2);
  const auto& at1 = plot.series[0].points[0];
  const auto& at2 = plot.series[0].points[1];
  CHECK(at1.x == 1);
  CHECK(at1.th1_upper.has_value());
  CHECK_FALSE(at1.th2_upper.has_value());
  CHECK(at2.x == 2);
  CHECK_FALSE(at2.th1_upper.has_value());
  CHECK(at2.th2_upper.has_value());
  // Theorem 1's upper bound at L = 1: ((3^1 - 1)/2) log_3(d_x + H) = log_3 5 (eq. 7)
  CHECK(std::abs(at1.th1_upper.value() - std::log(5.0) / std::log(3.0)) < 1e-5);
}

TEST_CASE(
    "the sweep plot against d_x: a series per L, points in d_x order, the counts and the proven lower bound by hand") {
  sweep_spec spec;
  spec.dx = {4, 2, 3};
  spec.L = {1, 2};
  spec.H = {1};
  const auto plot = sweep_plot_data(analyse_sweep(spec, [](const std::string&) {}), true);
  CHECK(plot.against_dx);
  REQUIRE(plot.series.size() == 2);
  CHECK(plot.series[0].label == "L = 1");
  CHECK(plot.series[1].label == "L = 2");
  REQUIRE(plot.series[0].points.size() == 3);
  for (int k = 0; k < 3; ++k) CHECK(plot.series[0].points[static_cast<std::size_t>(k)].x == k + 2);
  // Only d_x = 3^1 = 3 lies in 2..4 (3^2 = 9 does not).
  REQUIRE(plot.thresholds.size() == 1);
  CHECK(plot.thresholds[0].x == 3.0);
  CHECK(plot.thresholds[0].label == "d_x = 3^1");
  const auto l3 = [](double v) { return std::log(v) / std::log(3.0); };
  // L = 1, d_x = 2: C = 1, D = 3; Gram count min(2 mc(3, 1), mc(3, 0)) + min(2 mc(3, 0), mc(3, 1)) = 1 + 2 = 3.
  const auto& p12 = plot.series[0].points[0];
  CHECK(std::abs(p12.gram_count.value() - l3(3)) < 1e-6);
  CHECK_FALSE(p12.lower_bound.has_value());  // no proven lower bound at L = 1
  // L = 2, d_x = 4: Gram count 110 (C = 4, D = 10) and the proven lower bound 2 binom(6 + 1, 1) = 14
  // (level 1: g = 3, rho_3(4) = 2 * 4 - 1 = 7, r = 6, n = 1; docs/theory.md section 15).
  const auto& p24 = plot.series[1].points[2];
  CHECK(p24.x == 4);
  CHECK(std::abs(p24.gram_count.value() - l3(110)) < 1e-6);
  CHECK(std::abs(p24.lower_bound.value() - l3(14)) < 1e-6);
  CHECK_FALSE(p24.refined_count.has_value());  // at L = 2, d_x = 4 nothing is refined (110 is the Gram rank)
}

TEST_CASE("derive_sweep and derive_audit check their own ranges (values, not text), before any work") {
  sweep_request s;
  s.dx = {2, 65};
  CHECK_THROWS_WITH_AS(derive_sweep(s, {}), "--dx: value 65 out of range (values in 1..64)", usage_error);
  s.dx = {2};
  s.L = {};
  CHECK_THROWS_WITH_AS(derive_sweep(s, {}), "--L: no values (values in 1..8)", usage_error);
  s.L = {1};
  s.base.ranks.explicit_partition = partition{{1, 2}, {3, 4}};  // the rows use the default partition of their N
  CHECK_THROWS_WITH_AS(derive_sweep(s, {}),
                       "sweep: --partition is not a sweep option (each row uses the default partition A = 1..N/2)",
                       usage_error);
  audit_request a;
  a.L = {101};
  CHECK_THROWS_WITH_AS(derive_audit(a, [](const std::string&) {}),
                       "L = 101 is out of range: must satisfy 1 <= L <= 100", usage_error);
  // The defaults are the CLI's: 2..4, 1..3 and 1 for the sweep; 1..8 and 1..100 for the audit.
  const sweep_request d;
  CHECK(d.dx == std::vector<int>{2, 3, 4});
  CHECK(d.L == std::vector<int>{1, 2, 3});
  CHECK(d.H == std::vector<int>{1});
  CHECK(audit_request{}.dx.size() == 100);
}
