#include "seprank/app/commands.hpp"

#include <stdexcept>

#include "seprank/app/commands/command_rows.hpp"

namespace seprank {

const char* const heads_help = "heads, 1..d_x (a number in the closed forms: it need not divide d_x here)";
const char* const width_help = "width d_x, 1..10^12";
const char* const plot_help = "(the extension names the format; another is refused)";

atlas_config atlas_of_sizes(long long L, long long dx, long long H) { return atlas_config{static_cast<long>(L), dx, H}; }

double time_limit_if_given(const command_requests& r, const command_context& c) {
  return c.given("--time-limit") ? r.main.limits.max_seconds : 0;
}

const std::vector<command>& subcommands() {
  static const std::vector<command> table{bounds_command(), corollary1_command(),   corollary2_command(),
                                          sweep_command(),  audit_command(),        plan_command(),
                                          annihilators_command(), hessian_ranks_command(), store_command()};
  return table;
}

const command& subcommand_named(const std::string& name) {
  for (const command& c : subcommands())
    if (c.name == name) return c;
  throw std::logic_error("no subcommand " + name);
}

}  // namespace seprank
