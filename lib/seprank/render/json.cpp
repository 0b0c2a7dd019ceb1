#include "seprank/render/json.hpp"

#include "seprank/render/math_markup.hpp"

namespace seprank {
namespace {

// Every string of a record (configuration, results, a value's data) with its formula markup dropped, in place.
void make_plain(json& j) {
  if (j.is_string())
    j = markup_plain(j.get_ref<const std::string&>());
  else if (j.is_array() || j.is_object())
    for (auto& v : j) make_plain(v);
}

// The same on a copy (one copy, whatever the depth).
json plain(const json& j) {
  json out = j;
  make_plain(out);
  return out;
}

json value_json(const step_value& v) {
  json out{{"name", markup_plain(v.name)}, {"text", markup_plain(v.value)}};
  if (!v.key.empty()) out["key"] = v.key;
  if (!v.data.is_null())
    out["value"] = plain(v.data);
  else if (!v.items.empty()) {
    json items = json::array();
    for (const auto& i : v.items) items.push_back(markup_plain(i));
    out["value"] = items;
  } else
    out["value"] = markup_plain(v.value);
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
      for (std::size_t c = 0; c < r.size() && c < t.header.size(); ++c)
        row[header[c].get<std::string>()] = r[c].data.is_null() ? json(markup_plain(r[c].text)) : plain(r[c].data);
      rows.push_back(row);
    }
    tables.push_back(json{{"title", markup_plain(t.title)}, {"header", header}, {"rows", rows}});
  }
  json appendix = json::array();
  for (const auto& a : d.appendix) appendix.push_back(json{{"title", markup_plain(a.title)}, {"text", a.text}});
  json results = plain(d.results);
  if (d.audited) {
    json findings = json::array();
    for (const auto& f : d.findings)
      findings.push_back(json{{"id", f.id},
                              {"statement", markup_plain(f.statement)},
                              {"status", finding_key(f)},
                              {"log3_bound", f.log3_bound},
                              {"evidence", markup_plain(f.evidence)},
                              {"holds_from_N", f.holds_from_N > 0 ? json(f.holds_from_N) : json()},
                              {"certainty", f.probabilistic ? "probabilistic" : "certain"},
                              {"rests_on", f.rests_on}});
    results["findings"] = findings;
    results["findings_note"] = markup_plain(d.findings_note);
  }
  json answer = json::array();
  for (const auto& a : d.answer)
    answer.push_back(json{{"key", a.key},
                          {"label", markup_plain(a.label)},
                          {"verdict", a.verdict.empty() ? json() : json(a.verdict)},
                          {"text", markup_plain(a.text)},
                          {"data", plain(a.data)}});
  const json top{{"schema", "seprank-sym derivation v7"},
                 {"title", markup_plain(d.title)},
                 {"config", plain(d.config)},
                 {"answer", answer},
                 {"steps", steps},
                 {"results", results},
                 {"tables", tables},
                 {"appendix", appendix}};
  return top.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace seprank
