// hessian-ranks: the check of Theorem 15.1 (docs/theory.md, section 15; its row and derive_hessian_ranks).
#include "seprank/app/commands/command_rows.hpp"

#include "seprank/analysis/structure/moment_hessian_check.hpp"
#include "seprank/report/hessian_report.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/parse.hpp"

namespace seprank {

derivation derive_hessian_ranks(const hessian_ranks_request& r, const progress_fn& progress) {
  for (const auto& [values, lim] : {std::pair{&r.level, hessian_level_range}, {&r.d, hessian_d_range}})
    check_range(flag(lim.option), *values, lim.lo, lim.hi, lim.max_values);
  if (!(r.time_limit >= 0)) throw usage_error(flag("time-limit") + " must be a number >= 0 (0: none)");
  const deadline_scope deadline(r.time_limit);  // for the whole command, not per row
  std::vector<moment_hessian_row> rows;
  stop_reason stop = stop_reason::none;  // stopped: the rows ranked so far are shown
  try {
    for (int level : r.level)
      for (int d : r.d) {
        check_interrupt();
        progress("ranking l0 = " + std::to_string(level) + ", d = " + std::to_string(d));
        rows.push_back(moment_hessian_row_of(d, level, r.seed));
      }
  } catch (const time_limit_reached&) {
    stop = stop_reason::time_limit;
  } catch (const interrupted&) {
    stop = stop_reason::interrupted;
  }
  return hessian_ranks_derivation(rows, r.seed, r.level.size() * r.d.size(), stop);
}

command hessian_ranks_command() {
  return {
      "hessian-ranks",
      "the check of Theorem 15.1: Hessian ranks mod p of the moment form b^T M^g b (g = 3^l0) at random points and on "
      "gamma = 0, beside the proven rho_g(d) (docs/theory.md, section 15), e.g. hessian-ranks --level 1..2 --d 1..12",
      {{"--seed", "the seed of the random points and primes (default 1)"},
       {"--time-limit",
        "seconds for the whole command (none by default), also inside one rank: the rows ranked before it "
        "are printed, exit status 4"}},
      "",
      false,
      [](command_requests& r) {
        return std::vector<command_option>{
            {"--level", range_help("levels l0", hessian_level_range),
             range_target{&r.hessian.level, &hessian_level_range}},
            {"--d", range_help("sizes d of the symmetric d x d matrix M", hessian_d_range),
             range_target{&r.hessian.d, &hessian_d_range}}};
      },
      [](command_requests& r, const command_context& c) {
        r.hessian.seed = r.main.weights.seed;
        r.hessian.time_limit = time_limit_if_given(r, c);  // for the whole command; none by default
        return derive_hessian_ranks(r.hessian, c.progress);
      }};
}

}  // namespace seprank
