// Help texts by flag: the main command's come from its option table (app/request_options), the subcommands' are
// held here (their options are still declared in the CLI and in Python by hand). The CLI's --help and the Python
// docstrings are both made from them, so they cannot drift.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace seprank {

// (flag, help) of request_options(), in the order of --help.
const std::vector<std::pair<std::string, std::string>>& main_option_help();

// The help of one flag ("--time-limit"); throws std::logic_error for a flag the table lacks (a programming error).
const std::string& help_of(const std::string& flag);

// The same for a subcommand's own options ("bounds", "corollary1", "corollary2", "sweep", "audit", "plan",
// "hessian-ranks"; the output options are the main table's): its --help and the Python keywords of the same name.
const std::vector<std::pair<std::string, std::string>>& subcommand_option_help(const std::string& subcommand);
const std::string& help_of(const std::string& subcommand, const std::string& flag);
// The subcommands that have such a table, in alphabetical order.
std::vector<std::string> subcommand_names();

}  // namespace seprank
