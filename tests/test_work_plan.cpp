// The plan before a run (analysis/ranks/work_plan): units = the Gram blocks with the shapes of section 7, the
// LPT schedule's guarantees, the node-memory check and the validation, on hand-derived cases.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>

#include "helpers.hpp"
#include "seprank/analysis/ranks/work_plan.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/report/plan_report.hpp"
#include "seprank/support/errors.hpp"

using namespace seprank;

TEST_CASE("units: one per Gram block k = 0..C, of d_x mc(D, C - k) x mc(D, k)") {
  // L = 1, d_x = 2: C = 1, D = 3: block 0 is 2 * 3 x 1, block 1 is 2 x 3.
  plan_request r{testing::config(1, 2, 1, 4), 1, 1, 0};
  const work_plan p = work_plan_of(r);
  REQUIRE(p.units.size() == 2);
  CHECK(p.units[0].rows == 6);
  CHECK(p.units[0].cols == 1);
  CHECK(p.units[1].rows == 2);
  CHECK(p.units[1].cols == 3);
  // L = 3, d_x = 4: C = 13, D = 10; block 7 is 4 mc(10, 6) x mc(10, 7) = 20,020 x 11,440, ranked on 11,456 x 11,440.
  const work_plan q = work_plan_of({testing::config(3, 4, 1, 4), 8, 2, 0});
  REQUIRE(q.units.size() == 14);
  CHECK(q.units[7].rows == 20020);
  CHECK(q.units[7].cols == 11440);
  CHECK(q.units[7].ranked_rows == 11456);
  CHECK(q.units[7].ranked_cols == 11440);
}

TEST_CASE("the LPT schedule: every unit once, loads add up, the critical unit bounds the wall time from below") {
  for (int np : {1, 2, 3, 7, 64, 1000}) {
    CAPTURE(np);
    const work_plan p = work_plan_of({testing::config(3, 3, 1, 4), np, 1, 0});
    const double total = std::accumulate(p.load_seconds.begin(), p.load_seconds.end(), 0.0);
    CHECK(total == doctest::Approx(p.total_seconds));
    const double largest = p.units[static_cast<std::size_t>(p.critical_unit)].seconds;
    for (const auto& u : p.units) CHECK(u.seconds <= largest);
    const double makespan = *std::max_element(p.load_seconds.begin(), p.load_seconds.end());
    CHECK(makespan >= largest - 1e-12);
    CHECK(makespan <= p.total_seconds / np + largest + 1e-9);  // list scheduling's guarantee
    CHECK(p.wall_seconds == doctest::Approx(p.gram_form_seconds + makespan));
    if (np == 1) CHECK(makespan == doctest::Approx(p.total_seconds));
  }
}

TEST_CASE("node memory: the units that do not fit with the Gram form and the table") {
  const work_plan all = work_plan_of({testing::config(3, 4, 1, 4), 4, 2, 0});
  CHECK(all.too_large.empty());
  const std::uint64_t base = all.gram_form_mb + all.table_mb;
  const work_plan tight = work_plan_of({testing::config(3, 4, 1, 4), 4, 2, base + 100});
  for (const auto& u : all.units) {
    const bool listed = std::find(tight.too_large.begin(), tight.too_large.end(), u.k) != tight.too_large.end();
    CHECK(listed == (base + u.memory_mb > base + 100));
  }
  CHECK(!tight.too_large.empty());  // block 7 alone is about 1,000 MiB
}

TEST_CASE("plan: bad input") {
  CHECK_THROWS_WITH_AS(work_plan_of({testing::config(2, 4, 1, 4), 0, 1, 0}),
                       "np = 0 is out of range: must satisfy 1 <= np <= 100000", usage_error);
  CHECK_THROWS_AS(work_plan_of({testing::config(2, 4, 1, 4, true), 1, 1, 0}), usage_error);
  CHECK_THROWS_AS(work_plan_of({testing::config(2, 4, 1, 4), 1, 65, 0}), usage_error);
}

TEST_CASE("plan's title counts its processes in words: 1 process, 2 processes") {
  const auto title = [](int np) {
    return plan_derivation(work_plan_of({testing::config(1, 2, 1, 4), np, 1, 0})).title;
  };
  CHECK(title(1).find(" on 1 process") != std::string::npos);
  CHECK(title(1).find("processes") == std::string::npos);
  CHECK(title(2).find(" on 2 processes") != std::string::npos);
}
