#include <doctest/doctest.h>

#include <cmath>

#include "seprank/atlas.hpp"
#include "seprank/errors.hpp"
#include "seprank/sweep.hpp"

using namespace seprank;

namespace {
double l3(double x) { return std::log(x) / std::log(3.0); }
double d(const big_float& v) { return v.convert_to<double>(); }
}  // namespace

TEST_CASE("regime classification at the boundary d_x = 3^L") {
  CHECK(classify_regime(2, 9) == regime::threshold);
  CHECK(classify_regime(2, 10) == regime::depth_efficient);
  CHECK(classify_regime(2, 8) == regime::depth_inefficient);
  CHECK(classify_regime(1, 3) == regime::threshold);
  CHECK(classify_regime(40, big_int("12157665459056928801")) == regime::threshold);  // 3^40
  CHECK(classify_regime(40, big_int("12157665459056928802")) == regime::depth_efficient);
}

TEST_CASE("Theorem 1 by hand: (d_x + H)^C and the constant a") {
  const auto t = theorem1(2, 10, 2);  // C = 4: 12^4 = 20736
  REQUIRE(t.upper_exact);
  CHECK(t.upper == 20736);
  CHECK(d(t.upper_log3) == doctest::Approx(4 * l3(12)).epsilon(1e-12));
  CHECK(d(t.a) == doctest::Approx(-2 + 2 - l3(2)).epsilon(1e-12));
  CHECK(d(t.lower_log3) == doctest::Approx(1.0 * (l3(8) - l3(2))).epsilon(1e-12));  // 3^0 (log_3 8 + a)
  CHECK_FALSE(theorem1(30, 10, 2).upper_exact);  // far too many digits: log space only
}

TEST_CASE("Theorem 2 constants by hand (double-precision oracle)") {
  const auto t = theorem2(2, 4, 1);
  CHECK(d(t.b1) == doctest::Approx(-3.0));
  CHECK(d(t.c1) == doctest::Approx(2.0));
  CHECK(d(t.b2) == doctest::Approx(-4 * (1 + 0.5 * l3(1.5))).epsilon(1e-12));
  const double c2 = -8 * l3(2 * std::sqrt(2 * std::sqrt(2 * std::exp(1.0)))) + l3(4);
  CHECK(d(t.c2) == doctest::Approx(c2).epsilon(1e-12));
  CHECK(d(t.upper_log3) == doctest::Approx(16 + 2 + c2).epsilon(1e-12));
  CHECK_FALSE(theorem2(2, 4, 4).b2_defined);
}

TEST_CASE("GPT-3 size: no overflow, log-space formatting") {
  const auto t = theorem2(96, 12288, 96);
  const double upper = 2.0 * 12288 * 96 + 96 - 2 * 12288 * l3(6144 * std::sqrt(2 * std::sqrt(2 * std::exp(1.0)))) + l3(12288);
  CHECK(d(t.upper_log3) == doctest::Approx(upper).epsilon(1e-12));
  // 3^v = 10^(v log_10 3): exponent and mantissa from a double computation.
  const double t10 = upper * std::log10(3.0);
  const std::string text = format_power_of_three(t.upper_log3);
  CHECK(text.substr(text.find('e') + 2) == std::to_string(static_cast<long long>(std::floor(t10))));
  CHECK(std::stod(text.substr(0, text.find('e'))) == doctest::Approx(std::pow(10.0, t10 - std::floor(t10))).epsilon(1e-4));
  CHECK(format_power_of_three(big_float(4)) == "8.10000e+01");
}

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

TEST_CASE("bounds validation") {
  CHECK_THROWS_AS(bounds_derivation({0, 4, 1}), usage_error);
  CHECK_THROWS_AS(bounds_derivation({2, 0, 1}), usage_error);
  CHECK_THROWS_AS(bounds_derivation({2, 4, 5}), usage_error);
  CHECK_NOTHROW(bounds_derivation({100, 30000, 100}));
}

TEST_CASE("parse_range") {
  CHECK(parse_range("--dx", "2..4", 1, 64) == std::vector<int>{2, 3, 4});
  CHECK(parse_range("--dx", "1,3,9", 1, 64) == std::vector<int>{1, 3, 9});
  CHECK(parse_range("--dx", "5", 1, 64) == std::vector<int>{5});
  CHECK_THROWS_WITH_AS(parse_range("--dx", "4..2", 1, 64), "--dx = 4..2: the range is empty (expected a..b, a,b,c or a; values in 1..64)", usage_error);
  CHECK_THROWS_AS(parse_range("--dx", "0..2", 1, 64), usage_error);
  CHECK_THROWS_AS(parse_range("--dx", "x", 1, 64), usage_error);
  CHECK_THROWS_AS(parse_range("--dx", "1..", 1, 64), usage_error);
  CHECK_THROWS_AS(parse_range("--dx", "1,,2", 1, 64), usage_error);
}

TEST_CASE("a small sweep: L = 1 gives sep = d_x + 1, and head forms have rank <= d_a") {
  sweep_spec spec;
  spec.dx = {1, 2, 4};
  spec.L = {1};
  spec.H = {1, 2, 3};
  const auto r = run_sweep(spec, [](const std::string&) {});
  REQUIRE(r.rows.size() == 9);
  for (const auto& row : r.rows) {
    CAPTURE(row.dx);
    CAPTURE(row.H);
    if (row.dx % row.H != 0) {
      CHECK(row.status == "H does not divide d_x");
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
