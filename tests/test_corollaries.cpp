// Corollaries 1 and 2 (analysis/paper/corollary1, corollary2) against double-precision oracles written by hand.
#include <doctest/doctest.h>

#include <cmath>

#include "helpers.hpp"
#include "seprank/analysis/paper/corollary1.hpp"
#include "seprank/analysis/paper/corollary2.hpp"
#include "seprank/report/atlas_report.hpp"
#include "seprank/support/errors.hpp"

using namespace seprank;

using testing::d;
using testing::l3;

namespace {
// Theorem 1's lower bound in log_3 (eq. 7), in double precision.
double th1_lower_oracle(long L, double dx, double H) { return std::pow(3.0, L - 2) * (l3(dx - H) - L + 2 - l3(2)); }
}  // namespace

TEST_CASE("Corollary 1: the paper's example, computed from the formulas, and the round trip") {
  const auto r = corollary1({6, 1000, 16}, {2, 3});
  const double lower = 81 * (l3(984) - 6 + 2 - l3(2));
  CHECK(d(r.deep_lower_log3) == doctest::Approx(lower).epsilon(1e-12));
  REQUIRE(r.rows.size() == 2);
  CHECK(d(r.rows[0].width) == doctest::Approx(std::pow(3.0, lower / 4) - 16).epsilon(1e-9));
  CHECK(d(r.rows[1].width) == doctest::Approx(std::pow(3.0, lower / 13) - 16).epsilon(1e-9));
  for (const auto& row : r.rows) CHECK(d(abs(row.check_log3 - r.deep_lower_log3)) < 1e-40);
  CHECK(r.rows[0].quoted == "2e17");
  CHECK(corollary1_derivation(r).steps[1].values.back().value.rfind("NO:", 0) == 0);  // disagreement stated
  CHECK_THROWS_AS(corollary1({6, 1000, 16}, {6}), usage_error);
}

TEST_CASE("Corollary 2 outside its hypothesis: no beta_2 is sought, and the step says why (skipped, never verified)") {
  // L = 3 < log_3 64 = 3.79: Theorem 2 claims nothing for the deep network (by hand).
  const auto r = corollary2({3, 64, 4}, 64);
  CHECK(!r.hypothesis);
  CHECK(r.beta2 == -1);
  CHECK(r.tried.empty());
  const derivation d = corollary2_derivation(r);
  const derivation_step& step = d.steps.at(2);
  CHECK(step.id == "beta2");
  CHECK(step.status == claim_status::skipped);
  CHECK(step.check.find("does not hold here") != std::string::npos);
  CHECK(d.results["beta2"].is_null());
  // L = 4 > 3.79: the search runs.
  CHECK(corollary2({4, 64, 4}, 64).hypothesis);
}

TEST_CASE("Corollary 2: the beta_2 found satisfies the inequality and the one before does not") {
  const auto r = corollary2({12, 64, 4}, 64);
  REQUIRE(r.beta2 > 0);
  const double upper = d(r.deep_upper_log3);
  auto th1_lower = [](long L, double dx, double H) { return std::pow(3.0, L - 2) * (l3(dx - H) - L + 2 - l3(2)); };
  CHECK(th1_lower(r.L_shallow, d(big_float(r.dx_shallow)), 4) > upper);
  CHECK(std::pow(3.0, static_cast<double>(r.L_shallow)) < d(big_float(r.dx_shallow)));  // below its threshold
  const double prev_dx = 64 * std::pow(3.0, r.beta2 - 1);
  long prev_L = 0;
  while (std::pow(3.0, prev_L + 1) < prev_dx) ++prev_L;
  CHECK(th1_lower(prev_L, prev_dx, 4) <= upper);
}

TEST_CASE("Corollary 2 finds no shallower network where none exists, and says so (never verified)") {
  // By hand: width 3^{beta_2} 64 lies in (3^{beta_2 + 3}, 3^{beta_2 + 4}), so the deepest depth below its threshold is
  // beta_2 + 3. At L_deep = 4 that is >= 4 already at beta_2 = 1: the search stops there.
  const auto r = corollary2({4, 64, 4}, 64);
  CHECK(r.hypothesis);
  CHECK(r.beta2 == -1);
  CHECK(r.not_shallower_beta2 == 1);
  CHECK(r.not_shallower_L == 4);
  const derivation out = corollary2_derivation(r);
  CHECK(out.steps.at(2).status == claim_status::computed);
  CHECK(out.steps.at(2).check.find(
            "no shallower network: for every $beta_2 >= 1$ the network is not shallower ($L = 4 >= L_deep = 4$") !=
        std::string::npos);
  CHECK(out.steps.at(2).values.empty());  // nothing tried: no empty list shown
  CHECK(out.results["beta2"].is_null());
  // At L_deep = 7 the networks of beta_2 = 1, 2, 3 (depth 4, 5, 6) are shallower; their Theorem 1 lower bounds,
  // by the double-precision oracle, stay below the deep Theorem 2 upper bound, and beta_2 = 4 gives depth 7.
  const auto seven = corollary2({7, 64, 4}, 64);
  const double upper = d(seven.deep_upper_log3);
  for (long b2 = 1; b2 <= 3; ++b2) CHECK(th1_lower_oracle(b2 + 3, 64 * std::pow(3.0, b2), 4) <= upper);
  CHECK(seven.beta2 == -1);
  CHECK(seven.not_shallower_beta2 == 4);
  CHECK(seven.not_shallower_L == 7);
  // At L = 12 (the default) the network found is shallower.
  const auto deep = corollary2({12, 64, 4}, 64);
  REQUIRE(deep.beta2 > 0);
  CHECK(deep.L_shallow == deep.beta2 + 3);
  CHECK(deep.L_shallow < 12);
  CHECK(deep.not_shallower_beta2 == -1);
}
