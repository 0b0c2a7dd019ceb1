#include <doctest/doctest.h>

#include <sstream>

#include "seprank/support/errors.hpp"
#include "seprank/model/weights.hpp"

using namespace seprank;

namespace {
network_config heads_cfg(int L, int dx, int H) {
  network_config c;
  c.L = L, c.dx = dx, c.H = H, c.N = 2;
  return c;
}
integer_weights parse(const std::string& text, const network_config& c) {
  std::istringstream in(text);
  return parse_weights(in, c, "test");
}
const char* one_layer_dx1 = "WQ 1 1\n2\nWK 1 1\n3\nWV 1 1\n5\nWO 1 1\n7\n";
}  // namespace

TEST_CASE("seeded draw: reproducible, shaped, nonzero, in range") {
  const auto c = heads_cfg(2, 4, 2);
  const auto a = draw_weights(c, 7, 3), b = draw_weights(c, 7, 3), d = draw_weights(c, 8, 3);
  CHECK(format_weights(a) == format_weights(b));
  CHECK(format_weights(a) != format_weights(d));
  REQUIRE(a.layers.size() == 2);
  REQUIRE(a.layers[0].size() == 2);
  CHECK(a.layers[0][0].Q.rows() == 2);
  CHECK(a.layers[0][0].Q.cols() == 4);
  CHECK(a.layers[1][1].O.rows() == 4);
  CHECK(a.layers[1][1].O.cols() == 2);
  bool seen_neg = false, seen_pos = false;
  for (const auto& layer : a.layers)
    for (const auto& h : layer)
      for (const auto* m : {&h.Q, &h.K, &h.V, &h.O})
        for (long v : m->data()) {
          CHECK(v != 0);
          CHECK(v >= -3);
          CHECK(v <= 3);
          seen_neg |= v < 0;
          seen_pos |= v > 0;
        }
  CHECK(seen_neg);
  CHECK(seen_pos);
}

TEST_CASE("the SplitMix64 draw is the published sequence") {
  // SplitMix64 with seed 0 starts 0xe220a8397b1dcdaf (Steele, Lea, Flood 2014; also Java's
  // SplittableRandom): 0xe220a8397b1dcdaf mod 18 = 7, and u = 7 < 9 maps to 7 - 9 = -2.
  const auto w = draw_weights(heads_cfg(1, 1, 1), 0, 9);
  CHECK(w.layers[0][0].Q(0, 0) == -2);
}

TEST_CASE("weight range is validated") { CHECK_THROWS_AS(draw_weights(heads_cfg(1, 1, 1), 1, 0), usage_error); }

TEST_CASE("weight file: parse, comments, round trip") {
  const auto c = heads_cfg(1, 1, 1);
  const auto w = parse(std::string("# hand weights\n") + one_layer_dx1, c);
  CHECK(w.layers[0][0].Q(0, 0) == 2);
  CHECK(w.layers[0][0].K(0, 0) == 3);
  CHECK(w.layers[0][0].V(0, 0) == 5);
  CHECK(w.layers[0][0].O(0, 0) == 7);
  const auto c2 = heads_cfg(2, 4, 2);
  const auto drawn = draw_weights(c2, 3, 9);
  CHECK(format_weights(parse(format_weights(drawn), c2)) == format_weights(drawn));
}

TEST_CASE("weight file errors name the line and the problem") {
  const auto c = heads_cfg(1, 1, 1);
  CHECK_THROWS_WITH_AS(parse("WQ 1 1\n2\nWK 1 1\n3\nWV 1 1\n5\n", c),
                       "weight file test: missing block WO 1 1 (3 of 4 blocks present)", usage_error);
  CHECK_THROWS_WITH_AS(parse("WQ 1 1\nx\n", c), "weight file test:2: entry 'x' is not a decimal integer", usage_error);
  CHECK_THROWS_WITH_AS(parse("WQ 1 1\n2.5\n", c), "weight file test:2: entry '2.5' is not a decimal integer",
                       usage_error);
  CHECK_THROWS_WITH_AS(parse("WQ 1 1\n2 3\n", c), "weight file test:2: row has 2 entries, expected 1", usage_error);
  CHECK_THROWS_WITH_AS(parse("WQ 1 1\n2\n3\n", c), "weight file test:3: too many rows: expected 1", usage_error);
  CHECK_THROWS_WITH_AS(parse("WQ 2 1\n2\n", c),
                       "weight file test:1: layer 2 head 1 out of range (1 <= layer <= 1, 1 <= head <= 1)",
                       usage_error);
  CHECK_THROWS_WITH_AS(parse("WQ 1 1\n2\nWQ 1 1\n2\n", c), "weight file test:3: block repeated", usage_error);
  CHECK_THROWS_WITH_AS(parse("2\n", c), "weight file test:1: matrix row before any 'WQ|WK|WV|WO <layer> <head>' header",
                       usage_error);
  CHECK_THROWS_WITH_AS(parse("WX 1 1\n", c), "weight file test:1: expected a header 'WQ|WK|WV|WO <layer> <head>'",
                       usage_error);
  CHECK_THROWS_WITH_AS(parse("WQ 1 1\n99999999999\n", c),
                       "weight file test:2: entry 99999999999 exceeds the allowed magnitude 1000000000", usage_error);
  const auto c2 = heads_cfg(1, 2, 1);
  CHECK_THROWS_WITH_AS(parse("WQ 1 1\n1 2\n", c2), "weight file test:1: block has 1 rows, expected 2", usage_error);
  CHECK_THROWS_WITH_AS(read_weight_file("/nonexistent/w.txt", c), "weight file /nonexistent/w.txt: cannot be opened",
                       usage_error);
}

TEST_CASE("weights given in memory: checked against the configuration, used as given") {
  const auto c = heads_cfg(2, 4, 2);  // d_a = 2: W^Q, W^K, W^V 2 x 4, W^O 4 x 2
  const auto w = draw_weights(c, 5, 9);
  weight_choice choice;
  choice.source = weight_choice::kind::given;
  choice.given = std::make_shared<const integer_weights>(w);
  CHECK(format_weights(obtain_weights(c, choice)) == format_weights(w));
  CHECK_FALSE(choice.drawn());
  auto wrong = w;
  wrong.layers[1][0].O = dense_matrix<long>(2, 4, 1);  // transposed shape
  choice.given = std::make_shared<const integer_weights>(wrong);
  try {
    obtain_weights(c, choice);
    CHECK(false);
  } catch (const usage_error& e) {
    CHECK(std::string(e.what()) == "the weights given: WO 2 1 is 2 x 4, expected 4 x 2");
  }
  wrong = w;
  wrong.layers[0][1].K(1, 3) = 1000000001;
  CHECK_THROWS_AS(check_weights(wrong, c, "given"), usage_error);
  wrong = w;
  wrong.layers.pop_back();
  CHECK_THROWS_WITH_AS(check_weights(wrong, c, "given"), "given: 1 layers, expected L = 2", usage_error);
  wrong = w;
  wrong.layers[1].pop_back();
  CHECK_THROWS_WITH_AS(check_weights(wrong, c, "given"), "given: layer 2 has 1 heads, expected H = 2", usage_error);
}
