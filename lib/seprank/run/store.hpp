// The results store (docs/architecture.md, "Units, the store and the scheduler"): an SQLite database of
// finished units of work (analysis/units.hpp), keyed by the method and its version, the configuration, a hash
// of the weights (the weights' full text is kept beside it and compared) and the unit's name. Each unit carries
// a keyed digest (HMAC-SHA256 of its key fields and result) under a key kept outside the store (store_key_path):
// an edit of a stored unit by anyone without the key is detected. WAL journal,
// one transaction per finished unit: a run killed at any moment (SIGKILL included) leaves every unit that
// finished before it and nothing half-written, and a rerun redoes only the units that were in flight.
#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "seprank/analysis/units.hpp"

struct sqlite3;

namespace seprank {

struct stored_unit {
  std::string method;
  int version = 0;
  std::string config;
  std::string weights_hash;
  std::string unit;
  long position = 0;   // the unit's index in its batch
  std::string data;    // the unit's serialized result
  double seconds = 0;  // measured when it was computed
  std::uint64_t memory_mb = 0;
  std::string finished;  // UTC, "YYYY-MM-DD HH:MM:SS"
  // Its keyed digest checked against this user's key: "" when it matches; otherwise why the unit is not
  // trusted (altered after it was written, or written with another key). Such a unit is never used.
  std::string rejected;
  // "valid", "altered" (then `rejected` says why), "none" (written by schema 1, without a digest: a run recomputes
  // it) or "unchecked" (a listing without a key file).
  std::string digest = "unchecked";
};

// The key file of the store's digests: $SEPRANK_STORE_KEY when set, otherwise
// ${XDG_CONFIG_HOME:-$HOME/.config}/seprank-sym/store.key. "" when neither variable gives a path.
std::string store_key_path();

// 128 bits of FNV-1a (two 64-bit lanes) of the weight text, in hex: the store's key for a set of weights.
std::string weights_hash(const std::string& weights_text);

class results_store {
 public:
  // Opens (create: or creates) the store. usage_error when the file is not a store of this tool or cannot be
  // opened. The digest key is read from store_key_path(); a store opened to write creates the key file (32
  // random bytes, mode 0600) when it is missing; one opened to read lists its units unchecked then.
  // A wait for another process's write lock lasts at most 30 s, ends on Ctrl-C (interrupted), and, when
  // wait_seconds > 0, ends wait_seconds from now (time_limit_reached: --time-limit holds for the whole run, even
  // where the rank stage's deadline no longer applies).
  results_store(const std::string& path, bool create, double wait_seconds = 0);
  ~results_store();
  results_store(const results_store&) = delete;
  results_store& operator=(const results_store&) = delete;

  // The stored result of one unit of a batch, if any (a unit written without a digest, by schema 1, counts
  // as absent). usage_error when a stored weight text under the same hash differs from the batch's (a hash
  // collision: never reused) or the database is damaged. A unit whose digest does not match comes back with
  // `rejected` set.
  std::optional<stored_unit> find(const unit_batch& b, std::size_t unit);
  // Records unit `unit` of the batch, finished, in one transaction (replacing an earlier result of the same key).
  void put(const unit_batch& b, std::size_t unit, const unit_result& r);
  // Every stored unit, ordered by method, version, configuration, weights and position, each with its digest
  // checked. usage_error when the database is damaged (never a partial list).
  std::vector<stored_unit> units() const;
  const std::string& key_path() const { return key_path_; }
  const std::string& path() const { return path_; }

 private:
  void check_digest(stored_unit& u, const std::string& digest) const;  // sets u.digest, u.rejected
  sqlite3* db_ = nullptr;
  std::chrono::steady_clock::time_point wait_until_ = std::chrono::steady_clock::time_point::max();
  std::string path_;
  std::string key_path_;
  std::string key_;  // "" when there is no key file (a listing only)
};

}  // namespace seprank
