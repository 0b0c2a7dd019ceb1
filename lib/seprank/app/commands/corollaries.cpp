// corollary1 and corollary2 (section 4): their rows and derive_*.
#include "seprank/app/commands/command_rows.hpp"

#include "seprank/analysis/paper/corollaries.hpp"
#include "seprank/report/atlas_report.hpp"
#include "seprank/support/errors.hpp"

namespace seprank {

derivation derive_corollary1(const atlas_config& deep, const std::vector<long>& shallow_depths) {
  return corollary1_derivation(corollary1(deep, shallow_depths));
}

derivation derive_corollary2(const atlas_config& deep, long max_beta2) {
  check_number(max_beta2_limits, max_beta2);
  return corollary2_derivation(corollary2(deep, max_beta2));
}

command corollary1_command() {
  return {"corollary1",
          "Corollary 1: the width a shallower network needs to match a deep one (default: the paper's example d_x = 1000, "
          "H = 16, L = 6)",
          {},
          "",
          false,
          [](command_requests& r) {
            return std::vector<command_option>{{"--L", "depth of the deep network, 1.." + limit_text(max_atlas_depth), &r.corollary1.L},
                                               {"--dx", width_help(), &r.corollary1.dx},
                                               {"--H", heads_help, &r.corollary1.H},
                                               {"--shallow", "shallow depths (comma-separated)", &r.corollary1.shallow}};
          },
          [](command_requests& r, const command_context& c) {
            const corollary1_request& q = r.corollary1;
            if (!c.given("--shallow") && q.L >= 1) {  // the default depths need a deeper network: say so, not "depth 2"
              std::string list;
              for (long Ls : q.shallow) list += (list.empty() ? "" : ",") + std::to_string(Ls);
              for (long Ls : q.shallow)
                if (Ls >= q.L)
                  throw usage_error(q.L == 1 ? "L = 1: no shallower network exists (Corollary 1 needs L >= 2)"
                                             : "L = " + std::to_string(q.L) + " is not deeper than the default --shallow " + list +
                                                   ": give --shallow with depths in 1.." + std::to_string(q.L - 1));
            }
            return derive_corollary1(atlas_of_sizes(q.L, q.dx, q.H), q.shallow);
          }};
}

command corollary2_command() {
  return {"corollary2",
          "Corollary 2: a shallower, wider network with a higher separation rank (default: d_x = 64, H = 4, L = 12)",
          {},
          "",
          false,
          [](command_requests& r) {
            return std::vector<command_option>{{"--L", "depth of the deep network, 1.." + limit_text(max_atlas_depth) + " (the corollary needs L > log_3 d_x)", &r.corollary2.L},
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
