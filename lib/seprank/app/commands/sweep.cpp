// sweep: certified ranks and the bounds over ranges of d_x, L, H (its row and derive_sweep).
#include "seprank/app/commands/command_rows.hpp"

#include "seprank/analysis/ranks/sweep.hpp"
#include "seprank/render/plot.hpp"
#include "seprank/report/sweep_report.hpp"
#include "seprank/run/process_group.hpp"
#include "seprank/run/scheduler.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/parse.hpp"
#include <optional>

namespace seprank {

derivation derive_sweep(const sweep_request& r, const progress_fn& progress) {
  // The main options a row does not read: refused, never ignored.
  const derivation_request plain;
  const std::pair<bool, const char*> unread[] = {
      {r.base.cfg.residual, "--residual (each row is the network of eq. 3)"},
      {r.base.cfg.position != plain.cfg.position || r.base.cfg.entry != plain.cfg.entry, "--position, --entry (each row ranks entry 1 at position 1)"},
      {r.base.weights.source == weight_choice::kind::symbolic, "--weights symbolic (each row ranks integer weights)"},
      {r.base.ranks.seeds != plain.ranks.seeds, "--seeds (each row ranks the one draw of --seed)"},
      {r.base.ranks.all_partitions, "--all-partitions (each row uses the default partition A = 1..N/2)"},
      {r.base.ranks.kernel, "--kernel (the rows show ranks, not kernels)"},
      {r.base.basis, "--basis (the rows show ranks, not bases)"},
      {r.base.ranks.kernel_print_limit != plain.ranks.kernel_print_limit, "--kernel-limit (the rows show ranks, not kernels)"},
      {r.base.basis_print_limit != plain.basis_print_limit, "--basis-limit (the rows show ranks, not bases)"},
      {r.base.limits.max_symbolic_terms != plain.limits.max_symbolic_terms, "--max-symbolic-terms (each row ranks integer weights)"},
      {r.base.print_polynomial, "--print-polynomial (the rows show ranks, not polynomials)"},
      {r.base.structure_only, "--structure-only (each row ranks)"},
      {r.base.timings, "--timings (the rows are not timed)"},
      {!r.base.certificate.empty(), "--certificate (one configuration's: run seprank-sym with it)"}};
  for (const auto& [given, what] : unread)
    if (given) throw usage_error(std::string("sweep: not a sweep option: ") + what);
  validate(r.base);
  if (r.base.ranks.explicit_partition)  // each row ranks the default partition of the sweep's N
    throw usage_error("sweep: --partition is not a sweep option (each row uses the default partition A = 1..N/2)");
  sweep_spec spec;
  for (const auto& [values, lim] : {std::pair{&r.dx, sweep_dx_range}, {&r.L, sweep_L_range}, {&r.H, sweep_H_range}})
    check_range(lim.option, *values, lim.lo, lim.hi, lim.max_values);
  spec.dx = r.dx, spec.L = r.L, spec.H = r.H;
  check_number(sweep_N_limits, r.N);
  spec.N = r.N;
  if (r.plot_against != "L" && r.plot_against != "dx")
    throw usage_error("plot-against = " + r.plot_against + " is not one of L, dx");
  if (!r.plot.empty()) check_plot_path(r.plot);  // before any row
  spec.weights = r.base.weights;
  spec.limits = r.base.limits;
  spec.ranks = r.base.ranks;
  spec.threads = r.base.threads;
  std::optional<scheduler> units;  // the store and the other processes, when there are any
  if (!r.base.store.empty() || process_group::world().size() > 1) {
    units.emplace(scheduler_options{r.base.store, r.base.verify, spec.weights.seed}, process_group::world());
    spec.ranks.runner = &*units;
  }
  const sweep_result result = analyse_sweep(spec, progress);
  derivation out = sweep_derivation(result);
  if (!r.plot.empty() && process_group::world().root() && result.rows.empty()) {
    progress("no picture written to " + r.plot + ": no row was finished");
  } else if (!r.plot.empty() && process_group::world().root()) {
    plot_sweep(sweep_plot_data(result, r.plot_against == "dx"), r.plot);
    progress("wrote " + r.plot);
  }
  return out;
}

command sweep_command() {
  return {"sweep",
          "certified separation ranks and the paper's bounds over ranges of d_x, L, H, e.g. sweep --dx 2..4 --L 1..3 --plot sweep.svg",
          {},
          "every option of the main command (seprank-sym --help), given before or after the subcommand, for each row: the "
          "weights (--weights, --seed, --weight-range), the limits (--time-limit for the whole sweep), the rank options, "
          "--store and --verify; not --partition, --seeds, --all-partitions, --kernel, --kernel-limit, --basis, --basis-limit, "
          "--print-polynomial, --structure-only, --timings, --certificate, --residual, --position, --entry, --weights symbolic or "
          "--max-symbolic-terms (each row ranks entry 1 of the network of "
          "eq. 3 at the default partition, for one draw)",
          true,
          [](command_requests& r) {
            return std::vector<command_option>{
                {"--dx", range_help("widths", sweep_dx_range), range_target{&r.sweep.dx, &sweep_dx_range}},
                {"--L", range_help("depths", sweep_L_range), range_target{&r.sweep.L, &sweep_L_range}},
                {"--H", range_help("heads", sweep_H_range, "values not dividing d_x are listed and skipped"), range_target{&r.sweep.H, &sweep_H_range}},
                {"--N", number_help("positions", sweep_N_limits), &r.sweep.N},
                {"--plot", "write a plot of log_3 sep against L (or d_x, --plot-against dx) with gnuplot: FILE.svg, FILE.png or FILE.pdf " + std::string(plot_help),
                 &r.sweep.plot, true},
                {"--plot-against", "the plot's x axis: L (depth; a curve per d_x) or dx (width; a curve per L), each with the exact ranks, "
                                   "the Gram count, the refined count, the proven lower bound and the paper's bounds",
                 &r.sweep.plot_against}};
          },
          [](command_requests& r, const command_context& c) {
            r.sweep.base = r.main;  // weights, limits, rank options, threads, store
            return derive_sweep(r.sweep, c.progress);
          }};
}

}  // namespace seprank
