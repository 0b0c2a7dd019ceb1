#include "seprank/report/store_report.hpp"

#include <set>
#include <tuple>

#include "seprank/report/format.hpp"

namespace seprank {

derivation store_derivation(const std::string& path, const std::vector<stored_unit>& units) {
  derivation d;
  d.title = "seprank-sym store " + path + ": the finished units of work it holds";
  d.config = json{{"store", path}};
  std::set<std::tuple<std::string, int, std::string, std::string>> batches;
  double seconds = 0;
  result_table t;
  t.title = "Stored units (method and version, configuration, weights, unit: result, time, peak memory, finished UTC)";
  t.header = {"method", "configuration", "weights", "unit", "result", "seconds", "MiB", "finished"};
  json rows = json::array();
  for (const auto& u : units) {
    batches.insert({u.method, u.version, u.config, u.weights_hash});
    seconds += u.seconds;
    const std::string secs = display_double(u.seconds, 3);
    t.rows.push_back({u.method + " v" + str(static_cast<long long>(u.version)), u.config, u.weights_hash.substr(0, 12), u.unit,
                      {u.data, json::parse(u.data, nullptr, false)}, {secs, shown_decimal(secs)},
                      {str(static_cast<long long>(u.memory_mb)), exact_json(static_cast<long long>(u.memory_mb))}, u.finished});
    rows.push_back(json{{"method", u.method}, {"version", u.version}, {"config", u.config}, {"weights_hash", u.weights_hash},
                        {"unit", u.unit}, {"position", u.position}, {"result", json::parse(u.data, nullptr, false)},
                        {"seconds", u.seconds}, {"memory_mb", u.memory_mb}, {"finished", u.finished}});
  }
  d.steps.push_back({"Contents",
                     "every unit finished by a run with --store " + path + ", keyed by its method and version, the configuration, "
                     "the weights (a 128-bit hash; the full text is kept and compared) and the unit",
                     {exact_value("units", static_cast<long long>(units.size())),
                      exact_value("batches (method, configuration, weights)", static_cast<long long>(batches.size())),
                      {"their computing time", display_double(seconds, 3) + " s", {}, shown_decimal(display_double(seconds, 3))}},
                     claim_status::computed,
                     "read from the store; a run with --store " + path + " --verify K re-ranks K of the units it takes from it",
                     "store-contents"});
  d.tables.push_back(std::move(t));
  d.results = json{{"units", std::move(rows)}};
  return d;
}

}  // namespace seprank
