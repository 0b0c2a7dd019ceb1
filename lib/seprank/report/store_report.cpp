#include "seprank/report/store_report.hpp"

#include <tuple>

#include "seprank/analysis/ranks/certified_rank.hpp"
#include "seprank/analysis/ranks/grid_tensor.hpp"
#include "seprank/report/format.hpp"
#include "seprank/support/parse.hpp"

namespace seprank {

namespace {

// A unit's name with a space after each comma, so that a narrow column can wrap it (the data keeps the name).
std::string breakable(const std::string& name) {
  std::string out;
  for (const char ch : name) out += ch == ',' ? std::string(", ") : std::string(1, ch);
  return out;
}

// A unit's result in a few words for the table: a Gram block's and a grid's read through their records' schemas
// (analysis/units.hpp), an element's rank (a decimal integer), a grid band's count of evaluations; otherwise, and for
// a text the schema cannot read (an altered unit), the stored text.
std::string result_text(const stored_unit& u) {
  try {
    if (u.method == unit_schema<block_rank>::method) {
      const block_rank b = unit_schema<block_rank>::from_stored(u.data);
      return "rank " + str(static_cast<long long>(b.exact ? b.upper : b.rank_mod_p)) + " of " +
             str(static_cast<long long>(b.rows)) + " x " + str(static_cast<long long>(b.cols)) +
             (b.exact ? " (exact)" : " (lower bound)");
    }
    if (u.method == unit_schema<grid_rank_result>::method) {
      const grid_rank_result g = unit_schema<grid_rank_result>::from_stored(u.data);
      return "rank " + str(static_cast<long long>(g.rank)) + " at up to " + str(static_cast<long long>(g.points)) +
             " points";
    }
  } catch (const std::exception&) {
    return u.data;
  }
  if (u.method == "element-rank")
    if (const auto rank = parse_integer(u.data)) return "rank " + str(static_cast<long long>(*rank));
  if (u.method == "grid-band") return str(static_cast<long long>(u.data.size() / 4)) + " evaluations mod p";
  return u.data;
}

// A unit's stored result as JSON: the stored text itself where it is JSON (every method but the grid band's), else
// as a string; a grid band's data are binary residues (4 bytes each), shown by their number.
json result_json(const stored_unit& u) {
  if (u.method == "grid-band") return json{{"values", u.data.size() / 4}, {"bytes", u.data.size()}};
  json parsed = json::parse(u.data, nullptr, false);
  return parsed.is_discarded() ? json(u.data) : parsed;
}

}  // namespace

derivation store_derivation(const std::string& path, const std::vector<stored_unit>& units,
                            const std::string& key_path) {
  derivation d;
  d.title = "seprank-sym store " + path + ": the finished units of work it holds";
  d.config = json{{"store", path}};
  std::vector<std::tuple<std::string, int, std::string, std::string>> batches;  // in the store's order
  double seconds = 0;
  result_table t;
  t.title =
      "Stored units (batch, unit: result, time, peak memory, finished UTC, keyed digest; JSON has each full result)";
  t.header = {"batch", "method", "unit", "result", "seconds", "MiB", "finished", "digest"};
  json rows = json::array();
  long altered = 0, unchecked = 0;
  std::string altered_units;
  for (const auto& u : units) {
    const std::string digest = u.digest == "altered" ? "ALTERED" : u.digest;
    if (u.digest == "unchecked") ++unchecked;
    if (u.digest == "altered") {
      ++altered;
      if (altered <= 5)
        altered_units += std::string(altered_units.empty() ? "" : "; ") + u.method + " " + u.unit + ": " + u.rejected;
    }
    const auto key = std::make_tuple(u.method, u.version, u.config, u.weights_hash);
    if (batches.empty() || batches.back() != key) batches.push_back(key);
    seconds += u.seconds;
    const json result = result_json(u);
    t.rows.push_back({{str(static_cast<long long>(batches.size())), exact_json(static_cast<long long>(batches.size()))},
                      u.method + " v" + str(static_cast<long long>(u.version)),
                      {breakable(u.unit), u.unit},
                      {result_text(u), result},
                      {display_double(u.seconds, 3), display_json(u.seconds, 3)},
                      {str(static_cast<long long>(u.memory_mb)), exact_json(static_cast<long long>(u.memory_mb))},
                      u.finished,
                      digest});
    rows.push_back(json{{"method", u.method},
                        {"version", u.version},
                        {"config", u.config},
                        {"weights_hash", u.weights_hash},
                        {"unit", u.unit},
                        {"position", u.position},
                        {"result", result},
                        {"seconds", u.seconds},
                        {"memory_mb", u.memory_mb},
                        {"finished", u.finished},
                        {"digest", digest}});
  }
  step_value batch_list{"batches (method and version: configuration; weights hash)", ""};
  for (std::size_t b = 0; b < batches.size(); ++b) {
    const auto& [method, version, config, hash] = batches[b];
    batch_list.items.push_back(str(static_cast<long long>(b + 1)) + ". " + method + " v" +
                               str(static_cast<long long>(version)) + ": " + config + "; " + hash.substr(0, 12));
  }
  d.steps.push_back(
      {"Contents",
       "every unit finished by a run with --store " + path +
           ", keyed by its method and version, the configuration, "
           "the weights (a 128-bit hash; the full text is kept and compared) and the unit",
       {exact_value("units", static_cast<long long>(units.size())),
        exact_value("batches (method, configuration, weights)", static_cast<long long>(batches.size())),
        {"their computing time", display_double(seconds, 3) + " s", {}, display_json(seconds, 3)},
        batch_list,
        unchecked > 0 && altered == 0
            ? step_value{"units whose keyed digest does not match (never used by a run)",
                         "not checked (no readable key)"}
            : exact_value("units whose keyed digest does not match (never used by a run)", altered)},
       status_of_check(altered == 0, claim_status::computed),
       (altered > 0 ? "FAILED: " + str(altered) +
                          " units were altered after they were written, or written under another key (" +
                          altered_units + (altered > 5 ? "; ..." : "") + "); a run recomputes them and says FAILED. "
                    : std::string()) +
           (unchecked > 0 ? "Digests not checked: no readable key file " +
                                (key_path.empty() ? std::string("(SEPRANK_STORE_KEY and HOME unset)") : key_path) + ". "
                          : "Every digest checked with the key " + key_path + ". ") +
           "A run with --store " + path +
           " checks each unit it reads (digest, shape and proven bounds) and with "
           "--verify K re-ranks K of them",
       "store-contents"});
  d.tables.push_back(std::move(t));
  d.results = json{{"units", std::move(rows)}};
  return d;
}

}  // namespace seprank
