// audit: every printed statement at each (L, d_x) (its row, audit_of and derive_audit).
#include "seprank/app/commands/command_rows.hpp"

#include "seprank/analysis/audit_units.hpp"
#include "seprank/render/plot.hpp"
#include "seprank/render/record_export.hpp"
#include "seprank/report/audit_report.hpp"
#include "seprank/run/process_group.hpp"
#include "seprank/run/scheduler.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"
#include <functional>
#include <optional>

namespace seprank {

namespace {

// The audit's values: L in 1..100 (at most 100 values), d_x in 1..10^6 (at most 10^5), H in 1..10^6.
void validate_audit_values(const std::vector<int>& L, const std::vector<long>& dx, long H) {
  auto check = [](const char* name, std::size_t count, long v, long hi, std::size_t max_count) {
    if (v < 1 || v > hi)
      throw usage_error(value_name(name) + " = " + std::to_string(v) +
                        " is out of range: must satisfy 1 <= " + value_name(name) + " <= " + std::to_string(hi));
    if (count > max_count)
      throw usage_error(value_name(name) + ": " + std::to_string(count) + " values, more than the " +
                        std::to_string(max_count) + " allowed");
  };
  if (L.empty() || dx.empty()) throw usage_error(value_name(L.empty() ? "L" : "dx") + ": no values");
  for (int l : L) check("L", L.size(), l, audit_L_range.hi, audit_L_range.max_values);
  for (long d : dx) check("dx", dx.size(), d, audit_dx_range.hi, audit_dx_range.max_values);
  check_number(audit_H_limits, H);
}

}  // namespace

audit_map audit_of(const std::vector<int>& L, const std::vector<long>& dx, long H, bool exact_counts, long N,
                   const audit_row_sink& sink) {
  validate_audit_values(L, dx, H);
  validate_bounds_N(N);
  std::optional<scheduler> units;  // the other processes, when there are any (the audit has no store)
  if (process_group::world().size() > 1) units.emplace(scheduler_options{}, process_group::world());
  return audit_map_by_units({L, dx, H, exact_counts, N}, units ? &*units : nullptr, sink);
}

derivation derive_audit(const audit_request& r, const progress_fn& progress) {
  const std::vector<long> dx_values(r.dx.begin(), r.dx.end());
  validate_audit_values(r.L, dx_values, r.H);
  validate_bounds_N(r.N);
  if (!r.export_path.empty()) check_export_path(r.export_path);  // before anything is computed
  if (!r.plot.empty()) check_plot_path(r.plot);
  const std::size_t n = r.L.size() * r.dx.size();
  progress("auditing " + std::to_string(n) + (n == 1 ? " configuration" : " configurations"));
  if (!(r.time_limit >= 0)) throw usage_error(flag("time-limit") + " must be a number >= 0 (0: none)");
  const deadline_scope deadline(r.time_limit);  // for this audit only
  // The rows stream into the report as they are decided: the map is never held whole.
  std::size_t row_count = 0;
  for (long d : dx_values) row_count += d % r.H == 0 ? r.L.size() : 0;
  std::optional<record_export> exported;
  if (!r.export_path.empty() && process_group::world().root()) exported.emplace(r.export_path, audit_csv_columns());
  audit_report_builder report(row_count, r.rows,
                              exported ? std::function<void(const json&)>([&](const json& row) {
                                exported->write(row, exported->csv() ? audit_csv_cells(row) : std::vector<json>{});
                              })
                                       : std::function<void(const json&)>());
  // Stopped by --time-limit or Ctrl-C, one process: the rows decided so far are reported, the export and plot hold
  // them (exit 4 or 130). Several processes send their rows only at the end, so a stopped run of several has none to
  // show.
  audit_map m;
  stop_reason stop = stop_reason::none;
  try {
    m = audit_of(r.L, dx_values, r.H, r.exact_counts, r.N, [&](audit_row&& row) { report.add(row); });
  } catch (const time_limit_reached&) {
    if (process_group::world().size() > 1) throw;
    stop = stop_reason::time_limit;
  } catch (const interrupted&) {
    if (process_group::world().size() > 1) throw;
    stop = stop_reason::interrupted;
  }
  if (stop != stop_reason::none) {
    m.L = r.L, m.dx = dx_values, m.H = r.H, m.N = r.N;
    for (long d : dx_values) m.skipped_not_dividing += d % r.H != 0;
  }
  const std::string why = stop == stop_reason::interrupted ? "interrupted by the user" : "stopped by the time limit";
  if (exported) {
    exported->finish();
    progress("wrote " + r.export_path + " (" + std::to_string(report.rows_added()) +
             (stop != stop_reason::none ? " of " + std::to_string(row_count) : std::string()) + " rows)");
  }
  if (!r.plot.empty() && process_group::world().root() && report.rows_added() == 0) {
    progress("no picture written to " + r.plot + ": no row was decided before " +
             (stop == stop_reason::interrupted ? "the interruption" : "the time limit"));
  } else if (!r.plot.empty() && process_group::world().root()) {  // process 0 writes the files of a run of several
    audit_plot picture = report.plot(m.H);
    if (stop != stop_reason::none)
      picture.partial =
          why + " after " + std::to_string(report.rows_added()) + " of " + std::to_string(row_count) + " rows";
    plot_audit(picture, r.plot);
    progress("wrote " + r.plot);
  }
  return report.finish(m, stop);
}

command audit_command() {
  return {
      "audit",
      "every printed bound of Theorems 1 and 2 at each (L, d_x): holds, contradicted, undecided or not claimed, with the "
      "evidence, e.g. audit --L 1..20 --dx 1..10000",
      {{"--time-limit",
        "seconds for the whole audit (none by default): the rows decided before it are printed, exit status 4"}},
      "",
      false,
      [](command_requests& r) {
        return std::vector<command_option>{
            {"--L", range_help("depths", audit_L_range), range_target{&r.audit.L, &audit_L_range}},
            {"--dx", range_help("widths", audit_dx_range), range_target{&r.audit.dx, &audit_dx_range}},
            {"--H", number_help("heads", audit_H_limits) + " (widths it does not divide are left out)", &r.audit.H},
            {"--plot", "write the map with gnuplot: FILE.svg, FILE.png or FILE.pdf " + std::string(plot_help),
             &r.audit.plot, true, "Python draws from the arrays audit() returns"},
            {"--export",
             "write every row (its statuses, the paper's bounds, the N they hold from and the deciding facts) to FILE.csv, "
             "FILE.ndjson or FILE.jsonl, streamed, whole or not at all (the extension names the format); stopped by " +
                 flag("time-limit") + ", the rows decided before it",
             &r.audit.export_path, true, "Python writes audit(...).to_dataframe() with pandas (to_csv, to_json)"},
            {"--N",
             "positions N the statuses are stated at, 2.." + limit_text(max_bounds_N) +
                 " (each fact that holds at N; the lower bound by zero "
                 "padding below 2 d_x + 2); 0: each status from the smallest N its facts hold at",
             &r.audit.N}};
      },
      [](command_requests& r, const command_context& c) {
        r.audit.exact_counts = c.format == output_format::json;  // only JSON shows the exact counts
        r.audit.rows = c.format == output_format::json;          // and the rows as data
        r.audit.time_limit = time_limit_if_given(r, c);          // the main command's default does not apply
        return derive_audit(r.audit, c.progress);
      }};
}

}  // namespace seprank
