#include "seprank/app/option_help.hpp"
#include "seprank/app/request_options.hpp"

#include <stdexcept>

namespace seprank {

const std::vector<std::pair<std::string, option_message>>& main_option_help() {
  static const std::vector<std::pair<std::string, option_message>> table = [] {
    std::vector<std::pair<std::string, option_message>> t;
    for (const auto& o : request_options()) t.emplace_back(o.flag, o.help);
    return t;
  }();
  return table;
}

const option_message& help_of(const std::string& flag) {
  for (const auto& [f, help] : main_option_help())
    if (f == flag) return help;
  throw std::logic_error("no help for option " + flag);
}

}  // namespace seprank
