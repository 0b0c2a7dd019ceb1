#include "seprank/render/json.hpp"

namespace seprank {

std::string render_json(const derivation& d) {
  json steps = json::array();
  int n = 0;
  for (const auto& s : d.steps) {
    json values = json::object();
    for (const auto& v : s.values) values[v.name] = v.value;
    steps.push_back(json{{"number", ++n},
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
  const json top{{"schema", "seprank-sym derivation v1"},
                 {"title", d.title},
                 {"config", d.config},
                 {"steps", steps},
                 {"results", d.results},
                 {"tables", tables},
                 {"appendix", appendix}};
  return top.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace seprank
