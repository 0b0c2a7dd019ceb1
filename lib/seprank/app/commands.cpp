#include "seprank/app/commands.hpp"

#include <sstream>
#include <stdexcept>
#include <type_traits>

#include "seprank/app/commands/command_rows.hpp"
#include "seprank/support/parse.hpp"

namespace seprank {

const char* const heads_help = "heads, 1..d_x (a number in the closed forms: it need not divide d_x here)";
const char* const plot_help = "(the extension names the format; another is refused)";

std::string width_help() { return "width d_x, 1.." + limit_text(max_atlas_width); }
std::string depth_help() { return "depth L, 1.." + limit_text(max_atlas_depth); }

std::string range_help(const std::string& what, const range_limits& limits, const std::string& note) {
  std::string range = limit_text(limits.lo) + ".." + limit_text(limits.hi);
  if (limits.max_values < limits.hi - limits.lo + 1) range += ", at most " + limit_text(limits.max_values) + " values";
  return what + ": a..b, a,b,c or a (" + range + (note.empty() ? "" : "; " + note) + ")";
}

atlas_config atlas_of_sizes(long long L, long long dx, long long H) {
  return atlas_config{static_cast<long>(L), dx, H};
}

double time_limit_if_given(const command_requests& r, const command_context& c) {
  return c.given("--time-limit") ? r.main.limits.max_seconds : 0;
}

const std::vector<command>& subcommands() {
  static const std::vector<command> table{bounds_command(),       corollary1_command(),    corollary2_command(),
                                          sweep_command(),        audit_command(),         plan_command(),
                                          annihilators_command(), hessian_ranks_command(), store_command()};
  return table;
}

std::string default_text(const command_target& target) {
  return std::visit(
      [](auto t) -> std::string {
        using T = decltype(t);
        if constexpr (std::is_same_v<T, range_target>) {
          return range_text(*t.values);
        } else if constexpr (std::is_same_v<T, std::string*>) {
          return *t;
        } else if constexpr (std::is_same_v<T, std::vector<std::string>*> || std::is_same_v<T, std::vector<long>*>) {
          std::ostringstream out;
          for (std::size_t i = 0; i < t->size(); ++i) out << (i > 0 ? "," : "") << (*t)[i];
          return out.str();
        } else {
          return std::to_string(*t);
        }
      },
      target);
}

const command& subcommand_named(const std::string& name) {
  for (const command& c : subcommands())
    if (c.name == name) return c;
  throw std::logic_error("no subcommand " + name);
}

}  // namespace seprank
