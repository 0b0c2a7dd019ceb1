// Sweeps (analysis/sweep, report/sweep_report): L = 1 values by hand, head-form ranks bounded by d_a.
#include <doctest/doctest.h>

#include <cmath>

#include "seprank/analysis/ranks/sweep.hpp"
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
