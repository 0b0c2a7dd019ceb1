// The results store (docs/architecture.md, "Units, the store and the scheduler"): an SQLite database of
// finished units of work (analysis/units.hpp), keyed by the method and its version, the configuration, a hash
// of the weights (the weights' full text is kept beside it and compared) and the unit's name. WAL journal,
// one transaction per finished unit: a run killed at any moment (SIGKILL included) leaves every unit that
// finished before it and nothing half-written, and a rerun redoes only the units that were in flight.
#pragma once
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
  long position = 0;          // the unit's index in its batch
  std::string data;           // the unit's serialized result
  double seconds = 0;         // measured when it was computed
  std::uint64_t memory_mb = 0;
  std::string finished;       // UTC, "YYYY-MM-DD HH:MM:SS"
};

// 128 bits of FNV-1a (two 64-bit lanes) of the weight text, in hex: the store's key for a set of weights.
std::string weights_hash(const std::string& weights_text);

class results_store {
 public:
  // Opens (create: or creates) the store. usage_error when the file is not a store of this tool or cannot be
  // opened.
  results_store(const std::string& path, bool create);
  ~results_store();
  results_store(const results_store&) = delete;
  results_store& operator=(const results_store&) = delete;

  // The stored result of one unit of a batch, if any. usage_error when a stored weight text under the same
  // hash differs from the batch's (a hash collision: never reused).
  std::optional<stored_unit> find(const unit_batch& b, std::size_t unit);
  // Records unit `unit` of the batch, finished, in one transaction (replacing an earlier result of the same key).
  void put(const unit_batch& b, std::size_t unit, const unit_result& r);
  // Every stored unit, ordered by method, version, configuration, weights and position.
  std::vector<stored_unit> units() const;
  const std::string& path() const { return path_; }

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
};

}  // namespace seprank
