// The results store and the scheduler (run/store, run/scheduler): planted results go in and come back exactly,
// finished units are reused, a sample is recomputed on request and a tampered unit is caught, and what is not a
// store is refused. The units here are planted functions whose results are known in advance.
#include <doctest/doctest.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "seprank/analysis/ranks/certified_rank.hpp"
#include "seprank/analysis/ranks/grid_tensor.hpp"
#include "seprank/report/store_report.hpp"
#include "seprank/run/scheduler.hpp"
#include "seprank/run/store.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/parse.hpp"

using namespace seprank;

namespace {

// A fresh path in the temporary directory, removed (with SQLite's WAL files) at the end of its scope.
struct temp_path {
  std::string path;
  explicit temp_path(const std::string& name) : path("/tmp/seprank_test_" + std::to_string(getpid()) + "_" + name) {
    clear();
  }
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

// Runs the batch once through a store at `path` (every unit computed and stored).
void fill(const std::string& path, const unit_batch& b, int& calls) {
  scheduler s({path, 0, 1}, process_group::world());
  run_units(&s, b, squares(calls), nullptr);
}

// Sets a stored unit's data and signs it again with the key, as an adversary holding the key would: HMAC-SHA256
// over "<length>:<field>" for method, version, config, weights hash, unit, position and data (docs: run/store.hpp).
void forge(const std::string& path, const unit_batch& b, std::size_t unit, const std::string& data) {
  std::ifstream in(store_key_path(), std::ios::binary);
  REQUIRE(in);
  const std::string key((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string msg;
  for (const std::string& f : {b.method, std::to_string(b.version), b.config, weights_hash(b.weights),
                               b.units[unit].name, std::to_string(unit), data})
    msg += std::to_string(f.size()) + ":" + f;
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  REQUIRE(HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
               reinterpret_cast<const unsigned char*>(msg.data()), msg.size(), mac, &n) != nullptr);
  std::string hex;
  char byte[3];
  for (unsigned int i = 0; i < n; ++i) std::snprintf(byte, sizeof byte, "%02x", mac[i]), hex += byte;
  sql(path, "UPDATE units SET data = '" + data + "', digest = '" + hex + "' WHERE unit = '" + b.units[unit].name + "'");
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
  fill(t.path, b, calls);
  {
    scheduler s({t.path, 3, 7}, process_group::world());
    run_units(&s, b, squares(calls), &p);
    CHECK(calls == 6 + 3);
    CHECK(p.verified == 3);
    CHECK(p.disagreed == 0);
  }
  forge(t.path, b, 5, "26");  // 5^2 = 25, signed with the key: only a recomputation can tell
  scheduler s({t.path, 100, 7}, process_group::world());  // all of them
  const auto out = run_units(&s, b, squares(calls), &p);
  CHECK(p.verified == 5);
  CHECK(p.disagreed == 1);
  CHECK(out[5].disagreed);
  CHECK(out[5].data == "26");  // what the store said, reported FAILED by the step
}

TEST_CASE(
    "a unit edited without the key fails its digest: never used, recomputed, kept as evidence, and listed as altered") {
  const temp_path t("digest.db");
  const unit_batch b = planted_batch();
  int calls = 0;
  unit_provenance p;
  fill(t.path, b, calls);
  sql(t.path, "UPDATE units SET data = '26' WHERE unit = 'u5'");  // 5^2 = 25; the digest left as it was
  for (int round = 0; round < 2; ++round) {                       // the store is not repaired behind the user's back
    scheduler s({t.path, 0, 7}, process_group::world());
    const auto out = run_units(&s, b, squares(calls), &p);
    CHECK(out[5].data == "25");  // recomputed here
    CHECK(p.stored == 5);
    CHECK(p.computed == 1);
    REQUIRE(p.impossible.size() == 1);
    CHECK(p.impossible[0].rfind("u5: its keyed digest does not match", 0) == 0);
  }
  CHECK(calls == 6 + 2);
  const results_store st(t.path, false);
  long altered = 0, valid = 0;
  for (const auto& u : st.units())
    (u.digest == "altered" ? altered : valid) += u.digest == "altered" || u.digest == "valid";
  CHECK(altered == 1);
  CHECK(valid == 5);
  // Moving a unit's (valid) digest and data to another unit is caught too: the digest covers the key fields.
  sql(t.path,
      "UPDATE units SET data = (SELECT data FROM units WHERE unit = 'u2'), digest = (SELECT digest FROM units WHERE unit = 'u2') WHERE unit = 'u3'");
  scheduler s({t.path, 0, 7}, process_group::world());
  const auto out = run_units(&s, b, squares(calls), &p);
  CHECK(out[3].data == "9");
  CHECK(p.impossible.size() == 2);
}

TEST_CASE("a store of schema 1 (no digests) is upgraded: its units are recomputed once, then read back signed") {
  const temp_path t("schema1.db");
  const unit_batch b = planted_batch();
  int calls = 0;
  unit_provenance p;
  fill(t.path, b, calls);
  sql(t.path, "ALTER TABLE units DROP COLUMN digest; UPDATE meta SET value = '1' WHERE key = 'schema'");
  for (int round = 0; round < 2; ++round) {
    scheduler s({t.path, 0, 1}, process_group::world());
    const auto out = run_units(&s, b, squares(calls), &p);
    CHECK(p.impossible.empty());
    CHECK(out[4].data == "16");
  }
  CHECK(calls == 6 + 6);  // once more in the first round, none in the second
  CHECK(p.stored == 6);
}

TEST_CASE("a damaged store is an error naming it, never a shorter list") {
  const temp_path t("damaged.db");
  unit_batch b = planted_batch();
  b.units.clear();
  for (int i = 0; i < 400; ++i) b.units.push_back({"u" + std::to_string(i), 0, 1});
  int calls = 0;
  {
    scheduler s({t.path, 0, 1}, process_group::world());
    run_units(
        &s, b, [&](std::size_t i) { return std::string(200, static_cast<char>('a' + i % 26)); }, nullptr);
  }
  sql(t.path, "PRAGMA wal_checkpoint(TRUNCATE)");
  {  // garbage over the middle of the file (past the header page)
    std::fstream f(t.path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(0, std::ios::end);
    const auto size = static_cast<long>(f.tellp());
    REQUIRE(size > 8 * 4096);
    f.seekp(size / 2);
    const std::string junk(3 * 4096, '\xA5');
    f.write(junk.data(), static_cast<std::streamsize>(junk.size()));
  }
  (void)calls;
  bool refused = false;
  try {
    const results_store st(t.path, false);
    (void)st.units();
  } catch (const usage_error& e) {
    refused = true;
    CHECK(std::string(e.what()).find("store " + t.path) == 0);
  }
  CHECK(refused);
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
  const block_rank c = unit_schema<block_rank>::from_stored(unit_schema<block_rank>::to_stored(b));
  CHECK(c.rows == b.rows);
  CHECK(c.cols == b.cols);
  CHECK(c.rank_mod_p == b.rank_mod_p);
  CHECK(c.upper == b.upper);
  CHECK(c.exact);
  CHECK(c.certificate == block_certificate::meets_annihilator_bound);
  CHECK(c.prime == b.prime);
  CHECK(c.sampled_cols == b.sampled_cols);
  CHECK(c.proven_upper == b.proven_upper);
  CHECK(unit_schema<block_rank>::to_stored(c) == unit_schema<block_rank>::to_stored(b));
  CHECK_THROWS(unit_schema<block_rank>::from_stored("{\"rows\":1}"));
  // Every certificate keeps the spelling stores written before the one table hold ('_' where JSON has '-').
  const std::pair<block_certificate, const char*> stored[] = {
      {block_certificate::full_rank_mod_p, "full_rank_mod_p"},
      {block_certificate::meets_gram_bound, "meets_gram_bound"},
      {block_certificate::meets_annihilator_bound, "meets_annihilator_bound"},
      {block_certificate::exact_elimination, "exact_elimination"},
      {block_certificate::exact_elimination_p_divided, "exact_elimination_p_divided"},
      {block_certificate::lower_bound_only, "lower_bound_only"}};
  for (const auto& [value, name] : stored) {
    b.certificate = value;
    CHECK(unit_schema<block_rank>::to_stored(b).find(std::string("\"certificate\":\"") + name + "\"") !=
          std::string::npos);
    CHECK(unit_schema<block_rank>::from_stored(unit_schema<block_rank>::to_stored(b)).certificate == value);
  }
  std::string unknown = unit_schema<block_rank>::to_stored(b);
  unknown.replace(unknown.find("lower_bound_only"), 16,
                  "lower-bound-only");  // the JSON key is not the store's spelling
  CHECK_THROWS(unit_schema<block_rank>::from_stored(unknown));

  grid_rank_result g;
  g.rank = 34, g.points = 42, g.prime = 268435399, g.stop = grid_stop::reached_upper_bound, g.graded = true,
  g.evaluations = 9000;
  g.blocks.push_back({0, grid_bound::gram_count, 1, 9, 1});
  g.blocks.push_back({1, grid_bound::side_relations, 33, 41, -1});
  const grid_rank_result h = unit_schema<grid_rank_result>::from_stored(unit_schema<grid_rank_result>::to_stored(g));
  CHECK(h.rank == 34);
  CHECK(h.prime == 268435399);
  CHECK(h.stop == grid_stop::reached_upper_bound);
  REQUIRE(h.blocks.size() == 2);
  CHECK(h.blocks[1].bound == grid_bound::side_relations);
  CHECK(h.blocks[1].upper == -1);
  CHECK(unit_schema<grid_rank_result>::to_stored(h) == unit_schema<grid_rank_result>::to_stored(g));
}

namespace {
// A planted record for run_unit_records: unit i's result is i^2; its schema counts the texts it writes and reads.
struct planted_square {
  long value = 0;
};
}  // namespace

namespace seprank {
template <>
struct unit_schema<planted_square> {
  static constexpr const char* method = "planted";
  inline static int written = 0, read = 0;
  static std::string to_stored(const planted_square& s) {
    ++written;
    return std::to_string(s.value);
  }
  static planted_square from_stored(const std::string& text) {
    ++read;
    const auto v = parse_integer(text);
    if (!v) throw std::invalid_argument("not a square: " + text);
    return {*v};
  }
};
}  // namespace seprank

TEST_CASE("run_unit_records: a unit computed here keeps its record, a stored one is read, an unreadable one is kept") {
  using schema = unit_schema<planted_square>;
  const unit_batch b = planted_batch();
  int calls = 0;
  const auto squares_here = [&](std::size_t i) {
    ++calls;
    return planted_square{static_cast<long>(i * i)};
  };
  schema::written = schema::read = 0;
  const auto here = run_unit_records<planted_square>(nullptr, b, squares_here);  // no runner: no text at all
  REQUIRE(here.size() == 6);
  for (std::size_t i = 0; i < 6; ++i) CHECK(here[i].read().value == static_cast<long>(i * i));
  CHECK(here[5].result.data.empty());
  CHECK(calls == 6);
  CHECK(schema::written == 0);
  CHECK(schema::read == 0);
  const temp_path t("records.db");
  {  // through a store: each unit written once as text, none read back
    scheduler s({t.path, 0, 1}, process_group::world());
    const auto out = run_unit_records<planted_square>(&s, b, squares_here);
    CHECK(out[4].read().value == 16);
    CHECK(out[4].result.data == "16");
    CHECK(schema::written == 6);
    CHECK(schema::read == 0);
  }
  {  // again: every unit read from the store through the schema, none computed
    scheduler s({t.path, 0, 1}, process_group::world());
    const auto out = run_unit_records<planted_square>(&s, b, squares_here);
    for (std::size_t i = 0; i < 6; ++i) CHECK(out[i].read().value == static_cast<long>(i * i));
    CHECK(out[2].result.origin == unit_origin::stored);
    CHECK(calls == 12);  // six here, six through the store, none now
    CHECK(schema::read == 6);
  }
  forge(t.path, b, 3, "nine");  // signed with the key: the digest holds, the text is no square
  forge(t.path, b, 5, "26");    // a square's text, the wrong one: only a recomputation (--verify) can tell
  {
    scheduler s({t.path, 0, 1}, process_group::world());
    const auto out = run_unit_records<planted_square>(&s, b, squares_here);
    CHECK(out[3].unreadable != nullptr);
    CHECK_THROWS_AS(out[3].read(), std::invalid_argument);
    CHECK(out[2].read().value == 4);
  }
  // Re-ranked with --verify: the stored value is what the run sees, marked as disagreeing (the step says FAILED), even
  // though the unit was also computed here.
  scheduler s({t.path, 100, 7}, process_group::world());
  const auto out = run_unit_records<planted_square>(&s, b, squares_here);
  CHECK(out[5].result.disagreed);
  CHECK(out[5].read().value == 26);
  CHECK(!out[4].result.disagreed);
}

TEST_CASE("the store's listing reads a Gram block through its schema; a text no schema reads is shown as stored") {
  stored_unit block;
  block.method = "gram-block", block.version = 1, block.unit = "k=0";
  block_rank r;
  r.rows = 4, r.cols = 5, r.rank_mod_p = 3, r.upper = 3, r.exact = true;
  block.data = unit_schema<block_rank>::to_stored(r);
  stored_unit broken = block;
  broken.unit = "k=1", broken.data = "not json";  // e.g. an altered unit
  const derivation d = store_derivation("planted.db", {block, broken}, "");
  REQUIRE(d.tables.size() == 1);
  REQUIRE(d.tables[0].rows.size() == 2);
  CHECK(d.tables[0].rows[0][3].text == "rank 3 of 4 x 5 (exact)");
  CHECK(d.tables[0].rows[1][3].text == "not json");
  // The JSON keeps each result: the stored JSON as JSON, a text that is none as a string (valid JSON either way).
  CHECK(d.results["units"][0]["result"]["rank_mod_p"] == 3);
  CHECK(d.results["units"][1]["result"] == "not json");
  CHECK(nlohmann::json::parse(d.results.dump())["units"][1]["result"] == "not json");
}
