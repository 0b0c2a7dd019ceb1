// The help text of each option of the main command, in one place: the CLI's --help (tools/seprank-sym.cpp) and
// the Python package's docstrings (python/seprank) are both made from it, so they cannot drift. A step towards the
// one option table of docs/architecture.md (names, types, defaults and ranges still live in the CLI and pybind).
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace seprank {

// (flag, help) in the order of --help; ranges are part of the help ("depth L (number of layers), 1..8").
const std::vector<std::pair<std::string, std::string>>& main_option_help();

// The help of one flag ("--time-limit"); throws std::logic_error for a flag the table lacks (a programming error).
const std::string& help_of(const std::string& flag);

// The same for a subcommand's own options ("bounds", "corollary1", "corollary2", "sweep", "audit", "plan",
// "hessian-ranks"; the output options are the main table's): its --help and the Python keywords of the same name.
const std::vector<std::pair<std::string, std::string>>& subcommand_option_help(const std::string& subcommand);
const std::string& help_of(const std::string& subcommand, const std::string& flag);

}  // namespace seprank
