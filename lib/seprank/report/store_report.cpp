#include "seprank/report/store_report.hpp"

#include <tuple>

#include "seprank/report/format.hpp"

namespace seprank {

namespace {

// A unit's name with a space after each comma, so that a narrow column can wrap it (the data keeps the name).
std::string breakable(const std::string& name) {
  std::string out;
  for (const char ch : name) out += ch == ',' ? std::string(", ") : std::string(1, ch);
  return out;
}

// A unit's result in a few words for the table (the methods this tool writes); otherwise the stored text.
std::string result_text(const std::string& method, const json& r, const std::string& raw) {
  if (method == "gram-block" && r.is_object() && r.contains("rank_mod_p"))
    return "rank " + str(r["exact"].get<bool>() ? r["upper"].get<long long>() : r["rank_mod_p"].get<long long>()) + " of " +
           str(r["rows"].get<long long>()) + " x " + str(r["cols"].get<long long>()) +
           (r["exact"].get<bool>() ? " (exact)" : " (lower bound)");
  if (method == "grid" && r.is_object() && r.contains("rank"))
    return "rank " + str(r["rank"].get<long long>()) + " at up to " + str(r["points"].get<long long>()) + " points";
  if (method == "element-rank" && r.is_number_integer()) return "rank " + str(r.get<long long>());
  if (method == "grid-band" && r.is_object() && r.contains("values"))
    return str(r["values"].get<long long>()) + " evaluations mod p";
  return raw;
}

// A unit's stored result as JSON: a grid band's data are binary residues (4 bytes each), shown by their number.
json result_json(const stored_unit& u) {
  if (u.method == "grid-band") return json{{"values", u.data.size() / 4}, {"bytes", u.data.size()}};
  return json::parse(u.data, nullptr, false);
}

}  // namespace

derivation store_derivation(const std::string& path, const std::vector<stored_unit>& units) {
  derivation d;
  d.title = "seprank-sym store " + path + ": the finished units of work it holds";
  d.config = json{{"store", path}};
  std::vector<std::tuple<std::string, int, std::string, std::string>> batches;  // in the store's order
  double seconds = 0;
  result_table t;
  t.title = "Stored units (batch, unit: result, time, peak memory, finished UTC; JSON has each full result)";
  t.header = {"batch", "method", "unit", "result", "seconds", "MiB", "finished"};
  json rows = json::array();
  for (const auto& u : units) {
    const auto key = std::make_tuple(u.method, u.version, u.config, u.weights_hash);
    if (batches.empty() || batches.back() != key) batches.push_back(key);
    seconds += u.seconds;
    const std::string secs = display_double(u.seconds, 3);
    const json result = result_json(u);
    t.rows.push_back({{str(static_cast<long long>(batches.size())), exact_json(static_cast<long long>(batches.size()))}, u.method + " v" + str(static_cast<long long>(u.version)), {breakable(u.unit), u.unit},
                      {result_text(u.method, result, u.data), result}, {secs, shown_decimal(secs)},
                      {str(static_cast<long long>(u.memory_mb)), exact_json(static_cast<long long>(u.memory_mb))}, u.finished});
    rows.push_back(json{{"method", u.method}, {"version", u.version}, {"config", u.config}, {"weights_hash", u.weights_hash},
                        {"unit", u.unit}, {"position", u.position}, {"result", result},
                        {"seconds", u.seconds}, {"memory_mb", u.memory_mb}, {"finished", u.finished}});
  }
  step_value batch_list{"batches (method and version: configuration; weights hash)", ""};
  for (std::size_t b = 0; b < batches.size(); ++b) {
    const auto& [method, version, config, hash] = batches[b];
    batch_list.items.push_back(str(static_cast<long long>(b + 1)) + ". " + method + " v" + str(static_cast<long long>(version)) +
                               ": " + config + "; " + hash.substr(0, 12));
  }
  d.steps.push_back({"Contents",
                     "every unit finished by a run with --store " + path + ", keyed by its method and version, the configuration, "
                     "the weights (a 128-bit hash; the full text is kept and compared) and the unit",
                     {exact_value("units", static_cast<long long>(units.size())),
                      exact_value("batches (method, configuration, weights)", static_cast<long long>(batches.size())),
                      {"their computing time", display_double(seconds, 3) + " s", {}, shown_decimal(display_double(seconds, 3))},
                      batch_list},
                     claim_status::computed,
                     "read from the store; a run with --store " + path + " --verify K re-ranks K of the units it takes from it",
                     "store-contents"});
  d.tables.push_back(std::move(t));
  d.results = json{{"units", std::move(rows)}};
  return d;
}

}  // namespace seprank
