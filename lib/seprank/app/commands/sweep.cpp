// sweep: certified ranks and the bounds over ranges of d_x, L, H (its row and derive_sweep).
#include "seprank/app/commands/command_rows.hpp"

#include "seprank/analysis/ranks/sweep.hpp"
#include "seprank/render/plot.hpp"
#include "seprank/report/sweep_report.hpp"
#include "seprank/run/process_group.hpp"
#include "seprank/run/scheduler.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/parse.hpp"
#include <iterator>
#include <optional>

namespace seprank {

namespace {

// The main options a sweep row does not read: refused, never ignored. One table for the refusal and sweep's --help.
struct unread_option {
  option_message flags;  // as --help lists them
  option_message why;
  bool (*given)(const derivation_request& r, const derivation_request& plain);
};
const unread_option unread_options[] = {
    {flag("seeds"), "each row ranks the one draw of " + flag("seed"),
     [](const auto& r, const auto& p) { return r.ranks.seeds != p.ranks.seeds; }},
    {flag("all-partitions"), "each row uses the default partition A = 1..N/2",
     [](const auto& r, const auto&) { return r.ranks.all_partitions; }},
    {flag("kernel"), "the rows show ranks, not kernels", [](const auto& r, const auto&) { return r.ranks.kernel; }},
    {flag("kernel-limit"), "the rows show ranks, not kernels",
     [](const auto& r, const auto& p) { return r.ranks.kernel_print_limit != p.ranks.kernel_print_limit; }},
    {flag("basis"), "the rows show ranks, not bases", [](const auto& r, const auto&) { return r.basis; }},
    {flag("basis-limit"), "the rows show ranks, not bases",
     [](const auto& r, const auto& p) { return r.basis_print_limit != p.basis_print_limit; }},
    {flag("print-polynomial"), "the rows show ranks, not polynomials",
     [](const auto& r, const auto&) { return r.print_polynomial; }},
    {flag("structure-only"), "each row ranks", [](const auto& r, const auto&) { return r.structure_only; }},
    {flag("timings"), "the rows are not timed", [](const auto& r, const auto&) { return r.timings; }},
    {flag("certificate"), "one configuration's: run seprank-sym with it",
     [](const auto& r, const auto&) { return !r.certificate.empty(); }},
    {flag("residual"), "each row is the network of eq. 3", [](const auto& r, const auto&) { return r.cfg.residual; }},
    {flag("position") + ", " + flag("entry"), "each row ranks entry 1 at position 1",
     [](const auto& r, const auto& p) { return r.cfg.position != p.cfg.position || r.cfg.entry != p.cfg.entry; }},
    {flag("weights") + " symbolic", "each row ranks integer weights",
     [](const auto& r, const auto&) { return r.weights.source == weight_choice::kind::symbolic; }},
    {flag("max-symbolic-terms"), "each row ranks integer weights",
     [](const auto& r, const auto& p) { return r.limits.max_symbolic_terms != p.limits.max_symbolic_terms; }}};

// "--seeds, ..., --weights symbolic or --max-symbolic-terms", for --help.
std::string unread_option_list() {
  std::string out;
  const std::size_t n = std::size(unread_options);
  for (std::size_t i = 0; i < n; ++i) out += (i == 0 ? "" : i + 1 == n ? " or " : ", ") + unread_options[i].flags.cli();
  return out;
}

}  // namespace

derivation derive_sweep(const sweep_request& r, const progress_fn& progress) {
  const derivation_request plain;
  for (const unread_option& o : unread_options)
    if (o.given(r.base, plain)) throw usage_error("sweep: not a sweep option: " + o.flags + " (" + o.why + ")");
  validate(r.base);
  if (r.base.ranks.explicit_partition)  // each row ranks the default partition of the sweep's N
    throw usage_error("sweep: " + flag("partition") +
                      " is not a sweep option (each row uses the default partition A = 1..N/2)");
  sweep_spec spec;
  for (const auto& [values, lim] : {std::pair{&r.dx, sweep_dx_range}, {&r.L, sweep_L_range}, {&r.H, sweep_H_range}})
    check_range(flag(lim.option), *values, lim.lo, lim.hi, lim.max_values);
  spec.dx = r.dx, spec.L = r.L, spec.H = r.H;
  check_number(sweep_N_limits, r.N);
  spec.N = r.N;
  if (r.plot_against != "L" && r.plot_against != "dx")
    throw usage_error(value_name("plot-against") + " = " + r.plot_against + " is not one of L, dx");
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
  return {
      "sweep",
      "certified separation ranks and the paper's bounds over ranges of d_x, L, H, e.g. sweep --dx 2..4 --L 1..3 --plot sweep.svg",
      {},
      "every option of the main command (seprank-sym --help), given before or after the subcommand, for each row: the "
      "weights (--weights, --seed, --weight-range), the limits (--time-limit for the whole sweep), the rank options, "
      "--store and --verify; not --partition, " +
          unread_option_list() +
          " (each row ranks entry 1 of the network of "
          "eq. 3 at the default partition, for one draw)",
      true,
      [](command_requests& r) {
        return std::vector<command_option>{
            {"--dx", range_help("widths", sweep_dx_range), range_target{&r.sweep.dx, &sweep_dx_range}},
            {"--L", range_help("depths", sweep_L_range), range_target{&r.sweep.L, &sweep_L_range}},
            {"--H", range_help("heads", sweep_H_range, "values not dividing d_x are listed and skipped"),
             range_target{&r.sweep.H, &sweep_H_range}},
            {"--N", number_help("positions", sweep_N_limits), &r.sweep.N},
            {"--plot",
             "write a plot of log_3 sep against L (or d_x, " + setting("plot-against", "dx") +
                 ") with gnuplot: FILE.svg, FILE.png or FILE.pdf " + std::string(plot_help),
             &r.sweep.plot, true, "Python draws from .table() (matplotlib)"},
            {"--plot-against",
             "the plot's x axis: L (depth; a curve per d_x) or dx (width; a curve per L), each with the exact ranks, "
             "the Gram count, the refined count, the proven lower bound and the paper's bounds",
             &r.sweep.plot_against, false, "Python draws from .table() (matplotlib)"}};
      },
      [](command_requests& r, const command_context& c) {
        r.sweep.base = r.main;  // weights, limits, rank options, threads, store
        return derive_sweep(r.sweep, c.progress);
      }};
}

}  // namespace seprank
