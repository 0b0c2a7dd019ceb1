#include <doctest/doctest.h>

#include "seprank/support/errors.hpp"
#include "seprank/model/partition.hpp"
#include "seprank/app/pipeline.hpp"
#include "seprank/app/request_options.hpp"

using namespace seprank;

namespace {
network_config position_cfg(int N, int position = 1) {
  network_config c;
  c.N = N, c.position = position;
  return c;
}
}  // namespace

TEST_CASE("default partition: A = 1..N/2, with the output position moved into A") {
  CHECK(default_partition(position_cfg(4)).str() == "A = {1,2} | B = {3,4}");
  CHECK(default_partition(position_cfg(5)).str() == "A = {1,2} | B = {3,4,5}");
  CHECK(default_partition(position_cfg(4, 4)).str() == "A = {1,4} | B = {2,3}");
  CHECK(default_partition(position_cfg(6, 2)).str() == "A = {1,2,3} | B = {4,5,6}");
  CHECK(default_partition(position_cfg(4)).balanced());
  CHECK_FALSE(default_partition(position_cfg(5)).balanced());
}

TEST_CASE("parsing partitions") {
  const auto p = parse_partition("3,1|4,2", 4);
  CHECK(p.A == std::vector<int>{1, 3});
  CHECK(p.B == std::vector<int>{2, 4});
  CHECK(p.in_A(3));
  CHECK_FALSE(p.in_A(2));
  CHECK(parse_partition("1|2,3", 3).str() == "A = {1} | B = {2,3}");
}

TEST_CASE("invalid partitions are refused with the reason") {
  CHECK_THROWS_WITH_AS(parse_partition("1,2|2,3", 4), "partition '1,2|2,3': position 2 appears twice", usage_error);
  CHECK_THROWS_WITH_AS(parse_partition("1,2|3", 4),
                       "partition '1,2|3': position 4 is missing (the sides must cover 1..4)", usage_error);
  CHECK_THROWS_WITH_AS(parse_partition("1,x|3,4", 4),
                       "partition '1,x|3,4': 'x' is not a position (expected e.g. 1,2|3,4)", usage_error);
  CHECK_THROWS_WITH_AS(parse_partition("|1,2,3,4", 4), "partition '|1,2,3,4': both sides must be non-empty",
                       usage_error);
  CHECK_THROWS_WITH_AS(parse_partition("1,2,3,4", 4),
                       "partition '1,2,3,4': expected two position lists separated by one '|', e.g. 1,2|3,4",
                       usage_error);
  CHECK_THROWS_WITH_AS(parse_partition("1|2|3", 3),
                       "partition '1|2|3': expected two position lists separated by one '|', e.g. 1,2|3,4",
                       usage_error);
  CHECK_THROWS_WITH_AS(parse_partition("1,5|2,3", 4), "partition '1,5|2,3': position 5 is out of range 1..4",
                       usage_error);
  CHECK_THROWS_WITH_AS(parse_partition("1,,2|3,4", 4),
                       "partition '1,,2|3,4': '' is not a position (expected e.g. 1,2|3,4)", usage_error);
}

TEST_CASE("balanced partitions with i in A: binom(N-1, N/2-1) of them") {
  CHECK(balanced_partitions(position_cfg(2)).size() == 1);
  CHECK(balanced_partitions(position_cfg(4)).size() == 3);
  CHECK(balanced_partitions(position_cfg(6)).size() == 10);
  CHECK(balanced_partitions(position_cfg(8, 5)).size() == 35);
  for (const auto& p : balanced_partitions(position_cfg(6, 4))) {
    CHECK(p.balanced());
    CHECK(p.in_A(4));
  }
  CHECK_THROWS_WITH_AS(balanced_partitions(position_cfg(5)), "N = 5 is odd: balanced partitions need an even N",
                       usage_error);
}

TEST_CASE("a partition given as positions is checked as a parsed one") {
  CHECK_NOTHROW(validate(partition{{1, 3}, {2, 4}}, 4));
  CHECK_THROWS_WITH_AS(validate(partition{{1, 3}, {2}}, 4),
                       "partition A = {1,3} | B = {2}: position 4 is missing (the sides must cover 1..4)", usage_error);
  CHECK_THROWS_WITH_AS(validate(partition{{1, 2}, {2, 3, 4}}, 4),
                       "partition A = {1,2} | B = {2,3,4}: position 2 appears twice", usage_error);
  CHECK_THROWS_WITH_AS(validate(partition{{1, 5}, {2, 3, 4}}, 4),
                       "partition A = {1,5} | B = {2,3,4}: position 5 is out of range 1..4", usage_error);
  CHECK_THROWS_WITH_AS(validate(partition{{}, {1, 2}}, 2), "partition A = {} | B = {1,2}: both sides must be non-empty",
                       usage_error);
  CHECK_THROWS_WITH_AS(validate(partition{{3, 1}, {2, 4}}, 4),
                       "partition A = {3,1} | B = {2,4}: each side must be sorted", usage_error);
  // The library's request carries the partition typed; derive's own validation refuses one that does not fit N.
  derivation_request r = default_request();
  r.ranks.explicit_partition = partition{{1, 2, 3}, {4, 5, 6}};  // N = 4
  CHECK_THROWS_WITH_AS(validate(r), "partition A = {1,2,3} | B = {4,5,6}: position 5 is out of range 1..4",
                       usage_error);
  set_partition_text(r, "1,3|2,4");
  REQUIRE(r.ranks.explicit_partition.has_value());
  CHECK(r.ranks.explicit_partition->A == std::vector<int>{1, 3});
  set_partition_text(r, "");
  CHECK_FALSE(r.ranks.explicit_partition.has_value());
}
