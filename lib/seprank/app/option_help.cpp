#include "seprank/app/option_help.hpp"
#include "seprank/app/request_options.hpp"
#include "seprank/model/presets.hpp"

#include <map>
#include <stdexcept>

namespace seprank {

const std::vector<std::pair<std::string, std::string>>& main_option_help() {
  static const std::vector<std::pair<std::string, std::string>> table = [] {
    std::vector<std::pair<std::string, std::string>> t;
    for (const auto& o : request_options()) t.emplace_back(o.flag, o.help);
    return t;
  }();
  return table;
}

const std::string& help_of(const std::string& flag) {
  for (const auto& [f, help] : main_option_help())
    if (f == flag) return help;
  throw std::logic_error("no help for option " + flag);
}

namespace {

using option_table = std::vector<std::pair<std::string, std::string>>;

const std::map<std::string, option_table>& subcommand_tables() {
  static const std::map<std::string, option_table> tables{
      {"bounds", {{"--L", "depth L, 1..10000"},
                  {"--dx", "width d_x, 1..10^12"},
                  {"--H", "heads, 1..d_x (a number in the closed forms: it need not divide d_x here)"},
                  {"--N", "positions N the proven bounds are stated at, 2..10^13 (below 2 d_x + 2 the lower bound is a narrower "
                          "network's, by zero padding); 0: every balanced N >= 2 d_x + 2"},
                  {"--model", "a published model's L, d_x, H and context length N instead (one of " + model_preset_keys() +
                              "; several, comma-separated, or all: the comparison table alone; GPT-3 XL and 13B are left out, as Brown et al.'s Table 2.1 "
                              "prints heads that do not divide d_model)"}}},
      {"corollary1", {{"--L", "depth of the deep network"},
                      {"--dx", "width d_x, 1..10^12"},
                      {"--H", "heads, 1..d_x (a number in the closed forms: it need not divide d_x here)"},
                      {"--shallow", "shallow depths (comma-separated)"}}},
      {"corollary2", {{"--L", "depth of the deep network (L > log_3 d_x)"},
                      {"--dx", "width d_x, 1..10^12"},
                      {"--H", "heads, 1..d_x (a number in the closed forms: it need not divide d_x here)"},
                      {"--max-beta2", "largest beta_2 tried"}}},
      {"sweep", {{"--dx", "widths: a..b, a,b,c or a"},
                 {"--L", "depths: a..b, a,b,c or a"},
                 {"--H", "heads: a..b, a,b,c or a (values not dividing d_x are listed and skipped)"},
                 {"--N", "positions"},
                 {"--plot", "write a plot of log_3 sep against L (or d_x, --plot-against dx) with gnuplot: FILE.svg, FILE.png or FILE.pdf (the extension names the format; another is refused)"},
                 {"--plot-against", "the plot's x axis: L (depth; a curve per d_x) or dx (width; a curve per L), each with the exact ranks, the Gram count, the refined count, the proven lower bound and the paper's bounds"}}},
      {"audit", {{"--L", "depths: a..b, a,b,c or a (1..100)"},
                 {"--dx", "widths: a..b, a,b,c or a (1..10^6, at most 10^5 values)"},
                 {"--H", "heads (widths it does not divide are left out)"},
                 {"--plot", "write the map with gnuplot: FILE.svg, FILE.png or FILE.pdf (the extension names the format; another is refused)"},
                 {"--export", "write every row (its statuses, the paper's bounds, the N they hold from and the deciding facts) to FILE.csv, "
                              "FILE.ndjson or FILE.jsonl, streamed, whole or not at all (the extension names the format); stopped by --time-limit, the rows decided before it"},
                 {"--N", "positions N the statuses are stated at, 2..10^13 (each fact that holds at N; the lower bound by zero "
                         "padding below 2 d_x + 2); 0: each status from the smallest N its facts hold at"}}},
      {"plan", {{"--L", "depth L, 1..8"},
                {"--dx", "width d_x, 1..64"},
                {"--H", "heads; must divide d_x"},
                {"--np", "processes, 1..100000"},
                {"--threads", "threads per process, 1..64"},
                {"--node-memory", "MiB of one node: list the units that do not fit (0: none given)"}}},
      {"hessian-ranks", {{"--level", "levels l0: a..b, a,b,c or a (1..4)"},
                         {"--d", "sizes d of the symmetric d x d matrix M: a..b, a,b,c or a (1..128)"}}}};
  return tables;
}

}  // namespace

std::vector<std::string> subcommand_names() {
  std::vector<std::string> names;
  for (const auto& [name, table] : subcommand_tables()) names.push_back(name);
  return names;
}

const std::vector<std::pair<std::string, std::string>>& subcommand_option_help(const std::string& subcommand) {
  const auto& tables = subcommand_tables();
  const auto it = tables.find(subcommand);
  if (it == tables.end()) throw std::logic_error("no option table for subcommand " + subcommand);
  return it->second;
}

const std::string& help_of(const std::string& subcommand, const std::string& flag) {
  for (const auto& [f, help] : subcommand_option_help(subcommand))
    if (f == flag) return help;
  throw std::logic_error("no help for " + subcommand + " " + flag);
}

}  // namespace seprank
