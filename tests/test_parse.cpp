// Strict parsing of ranges and seeds (support/parse).
#include <doctest/doctest.h>

#include <cmath>

#include "seprank/support/errors.hpp"
#include "seprank/support/parse.hpp"

using namespace seprank;

TEST_CASE("parse_range") {
  CHECK(parse_range(flag("dx"), "2..4", 1, 64) == std::vector<int>{2, 3, 4});
  CHECK(parse_range(flag("dx"), "1,3,9", 1, 64) == std::vector<int>{1, 3, 9});
  CHECK(parse_range(flag("dx"), "5", 1, 64) == std::vector<int>{5});
  CHECK_THROWS_WITH_AS(parse_range(flag("dx"), "4..2", 1, 64),
                       "--dx = 4..2: the range is empty (expected a..b, a,b,c or a; values in 1..64)", usage_error);
  CHECK_THROWS_AS(parse_range(flag("dx"), "0..2", 1, 64), usage_error);
  try {  // Python names the option by its keyword
    parse_range(flag("dx"), "4..2", 1, 64);
  } catch (const usage_error& e) {
    CHECK(e.message().python() == "dx = 4..2: the range is empty (expected a..b, a,b,c or a; values in 1..64)");
  }
  CHECK_THROWS_AS(parse_range(flag("dx"), "x", 1, 64), usage_error);
  CHECK_THROWS_AS(parse_range(flag("dx"), "1..", 1, 64), usage_error);
  CHECK_THROWS_AS(parse_range(flag("dx"), "1,,2", 1, 64), usage_error);
}

TEST_CASE("parse_seed: digits only, 0 .. 2^64 - 1") {
  CHECK(parse_seed("0") == 0);
  CHECK(parse_seed("18446744073709551615") == 18446744073709551615ULL);
  for (const char* bad : {"", "+1", "1e3", " 1", "abc", "-"})
    CHECK_THROWS_WITH_AS(
        parse_seed(bad),
        (std::string("seed = ") + bad + " is not an integer: must be an integer in 0 .. 18446744073709551615").c_str(),
        usage_error);
  CHECK_THROWS_WITH_AS(parse_seed("-1"), "seed = -1 is out of range: must be an integer in 0 .. 18446744073709551615",
                       usage_error);
  CHECK_THROWS_WITH_AS(parse_seed("18446744073709551616"),
                       "seed = 18446744073709551616 is out of range: must be an integer in 0 .. 18446744073709551615",
                       usage_error);
}

TEST_CASE("ranges given as values: the checks of parse_range, and the text that reads back") {
  CHECK_NOTHROW(check_range(flag("dx"), std::vector<int>{2, 3, 64}, 1, 64, 64));
  CHECK_THROWS_WITH_AS(check_range(flag("dx"), std::vector<int>{2, 65}, 1, 64, 64),
                       "--dx: value 65 out of range (values in 1..64)", usage_error);
  CHECK_THROWS_WITH_AS(check_range(flag("L"), std::vector<int>{}, 1, 8, 64), "--L: no values (values in 1..8)",
                       usage_error);
  CHECK_THROWS_WITH_AS(check_range(flag("dx"), std::vector<long>(101, 5), 1, 1000000, 100),
                       "--dx: 101 values, more than the 100 allowed", usage_error);
  CHECK(range_text(std::vector<int>{2, 3, 4}) == "2..4");
  CHECK(range_text(std::vector<int>{1, 2, 4}) == "1,2,4");
  CHECK(range_text(std::vector<int>{3}) == "3");
  for (const std::string text : {"2..4", "1,2,4", "7"}) CHECK(range_text(parse_range(flag("dx"), text, 1, 64)) == text);
}

TEST_CASE("limit_text: a power of ten from 10^5 as 10^k, any other number in decimal") {
  CHECK(limit_text(64) == "64");
  CHECK(limit_text(10000) == "10000");
  CHECK(limit_text(100000) == "10^5");
  CHECK(limit_text(200000) == "200000");
  CHECK(limit_text(1000000000000LL) == "10^12");
  CHECK(limit_text(10000000000000LL) == "10^13");
  CHECK(limit_text(1000001) == "1000001");
  CHECK(limit_text(0) == "0");
}
