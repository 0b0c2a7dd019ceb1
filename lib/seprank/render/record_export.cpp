#include "seprank/render/record_export.hpp"

#include <unistd.h>

#include <cstdio>

#include "seprank/render/math_markup.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/paths.hpp"

namespace seprank {
namespace {

bool has_suffix(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// Every string of a record with its formula markup dropped (as the JSON renderer writes them).
nlohmann::ordered_json plain_record(nlohmann::ordered_json j) {
  if (j.is_string()) return markup_plain(j.get_ref<const std::string&>());
  if (j.is_array() || j.is_object())
    for (auto& v : j) v = plain_record(std::move(v));
  return j;
}

// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
std::string csv_field(const nlohmann::ordered_json& v) {
  if (v.is_null()) return "";
  const std::string text = v.is_string() ? markup_plain(v.get<std::string>()) : v.dump();
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

void check_export_path(const std::string& path) {
  if (path.empty())
    throw usage_error(flag("export") + ": the path is empty (give FILE.csv, FILE.ndjson or FILE.jsonl)");
  if (!has_suffix(path, ".csv") && !has_suffix(path, ".ndjson") && !has_suffix(path, ".jsonl"))
    throw usage_error(flag("export") + " " + path +
                      ": the file name must end in .csv, .ndjson or .jsonl (the format it is written in)");
  const std::string dir = directory_of(path);
  if (access(dir.c_str(), W_OK) != 0)
    throw usage_error(flag("export") + " " + path + ": the directory " + dir + " does not exist or cannot be written");
}

record_export::record_export(std::string path, std::vector<std::string> columns) : path_(std::move(path)) {
  check_export_path(path_);
  csv_ = has_suffix(path_, ".csv");
  part_ = path_ + ".part";
  out_.open(part_, std::ios::binary | std::ios::trunc);
  if (!out_) throw output_error("--export " + path_ + ": cannot create " + part_);
  if (csv_) {
    for (std::size_t k = 0; k < columns.size(); ++k) out_ << (k ? "," : "") << csv_field(columns[k]);
    out_ << "\n";
  }
}

record_export::~record_export() {
  if (!finished_) {
    out_.close();
    std::remove(part_.c_str());
  }
}

void record_export::write(const nlohmann::ordered_json& record, const std::vector<nlohmann::ordered_json>& cells) {
  if (csv_) {
    for (std::size_t k = 0; k < cells.size(); ++k) out_ << (k ? "," : "") << csv_field(cells[k]);
    out_ << "\n";
  } else {
    out_ << plain_record(record).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
  }
}

void record_export::finish() {
  out_.flush();
  const bool ok = static_cast<bool>(out_);
  out_.close();
  if (!ok || out_.fail()) {
    std::remove(part_.c_str());
    finished_ = true;
    throw output_error("--export " + path_ +
                       ": the file could not be written whole (a full disk?); nothing was written");
  }
  if (std::rename(part_.c_str(), path_.c_str()) != 0) {
    std::remove(part_.c_str());
    finished_ = true;
    throw output_error("--export " + path_ + ": cannot move the finished file into place");
  }
  finished_ = true;
}

}  // namespace seprank
