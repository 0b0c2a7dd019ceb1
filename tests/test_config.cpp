#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <string>

#include "seprank/app/pipeline.hpp"
#include "seprank/app/request_options.hpp"
#include "seprank/model/config.hpp"
#include "seprank/support/errors.hpp"

using namespace seprank;

namespace {
network_config make(int L, int dx, int H, int N, int i = 1, int p = 1) {
  network_config c;
  c.L = L, c.dx = dx, c.H = H, c.N = N, c.position = i, c.entry = p;
  return c;
}
}  // namespace

TEST_CASE("C = (3^L - 1)/2 and degree 3^L, by hand") {
  CHECK(summed_index_count(1) == 1);
  CHECK(summed_index_count(2) == 4);
  CHECK(summed_index_count(3) == 13);
  CHECK(summed_index_count(4) == 40);
  CHECK(output_degree(1) == 3);
  CHECK(output_degree(2) == 9);
  CHECK(output_degree(3) == 27);
  CHECK(output_degree(8) == 6561);
}

TEST_CASE("valid configurations pass") {
  CHECK_NOTHROW(validate(make(2, 4, 1, 4)));
  CHECK_NOTHROW(validate(make(1, 6, 3, 2, 2, 6)));
  CHECK_NOTHROW(validate(make(8, 1, 1, 2)));
  CHECK(make(2, 6, 3, 4).head_size() == 2);
}

TEST_CASE("every invalid parameter is named with its allowed range") {
  CHECK_THROWS_WITH_AS(validate(make(0, 4, 1, 4)), "L = 0 is out of range: the depth must satisfy 1 <= L <= 8",
                       usage_error);
  CHECK_THROWS_WITH_AS(validate(make(9, 4, 1, 4)), "L = 9 is out of range: the depth must satisfy 1 <= L <= 8",
                       usage_error);
  CHECK_THROWS_WITH_AS(validate(make(2, 0, 1, 4)), "dx = 0 is out of range: the width d_x must satisfy 1 <= dx <= 64",
                       usage_error);
  CHECK_THROWS_WITH_AS(validate(make(2, -3, 1, 4)), "dx = -3 is out of range: the width d_x must satisfy 1 <= dx <= 64",
                       usage_error);
  CHECK_THROWS_WITH_AS(validate(make(2, 4, 3, 4)),
                       "H = 3 does not divide dx = 4: the head size d_a = dx/H must be an integer", usage_error);
  CHECK_THROWS_WITH_AS(validate(make(2, 4, 0, 4)),
                       "H = 0 is out of range: the number of heads must satisfy 1 <= H <= 4", usage_error);
  CHECK_THROWS_WITH_AS(validate(make(2, 4, 8, 4)),
                       "H = 8 is out of range: the number of heads must satisfy 1 <= H <= 4", usage_error);
  CHECK_THROWS_WITH_AS(validate(make(2, 4, 1, 1)),
                       "N = 1 is out of range: the number of positions must satisfy 2 <= N <= 64", usage_error);
  CHECK_THROWS_WITH_AS(validate(make(2, 4, 1, 4, 5)),
                       "position = 5 is out of range: the output position i must satisfy 1 <= position <= 4",
                       usage_error);
  CHECK_THROWS_WITH_AS(validate(make(2, 4, 1, 4, 0)),
                       "position = 0 is out of range: the output position i must satisfy 1 <= position <= 4",
                       usage_error);
  CHECK_THROWS_WITH_AS(validate(make(2, 4, 1, 4, 1, 5)),
                       "entry = 5 is out of range: the output entry p must satisfy 1 <= entry <= 4", usage_error);
}

TEST_CASE("input variable numbering: x^j_r -> (j-1) dx + (r-1)") {
  const auto c = make(1, 3, 1, 4);
  CHECK(c.variable(1, 1) == 0);
  CHECK(c.variable(1, 3) == 2);
  CHECK(c.variable(2, 1) == 3);
  CHECK(c.variable(4, 3) == 11);
}

TEST_CASE("the main command's request: validate has no side effects; derive validates its own request") {
  derivation_request r = default_request();
  const std::string dir = "/tmp/seprank_test_cert_" + std::to_string(getpid());
  r.certificate = dir;
  validate(r);
  CHECK_FALSE(std::filesystem::exists(dir));  // the directory is made by derive, not by validate
  r.ranks.seeds = 0;  // out of range: derive refuses it itself, before any work (and before making the directory)
  CHECK_THROWS_WITH_AS(derive(r, {}), "seeds = 0 is out of range: must satisfy 1 <= seeds <= 1000", usage_error);
  CHECK_FALSE(std::filesystem::exists(dir));
  r.ranks.seeds = 1;
  r.cfg.H = 3;  // does not divide d_x = 4
  CHECK_THROWS_AS(derive(r, {}), usage_error);
}

TEST_CASE("weights given in memory replace the weights option, never both; derive checks their shapes") {
  derivation_request r = default_request();
  r.cfg.L = 1, r.cfg.dx = 2, r.cfg.N = 2;
  const auto given = std::make_shared<const integer_weights>(draw_weights(r.cfg, 2, 9));
  set_weights_text(r.weights, "symbolic");
  CHECK_THROWS_WITH_AS(give_weights(r, given), "weights are given in memory and as 'symbolic': give one of them",
                       usage_error);
  set_weights_text(r.weights, "w.txt");
  CHECK_THROWS_WITH_AS(give_weights(r, given), "weights are given in memory and as 'w.txt': give one of them",
                       usage_error);
  set_weights_text(r.weights, "random");
  give_weights(r, given);
  CHECK(r.weights.source == weight_choice::kind::given);
  CHECK(weights_text(r.weights) == "given");
  validate(r);
  r.cfg.dx = 4;  // the given matrices are 2 x 2: refused by derive, before any expansion
  CHECK_THROWS_WITH_AS(derive(r, {}), "the weights given: WQ 1 1 is 2 x 2, expected 4 x 4", usage_error);
}
