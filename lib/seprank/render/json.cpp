#include "seprank/render/json.hpp"

namespace seprank {

std::string render_json(const derivation& d) {
  json steps = json::array();
  int n = 0;
  for (const auto& s : d.steps) {
    json values = json::object();
    for (const auto& v : s.values) values[v.name] = v.value;
    steps.push_back(json{{"number", ++n},
                         {"id", s.id},
                         {"title", s.title},
                         {"claim", s.claim},
                         {"values", values},
                         {"status", status_name(s.status)},
                         {"check", s.check}});
  }
  json tables = json::array();
  for (const auto& t : d.tables) tables.push_back(json{{"title", t.title}, {"header", t.header}, {"rows", t.rows}});
  json appendix = json::array();
  for (const auto& a : d.appendix) appendix.push_back(json{{"title", a.title}, {"text", a.text}});
  json results = d.results;
  if (d.audited) {
    json findings = json::array();
    for (const auto& f : d.findings)
      findings.push_back(json{{"id", f.id},
                              {"statement", f.statement},
                              {"status", f.status},
                              {"log3_bound", f.log3_bound.empty() ? json() : json(f.log3_bound)},
                              {"evidence", f.evidence}});
    results["findings"] = findings;
    results["findings_note"] = d.findings_note;
  }
  const json top{{"schema", "seprank-sym derivation v2"},
                 {"title", d.title},
                 {"config", d.config},
                 {"steps", steps},
                 {"results", results},
                 {"tables", tables},
                 {"appendix", appendix}};
  return top.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace seprank
