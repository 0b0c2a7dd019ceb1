// The paper's closed forms (analysis/bounds) against double-precision oracles written by hand.
#include <doctest/doctest.h>

#include <cmath>

#include "helpers.hpp"
#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/app/pipeline.hpp"
#include "seprank/report/format.hpp"
#include "seprank/support/errors.hpp"

using namespace seprank;

using testing::d;
using testing::l3;

TEST_CASE("regime classification at the boundary d_x = 3^L") {
  CHECK(regime_of(2, 9) == regime::threshold);
  CHECK(regime_of(2, 10) == regime::depth_efficient);
  CHECK(regime_of(2, 8) == regime::depth_inefficient);
  CHECK(regime_of(1, 3) == regime::threshold);
  CHECK(regime_of(40, big_int("12157665459056928801")) == regime::threshold);  // 3^40
  CHECK(regime_of(40, big_int("12157665459056928802")) == regime::depth_efficient);
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
  const double upper =
      2.0 * 12288 * 96 + 96 - 2 * 12288 * l3(6144 * std::sqrt(2 * std::sqrt(2 * std::exp(1.0)))) + l3(12288);
  CHECK(d(t.upper_log3) == doctest::Approx(upper).epsilon(1e-12));
  // 3^v = 10^(v log_10 3): exponent and mantissa from a double computation.
  const double t10 = upper * std::log10(3.0);
  const std::string text = format_power_of_three(t.upper_log3);
  CHECK(text.substr(text.find('e') + 2) == std::to_string(static_cast<long long>(std::floor(t10))));
  CHECK(std::stod(text.substr(0, text.find('e'))) ==
        doctest::Approx(std::pow(10.0, t10 - std::floor(t10))).epsilon(1e-4));
  CHECK(format_power_of_three(big_float(4)) == "8.10000e+01");
}

TEST_CASE("bounds validation") {
  CHECK_THROWS_AS(derive_bounds({0, 4, 1}), usage_error);
  CHECK_THROWS_AS(derive_bounds({2, 0, 1}), usage_error);
  CHECK_THROWS_AS(derive_bounds({2, 4, 5}), usage_error);
  CHECK_NOTHROW(derive_bounds({100, 30000, 100}));
}
