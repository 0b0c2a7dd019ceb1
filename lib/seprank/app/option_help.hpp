// The main command's help texts by flag, from its option table (app/request_options): the CLI's --help and the Python
// docstrings are both made from them, so they cannot drift (the subcommands' are their rows in app/commands).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "seprank/support/errors.hpp"

namespace seprank {

// (flag, help) of request_options(), in the order of --help.
const std::vector<std::pair<std::string, option_message>>& main_option_help();

// The help of one flag ("--time-limit"); throws std::logic_error for a flag the table lacks (a programming error).
const option_message& help_of(const std::string& flag);

}  // namespace seprank
