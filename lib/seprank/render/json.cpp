#include "seprank/render/json.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "seprank/render/math_markup.hpp"

namespace seprank {
namespace {

// The typing rule of docs/json-schema.md: an integer of at most 15 digits (exact in a double) or a
// decimal is a JSON number; a longer integer stays a string; anything else is plain text.
json typed(const std::string& marked) {
  const std::string s = markup_plain(marked);
  std::size_t k = s.empty() || s[0] != '-' ? 0 : 1;
  const std::size_t start = k;
  while (k < s.size() && s[k] >= '0' && s[k] <= '9') ++k;
  const std::size_t whole = k - start;
  if (whole == 0) return json(s);
  if (k == s.size()) return whole <= 15 ? json(std::stoll(s)) : json(s);
  bool fraction = false, exponent = false;
  if (s[k] == '.') {
    const std::size_t f = ++k;
    while (k < s.size() && s[k] >= '0' && s[k] <= '9') ++k;
    fraction = k > f;
    if (!fraction) return json(s);
  }
  if (k < s.size() && (s[k] == 'e' || s[k] == 'E')) {
    ++k;
    if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
    const std::size_t e = k;
    while (k < s.size() && s[k] >= '0' && s[k] <= '9') ++k;
    exponent = k > e;
    if (!exponent) return json(s);
  }
  if (k != s.size() || !(fraction || exponent)) return json(s);
  errno = 0;
  const double v = std::strtod(s.c_str(), nullptr);
  return errno == ERANGE || !std::isfinite(v) ? json(s) : json(v);  // beyond a double: the text
}

// The same rule over a whole record (configuration, results): strings that are numbers become numbers.
json typed(const json& j) {
  if (j.is_string()) return typed(j.get<std::string>());
  if (j.is_array() || j.is_object()) {
    json out = j;
    for (auto& v : out) v = typed(v);
    return out;
  }
  return j;
}

json value_json(const step_value& v) {
  json out{{"name", markup_plain(v.name)}, {"text", markup_plain(v.value)}};
  if (!v.data.is_null())
    out["value"] = typed(v.data);
  else if (!v.items.empty()) {
    json items = json::array();
    for (const auto& i : v.items) items.push_back(markup_plain(i));
    out["value"] = items;
  } else
    out["value"] = typed(v.value);
  return out;
}

}  // namespace

std::string render_json(const derivation& d) {
  json steps = json::array();
  int n = 0;
  for (const auto& s : d.steps) {
    json values = json::array();
    for (const auto& v : s.values) values.push_back(value_json(v));
    steps.push_back(json{{"number", ++n},
                         {"id", s.id},
                         {"title", markup_plain(s.title)},
                         {"claim", markup_plain(s.claim)},
                         {"values", values},
                         {"status", status_name(s.status)},
                         {"check", markup_plain(s.check)},
                         {"rests_on", s.rests_on}});
  }
  json tables = json::array();
  for (const auto& t : d.tables) {
    json header = json::array(), rows = json::array();
    for (const auto& h : t.header) header.push_back(markup_plain(h));
    for (const auto& r : t.rows) {
      json row = json::object();
      for (std::size_t c = 0; c < r.size() && c < t.header.size(); ++c) row[header[c].get<std::string>()] = typed(r[c]);
      rows.push_back(row);
    }
    tables.push_back(json{{"title", markup_plain(t.title)}, {"header", header}, {"rows", rows}});
  }
  json appendix = json::array();
  for (const auto& a : d.appendix) appendix.push_back(json{{"title", markup_plain(a.title)}, {"text", a.text}});
  json results = typed(d.results);
  if (d.audited) {
    json findings = json::array();
    for (const auto& f : d.findings)
      findings.push_back(json{{"id", f.id},
                              {"statement", markup_plain(f.statement)},
                              {"status", verdict_name(f.status)},
                              {"log3_bound", f.log3_bound.empty() ? json() : typed(f.log3_bound)},
                              {"evidence", markup_plain(f.evidence)},
                              {"holds_from_N", f.holds_from_N > 0 ? json(f.holds_from_N) : json()},
                              {"certainty", f.probabilistic ? "probabilistic" : "certain"},
                              {"rests_on", f.rests_on}});
    results["findings"] = findings;
    results["findings_note"] = markup_plain(d.findings_note);
  }
  const json top{{"schema", "seprank-sym derivation v3"},
                 {"title", markup_plain(d.title)},
                 {"config", typed(d.config)},
                 {"steps", steps},
                 {"results", results},
                 {"tables", tables},
                 {"appendix", appendix}};
  return top.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace seprank
