// model/log_binomial: log_3 of 2 binom(n + r, n) enclosed, against exact values and lgamma by hand.
#include <doctest/doctest.h>

#include <cmath>

#include "seprank/model/log_binomial.hpp"

using namespace seprank;

namespace {

// log_3 of 2 binom(n + r, n) in double precision (lgamma): an independent oracle, good to ~1e-12 relative.
double oracle_log3(double n, double r) {
  return (std::log(2.0) + std::lgamma(n + r + 1) - std::lgamma(n + 1) - std::lgamma(r + 1)) / std::log(3.0);
}

double d(const big_float& v) { return v.convert_to<double>(); }

}  // namespace

TEST_CASE("log_binomial: exact small values by hand, each inside its enclosure") {
  // 2 binom(7, 3) = 70; 2 binom(4 + 13, 4) = 2 x 2380 = 4760 (n = 4 = (3^2 - 1)/2, r = 13).
  for (const auto& [n, r, value] : {std::tuple<long, long, long>{3, 4, 70}, {4, 13, 4760}, {1, 1, 4}}) {
    CAPTURE(n);
    CAPTURE(r);
    const twice_binomial b = twice_binomial_of(n, r);
    REQUIRE(b.exact);
    CHECK(b.value == value);
    // log_3 of the value in 100 digits: the ends must hold it exactly, not after a rounding to double.
    const big_float exact = log(big_float(value)) / log(big_float(3));
    CHECK(b.log3_lower <= exact);
    CHECK(b.log3_upper >= exact);
    CHECK(b.log3_upper - b.log3_lower < big_float(1e-15));
    CHECK(big_float(b.log3_lower_ld) <= exact);
    // The long-double enclosure holds it too, wider.
    const twice_binomial f = twice_binomial_fast(static_cast<long double>(n), static_cast<long double>(r));
    CHECK_FALSE(f.exact);
    CHECK(f.log3_lower <= exact);
    CHECK(f.log3_upper >= exact);
  }
  CHECK_FALSE(twice_binomial_of(3, 4, false).exact);  // the enclosure only, when asked
}

TEST_CASE("log_binomial: past the exact range, both enclosures agree with lgamma and with each other") {
  // n = (3^20 - 1)/2 and r = 10^6: log_3 of the value is about 7 x 10^6, far past the exact range (2,100).
  const big_int n = (power_of_three(20) - 1) / 2;
  const big_int r = 1000000;
  const twice_binomial b = twice_binomial_of(n, r);
  CHECK_FALSE(b.exact);
  const double oracle = oracle_log3(n.convert_to<double>(), 1e6);
  CHECK(d(b.log3_lower) <= d(b.log3_upper));
  CHECK(std::abs(d(b.log3_lower) - oracle) < 1e-9 * oracle);
  CHECK(std::abs(d(b.log3_upper) - oracle) < 1e-9 * oracle);
  const twice_binomial f = twice_binomial_fast(n.convert_to<long double>(), 1e6L);
  CHECK(f.log3_lower <= b.log3_lower);  // the long-double enclosure is the wider one
  CHECK(f.log3_upper >= b.log3_upper);
  CHECK(std::abs(binomial_log3_estimate(n.convert_to<long double>(), 1e6L) + std::log(2.0L) / std::log(3.0L) - oracle) <
        1e-6 * oracle);
}
