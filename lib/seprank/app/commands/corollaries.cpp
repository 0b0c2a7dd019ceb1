// corollary1 and corollary2 (section 4): their rows and derive_*.
#include "seprank/app/commands/command_rows.hpp"

#include "seprank/analysis/paper/corollary1.hpp"
#include "seprank/analysis/paper/corollary2.hpp"
#include "seprank/report/atlas_report.hpp"
#include "seprank/support/errors.hpp"

#include <set>

namespace seprank {

derivation derive_corollary1(const atlas_config& deep, const std::vector<long>& shallow_depths) {
  check_number(corollary1_L_limits, deep.L);  // a shallower depth must exist
  std::set<long> seen;
  for (long Ls : shallow_depths)
    if (!seen.insert(Ls).second) throw usage_error("shallow depth " + std::to_string(Ls) + " is given twice");
  if (shallow_depths.empty()) throw usage_error("shallow: no depth given");
  return corollary1_derivation(corollary1(deep, shallow_depths));
}

derivation derive_corollary2(const atlas_config& deep, long max_beta2) {
  check_number(max_beta2_limits, max_beta2);
  return corollary2_derivation(corollary2(deep, max_beta2));
}

command corollary1_command() {
  return {
      "corollary1",
      "Corollary 1: the width a shallower network needs to match a deep one (default: the paper's example d_x = 1000, "
      "H = 16, L = 6)",
      {},
      "",
      false,
      [](command_requests& r) {
        return std::vector<command_option>{
            {"--L", number_help("depth of the deep network", corollary1_L_limits) + " (a shallower depth must exist)",
             &r.corollary1.L},
            {"--dx", width_help(), &r.corollary1.dx},
            {"--H", "heads, 1..d_x - 1 (the Theorem 1 lower bound takes log_3(d_x - H); H need not divide d_x here)",
             &r.corollary1.H},
            {"--shallow", "shallow depths (comma-separated, distinct), each in 1..L - 1", &r.corollary1.shallow}};
      },
      [](command_requests& r, const command_context& c) {
        const corollary1_request& q = r.corollary1;
        if (!c.given("--shallow") &&
            q.L >= corollary1_L_limits.lo) {  // the default depths need a deeper network: say so
          std::string list;
          for (long Ls : q.shallow) list += (list.empty() ? "" : ",") + std::to_string(Ls);
          for (long Ls : q.shallow)
            if (Ls >= q.L)
              throw usage_error("L = " + std::to_string(q.L) + " is not deeper than the default " + flag("shallow") +
                                " " + list + ": give " + flag("shallow") + " " +
                                (q.L == 2 ? "1" : "with depths in 1.." + std::to_string(q.L - 1)));
        }
        return derive_corollary1(atlas_of_sizes(q.L, q.dx, q.H), q.shallow);
      }};
}

command corollary2_command() {
  return {
      "corollary2",
      "Corollary 2: a shallower, wider network with a higher separation rank (default: d_x = 64, H = 4, L = 12)",
      {},
      "",
      false,
      [](command_requests& r) {
        return std::vector<command_option>{
            {"--L",
             "depth of the deep network, 1.." + limit_text(max_atlas_depth) + " (the corollary needs L > log_3 d_x)",
             &r.corollary2.L},
            {"--dx", width_help(), &r.corollary2.dx},
            {"--H", heads_help, &r.corollary2.H},
            {"--max-beta2", number_help("largest beta_2 tried", max_beta2_limits), &r.corollary2.max_beta2}};
      },
      [](command_requests& r, const command_context&) {
        const corollary2_request& q = r.corollary2;
        return derive_corollary2(atlas_of_sizes(q.L, q.dx, q.H), q.max_beta2);
      }};
}

}  // namespace seprank
