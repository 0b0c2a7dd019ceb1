// The results store and the scheduler (run/store, run/scheduler): planted results go in and come back exactly,
// finished units are reused, a sample is recomputed on request and a tampered unit is caught, and what is not a
// store is refused. The units here are planted functions whose results are known in advance.
#include <doctest/doctest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "seprank/analysis/ranks/certified_rank.hpp"
#include "seprank/analysis/ranks/grid_tensor.hpp"
#include "seprank/run/scheduler.hpp"
#include "seprank/run/store.hpp"
#include "seprank/support/errors.hpp"

using namespace seprank;

namespace {

// A fresh path in the temporary directory, removed (with SQLite's WAL files) at the end of its scope.
struct temp_path {
  std::string path;
  explicit temp_path(const std::string& name) : path("/tmp/seprank_test_" + std::to_string(getpid()) + "_" + name) { clear(); }
  ~temp_path() { clear(); }
  void clear() const {
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path + suffix).c_str());
  }
};

unit_batch planted_batch(const std::string& weights = "WQ 1 1\n1\n") {
  unit_batch b{"planted", 1, "L=1 dx=1", weights, {}};
  for (int i = 0; i < 6; ++i) b.units.push_back({"u" + std::to_string(i), static_cast<double>(i), 1});
  return b;
}

// Unit i's result is i^2 (the planted answer); `calls` counts the units computed.
std::function<std::string(std::size_t)> squares(int& calls) {
  return [&calls](std::size_t i) {
    ++calls;
    return std::to_string(i * i);
  };
}

void sql(const std::string& path, const std::string& statement) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  char* err = nullptr;
  const int rc = sqlite3_exec(db, statement.c_str(), nullptr, nullptr, &err);
  sqlite3_free(err);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

}  // namespace

TEST_CASE("a unit's result goes into the store and comes back exactly; other keys find nothing") {
  const temp_path t("store.db");
  results_store s(t.path, true);
  const unit_batch b = planted_batch();
  CHECK_FALSE(s.find(b, 2).has_value());
  unit_result r;
  r.data = "{\"rank\":31456}", r.seconds = 1.5, r.memory_mb = 77;
  s.put(b, 2, r);
  const auto got = s.find(b, 2);
  REQUIRE(got.has_value());
  CHECK(got->data == r.data);
  CHECK(got->seconds == 1.5);
  CHECK(got->memory_mb == 77);
  CHECK(got->position == 2);
  CHECK(got->unit == "u2");
  CHECK_FALSE(s.find(b, 3).has_value());
  unit_batch other = b;
  other.version = 2;  // another version of the method
  CHECK_FALSE(s.find(other, 2).has_value());
  other = b, other.config = "L=1 dx=2";
  CHECK_FALSE(s.find(other, 2).has_value());
  other = b, other.weights = "WQ 1 1\n2\n";
  CHECK_FALSE(s.find(other, 2).has_value());
  REQUIRE(s.units().size() == 1);
  CHECK(s.units()[0].weights_hash == weights_hash(b.weights));
}

TEST_CASE("the weights hash: 32 hex digits, different for texts that differ in one character") {
  CHECK(weights_hash("").size() == 32);
  CHECK(weights_hash("WQ 1 1\n1\n") != weights_hash("WQ 1 1\n2\n"));
  CHECK(weights_hash("ab") != weights_hash("ba"));
  CHECK(weights_hash("abc") == weights_hash("abc"));
}

TEST_CASE("a stored weight text that differs under the same hash is refused, never reused") {
  const temp_path t("collision.db");
  const unit_batch b = planted_batch();
  { results_store s(t.path, true); }
  sql(t.path, "INSERT INTO weights(hash, text) VALUES('" + weights_hash(b.weights) + "', 'other weights')");
  results_store s(t.path, true);
  CHECK_THROWS_AS(s.find(b, 0), usage_error);
}

TEST_CASE("what is not a store is refused with the reason") {
  const temp_path text("text.db"), foreign("foreign.db"), missing("missing.db");
  std::ofstream(text.path) << "not a database at all, but long enough to be read as a header by SQLite.............\n";
  CHECK_THROWS_WITH_AS(results_store(text.path, true), doctest::Contains("not a database"), usage_error);
  sql(foreign.path, "CREATE TABLE mine(x INTEGER)");
  CHECK_THROWS_WITH_AS(results_store(foreign.path, true), doctest::Contains("not a seprank-sym store"), usage_error);
  CHECK_THROWS_AS(results_store(missing.path, false), usage_error);
}

TEST_CASE("the scheduler: every unit computed once, then all read from the store, in the batch's order") {
  const temp_path t("sched.db");
  const unit_batch b = planted_batch();
  int calls = 0;
  unit_provenance p;
  {
    scheduler s({t.path, 0, 1}, process_group::world());
    const auto out = run_units(&s, b, squares(calls), &p);
    REQUIRE(out.size() == 6);
    for (std::size_t i = 0; i < 6; ++i) CHECK(out[i].data == std::to_string(i * i));
    CHECK(calls == 6);
    CHECK(p.computed == 6);
    CHECK(p.stored == 0);
    CHECK(p.store == t.path);
  }
  {
    scheduler s({t.path, 0, 1}, process_group::world());
    const auto out = run_units(&s, b, squares(calls), &p);
    for (std::size_t i = 0; i < 6; ++i) CHECK(out[i].data == std::to_string(i * i));
    CHECK(calls == 6);  // nothing recomputed
    CHECK(p.stored == 6);
    CHECK(p.computed == 0);
  }
  // A unit missing from the store (as after a run killed while it was in flight) is the only one computed.
  sql(t.path, "DELETE FROM units WHERE unit = 'u4'");
  {
    scheduler s({t.path, 0, 1}, process_group::world());
    const auto out = run_units(&s, b, squares(calls), &p);
    CHECK(out[4].data == "16");
    CHECK(out[4].origin == unit_origin::computed);
    CHECK(calls == 7);
    CHECK(p.stored == 5);
    CHECK(p.computed == 1);
  }
}

TEST_CASE("--verify: a sample of stored units is recomputed; a tampered one disagrees and is shown as stored") {
  const temp_path t("verify.db");
  const unit_batch b = planted_batch();
  int calls = 0;
  unit_provenance p;
  {
    scheduler s({t.path, 0, 1}, process_group::world());
    run_units(&s, b, squares(calls), &p);
  }
  {
    scheduler s({t.path, 3, 7}, process_group::world());
    run_units(&s, b, squares(calls), &p);
    CHECK(calls == 6 + 3);
    CHECK(p.verified == 3);
    CHECK(p.disagreed == 0);
  }
  sql(t.path, "UPDATE units SET data = '26' WHERE unit = 'u5'");  // 5^2 = 25
  scheduler s({t.path, 100, 7}, process_group::world());  // all of them
  const auto out = run_units(&s, b, squares(calls), &p);
  CHECK(p.verified == 5);
  CHECK(p.disagreed == 1);
  CHECK(out[5].disagreed);
  CHECK(out[5].data == "26");  // what the store said, reported FAILED by the step
}

TEST_CASE("without a runner, units run here in order") {
  int calls = 0;
  unit_provenance p;
  const auto out = run_units(nullptr, planted_batch(), squares(calls), &p);
  CHECK(calls == 6);
  CHECK(out[3].data == "9");
  CHECK(p.computed == 6);
  CHECK(p.store.empty());
}

TEST_CASE("block and grid results survive the round trip through text exactly") {
  block_rank b;
  b.rows = 11436, b.cols = 11440, b.rank_mod_p = 11436, b.upper = 11436, b.exact = true;
  b.certificate = block_certificate::meets_annihilator_bound, b.prime = 4611686018427387847ULL;
  b.sampled_rows = 11436, b.sampled_cols = 11452, b.proven_upper = 11436;
  const block_rank c = block_rank_of_data(block_rank_data(b));
  CHECK(c.rows == b.rows);
  CHECK(c.cols == b.cols);
  CHECK(c.rank_mod_p == b.rank_mod_p);
  CHECK(c.upper == b.upper);
  CHECK(c.exact);
  CHECK(c.certificate == block_certificate::meets_annihilator_bound);
  CHECK(c.prime == b.prime);
  CHECK(c.sampled_cols == b.sampled_cols);
  CHECK(c.proven_upper == b.proven_upper);
  CHECK(block_rank_data(c) == block_rank_data(b));
  CHECK_THROWS(block_rank_of_data("{\"rows\":1}"));

  grid_rank_result g;
  g.rank = 34, g.points = 42, g.prime = 268435399, g.stop = grid_stop::reached_upper_bound, g.graded = true, g.evaluations = 9000;
  g.blocks.push_back({0, grid_bound::gram_count, 1, 9, 1});
  g.blocks.push_back({1, grid_bound::side_relations, 33, 41, -1});
  const grid_rank_result h = grid_rank_of_data(grid_rank_data(g));
  CHECK(h.rank == 34);
  CHECK(h.prime == 268435399);
  CHECK(h.stop == grid_stop::reached_upper_bound);
  REQUIRE(h.blocks.size() == 2);
  CHECK(h.blocks[1].bound == grid_bound::side_relations);
  CHECK(h.blocks[1].upper == -1);
  CHECK(grid_rank_data(h) == grid_rank_data(g));
}
