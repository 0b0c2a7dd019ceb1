// Records written one by one to a CSV or NDJSON file (chosen by the extension: .csv, .ndjson or .jsonl), whole or not
// at all: they go to PATH.part, which finish() moves into place; a writer destroyed unfinished removes it. Nothing
// is held in memory (an audit map of 10^6 rows streams through).
#pragma once
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace seprank {

class record_export {
 public:
  // Throws usage_error for another extension, output_error when the file cannot be created. columns: the CSV header.
  record_export(std::string path, std::vector<std::string> columns);
  ~record_export();
  record_export(const record_export&) = delete;
  record_export& operator=(const record_export&) = delete;
  // CSV: the cells (numbers as written by JSON, strings quoted where needed, null empty); NDJSON: the record.
  void write(const nlohmann::ordered_json& record, const std::vector<nlohmann::ordered_json>& cells);
  void finish();  // throws output_error when the file is incomplete (a full disk)
  bool csv() const { return csv_; }
  const std::string& path() const { return path_; }

 private:
  std::string path_, part_;
  bool csv_ = true, finished_ = false;
  std::ofstream out_;
};

// The extension is one record_export writes (checked before anything is computed).
void check_export_path(const std::string& path);

}  // namespace seprank
