#include "seprank/app/option_help.hpp"

#include <map>
#include <stdexcept>

namespace seprank {

const std::vector<std::pair<std::string, std::string>>& main_option_help() {
  static const std::vector<std::pair<std::string, std::string>> table{
      {"--L", "depth L (number of layers), 1..8"},
      {"--dx", "width d_x, 1..64"},
      {"--H", "heads per layer; must divide d_x"},
      {"--N", "number of input positions, 2..64"},
      {"--position", "output position i, 1..N"},
      {"--entry", "output entry p, 1..d_x"},
      {"--residual", "add the residual connection y = x + attention in every layer"},
      {"--weights", "random (seeded integer draw), symbolic (GiNaC symbols; tiny sizes), or a weight FILE"},
      {"--seed", "seed of the weight draw (0 .. 2^64 - 1)"},
      {"--weight-range", "draw weights from the nonzero integers in [-R, R]"},
      {"--print-polynomial", "print the expanded polynomial y_p"},
      {"--max-terms", "refuse expansions with more (estimated) terms"},
      {"--max-memory", "refuse expansions needing more (estimated) MiB"},
      {"--time-limit", "refuse steps with a longer estimated time, and stop the run after this many seconds: the finished steps are printed, the rest skipped, exit status 4"},
      {"--max-g-terms", "skip the eq. 4 check when g^L may have more terms"},
      {"--max-symbolic-terms", "refuse symbolic-weight expansions with more (estimated) terms"},
      {"--threads", "threads for FLINT (multiplication, ranks mod p) and the grid evaluations (results do not depend on it)"},
      {"--quiet", "no progress messages on stderr"},
      {"--width", "wrap the text format's prose at this many columns, 0 or 40..1000 (0: never; tables and polynomials are not wrapped); default: the terminal's width when standard output is a terminal (100 if it is unknown), else no wrapping"},
      {"--summary", "the answer first and short: the configuration, the summary of every bound, the findings and any FAILED step (the main command; the exit status is the full derivation's)"},
      {"--latex-fragment", "LaTeX without a preamble, to paste into a paper (--format latex-fragment)"},
      {"--structure-only", "only the structural facts (expansion, eq. 4, Gram form): no ranks, no bounds"},
      {"--format", "output format: text, markdown (GitHub), latex (a complete document), latex-fragment (no preamble) or json"},
      {"--basis", "list the basis of the monomial space V used by y_p"},
      {"--basis-limit", "list at most this many basis elements"},
      {"--partition", "the partition A|B, e.g. 1,3|2,4 (default: A = 1..N/2)"},
      {"--kernel", "print a basis of the kernel of the coefficient matrix"},
      {"--kernel-limit", "print at most this many kernel relations"},
      {"--seeds", "repeat the rank for K weight draws (seeds S..S+K-1)"},
      {"--all-partitions", "rank every balanced partition (Proposition 1; N <= 8)"},
      {"--max-grid-points", "largest grid s = t for grid-tensor ranks (per degree block when graded)"},
      {"--max-gram-terms", "skip the Gram rank when its matrix may have more nonzeros"},
      {"--max-dense-entries", "refuse a rank when a matrix block has more entries (8 bytes each, mod p)"},
      {"--max-exact-entries", "largest block (entries) for exact elimination and kernels over Z"},
      {"--timings", "print the time of each rank stage (varies between runs)"},
      {"--certificate", "write DIR/certificate.json and DIR/check.py: a grid certifying the lower bound on sep, re-checked by 'python3 DIR/check.py' with numpy only"},
      {"--store", "keep every finished unit of work (the Gram blocks) in the SQLite results store FILE and reuse the ones it holds (a run killed at any moment redoes only the units in flight)"},
      {"--verify", "re-rank K of the units each value takes from the store, drawn at random (FAILED if one disagrees)"}};
  return table;
}

const std::string& help_of(const std::string& flag) {
  for (const auto& [f, help] : main_option_help())
    if (f == flag) return help;
  throw std::logic_error("no help for option " + flag);
}

const std::vector<std::pair<std::string, std::string>>& subcommand_option_help(const std::string& subcommand) {
  using table = std::vector<std::pair<std::string, std::string>>;
  static const std::map<std::string, table> tables{
      {"bounds", {{"--L", "depth L, 1..10000"},
                  {"--dx", "width d_x, 1..10^12"},
                  {"--H", "heads, 1..d_x (a number in the closed forms: it need not divide d_x here)"}}},
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
                 {"--plot", "write the map with gnuplot: FILE.svg, FILE.png or FILE.pdf (the extension names the format; another is refused)"}}},
      {"plan", {{"--L", "depth L, 1..8"},
                {"--dx", "width d_x, 1..64"},
                {"--H", "heads; must divide d_x"},
                {"--np", "processes, 1..100000"},
                {"--threads", "threads per process, 1..64"},
                {"--node-memory", "MiB of one node: list the units that do not fit (0: none given)"}}},
      {"hessian-ranks", {{"--level", "levels l0: a..b, a,b,c or a (1..4)"},
                         {"--d", "block sizes: a..b, a,b,c or a (1..128)"},
                         {"--check", "recompute the shipped table's rows in these ranges (FAILED, exit 1, if one differs)"}}}};
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
