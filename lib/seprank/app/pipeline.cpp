#include "seprank/app/pipeline.hpp"
#include "seprank/report/plan_report.hpp"
#include "seprank/report/annihilator_steps.hpp"
#include "seprank/analysis/paper/gram_count.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

#include "seprank/analysis/ranks/element_rank.hpp"
#include "seprank/app/certificate.hpp"
#include "seprank/run/process_group.hpp"
#include "seprank/run/scheduler.hpp"
#include "seprank/run/store.hpp"
#include "seprank/report/store_report.hpp"
#include "seprank/report/hessian_report.hpp"
#include "seprank/support/interrupt.hpp"

#include "seprank/analysis/audit_units.hpp"
#include "seprank/analysis/paper/audit.hpp"
#include "seprank/analysis/paper/corollaries.hpp"
#include "seprank/analysis/structure/psi_span.hpp"
#include "seprank/analysis/paper/paper_comparison.hpp"
#include "seprank/analysis/ranks/rank_analysis.hpp"
#include "seprank/analysis/structure/structure_analysis.hpp"
#include "seprank/analysis/ranks/sweep.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/render/plot.hpp"
#include "seprank/report/atlas_report.hpp"
#include "seprank/report/audit_report.hpp"
#include "seprank/report/model_report.hpp"
#include "seprank/render/record_export.hpp"
#include "seprank/report/format.hpp"
#include "seprank/report/structure_steps.hpp"
#include "seprank/report/sweep_report.hpp"
#include "seprank/report/theorem_derivation.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/parse.hpp"

namespace seprank {
namespace {

void require_positive(const char* name, double v) {
  if (!(v > 0)) throw usage_error(std::string(name) + " = " + display_double(v) + " is out of range: must be > 0");
}

}  // namespace

void validate(const derivation_request& r) {
  const auto& o = r.ranks;
  if (o.seeds < 1 || o.seeds > 1000)
    throw usage_error("seeds = " + std::to_string(o.seeds) + " is out of range: must satisfy 1 <= seeds <= 1000");
  if (o.max_grid_points < 8)
    throw usage_error("max-grid-points = " + std::to_string(o.max_grid_points) + " is out of range: must be >= 8");
  require_positive("time-limit", r.limits.max_seconds);
  require_positive("max-memory", static_cast<double>(r.limits.max_memory_mb));
  require_positive("max-terms", static_cast<double>(r.limits.max_terms));
  require_positive("max-dense-entries", static_cast<double>(o.limits.max_dense_entries));
  require_positive("max-gram-terms", static_cast<double>(o.max_gram_terms));
  if (o.kernel_print_limit < 0)
    throw usage_error("kernel-limit = " + std::to_string(o.kernel_print_limit) + " is out of range: must be >= 0");
  require_thread_count(r.threads);
  if (o.all_partitions && (r.cfg.N % 2 != 0 || r.cfg.N > 8))
    throw usage_error("N = " + std::to_string(r.cfg.N) +
                      " does not allow --all-partitions: balanced partitions need an even N <= 8");
  if (r.basis_print_limit < 0)
    throw usage_error("basis-limit = " + std::to_string(r.basis_print_limit) + " is out of range: must be >= 0");
  if (r.ranks.explicit_partition) validate(*r.ranks.explicit_partition, r.cfg.N);
  if (r.structure_only) {  // the options of the rank stage, which --structure-only leaves out (the CLI's excludes too)
    const char* rank_option = !r.certificate.empty() ? "--certificate"
                              : r.basis              ? "--basis"
                              : o.explicit_partition ? "--partition"
                              : o.kernel             ? "--kernel"
                              : o.seeds > 1          ? "--seeds"
                              : o.all_partitions     ? "--all-partitions"
                                                     : nullptr;
    if (rank_option) throw usage_error(std::string(rank_option) + " needs the ranks, which --structure-only leaves out");
  }
  if (r.verify < 0 || r.verify > 1000000)
    throw usage_error("verify = " + std::to_string(r.verify) + " is out of range: must satisfy 0 <= verify <= 1000000");
  if (r.verify > 0 && r.store.empty()) throw usage_error("--verify re-ranks units taken from a store: it needs --store FILE");
  if (r.structure_only && !r.store.empty()) throw usage_error("--store keeps units of the rank stage, which --structure-only leaves out");
}

void give_weights(derivation_request& r, std::shared_ptr<const network_weights<long>> w) {
  if (r.weights.source != weight_choice::kind::random)
    throw usage_error("weights are given in memory and as '" + weights_text(r.weights) + "': give one of them");
  r.weights.source = weight_choice::kind::given, r.weights.given = std::move(w);
}

namespace {

// --certificate DIR, before any long computation: the directory is created and must be writable (derive does it,
// not validate, which has no side effects).
void prepare_certificate_directory(const std::string& dir) {
  if (dir.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || access(dir.c_str(), W_OK) != 0)
    throw usage_error("certificate: the directory " + dir + " cannot be created or written" + (ec ? ": " + ec.message() : std::string()));
}

}  // namespace

derivation derive(const derivation_request& r, const progress_fn& progress) {
  validate(r.cfg);
  validate(r);
  prepare_certificate_directory(r.certificate);
  theorem_request t;
  t.cfg = r.cfg;
  t.weights = r.weights;
  t.limits = r.limits;
  t.ranks = r.ranks;
  t.threads = r.threads;
  t.structure_only = r.structure_only;
  t.listed_monomials = r.basis ? r.basis_print_limit : 0;
  t.certificate = !r.certificate.empty();
  const process_group& group = process_group::world();
  t.deadline = group.root();  // --time-limit stops process 0, which then ends the run (the others wait for it)
  std::optional<scheduler> units;  // the store and the other processes, when there are any
  if (!r.store.empty() || group.size() > 1) {
    // Opening the store may wait for another process's lock: within --time-limit (and Ctrl-C), not 30 s regardless.
    const deadline_scope opening(r.limits.max_seconds, group.root());
    units.emplace(scheduler_options{r.store, r.verify, t.weights.seed, r.limits.max_seconds}, group);
    t.ranks.runner = &*units;
  }
  // Asked for a certificate and not finishing it (refused, interrupted, its time limit): an earlier one there must go,
  // or check.py would go on certifying another run's network.
  const auto remove_stale = [&] {
    const bool removed = t.certificate && group.root() && remove_certificate(r.certificate);
    if (removed) progress("removed the earlier certificate in " + r.certificate + ": this run did not finish its own");
    return removed;
  };
  std::optional<theorem_analysis> analysed;
  try {
    analysed.emplace(analyse_theorem(t, progress));
  } catch (...) {
    remove_stale();
    throw;
  }
  const theorem_analysis& a = *analysed;
  const bool removed_stale = !a.certificate && remove_stale();
  if (!a.stopped_in_structure.empty()) return time_limited_structure_derivation(a, r.cfg, paper_bounds_of(r.cfg.L, r.cfg.dx, r.cfg.H),
                                                                                          r.limits.max_seconds);
  const report_options report{r.print_polynomial};
  if (r.structure_only) return structure_derivation(a.structure, paper_bounds_of(r.cfg.L, r.cfg.dx, r.cfg.H), report);
  if (a.certificate && group.root()) {
    write_certificate(r.certificate, r.cfg, a.structure.weights, a.ranks.part, *a.certificate);
    progress("wrote " + r.certificate + "/certificate.json and " + r.certificate + "/check.py");
  }
  derivation_options opt;
  opt.report = report;
  opt.basis = r.basis;
  opt.basis_print_limit = r.basis_print_limit;
  opt.timings = r.timings;
  opt.certificate_dir = r.certificate;
  opt.certificate_removed = removed_stale;
  return theorem_derivation(a, opt);
}

namespace {

// bounds --N and audit --N: 0 (every balanced N >= 2 d_x + 2) or 2..max_bounds_N.
void validate_N(long N) {
  if (N != 0 && (N < 2 || N > max_bounds_N))
    throw usage_error("N = " + std::to_string(N) + " is out of range: must be 0 (every N >= 2 d_x + 2) or 2 <= N <= " +
                      std::to_string(max_bounds_N));
}

}  // namespace

derivation derive_bounds(const atlas_config& c, long N) {
  validate(c);
  validate_N(N);
  return bounds_derivation(c, paper_bounds_of(c.L, c.dx, c.H),
                           proven_bounds_of(c.L, c.dx.convert_to<long>(), c.H.convert_to<long>(), N));
}

derivation derive_model_bounds(const std::vector<std::string>& keys) {
  std::vector<model_preset> presets;
  for (const auto& k : keys) {
    if (k == "all") presets.insert(presets.end(), model_presets().begin(), model_presets().end());
    else presets.push_back(model_preset_named(k));
  }
  if (presets.empty()) throw usage_error("--model: no model given; the models are " + model_preset_keys() + ", or all");
  std::vector<model_bounds> ms;
  for (const auto& p : presets) {
    check_interrupt();
    ms.push_back(model_bounds_of(p));
  }
  return ms.size() == 1 ? model_derivation(ms.front()) : models_derivation(ms);
}

derivation derive_corollary1(const atlas_config& deep, const std::vector<long>& shallow_depths) {
  return corollary1_derivation(corollary1(deep, shallow_depths));
}

derivation derive_corollary2(const atlas_config& deep, long max_beta2) {
  if (max_beta2 < 1 || max_beta2 > 10000)
    throw usage_error("max-beta2 = " + std::to_string(max_beta2) + " is out of range: must satisfy 1 <= max-beta2 <= 10000");
  return corollary2_derivation(corollary2(deep, max_beta2));
}

std::vector<int> parse_range(const std::string& text, const range_limits& lim) {
  return parse_range(lim.option, text, static_cast<int>(lim.lo), static_cast<int>(lim.hi), static_cast<int>(lim.max_values));
}

std::vector<int> values_from(int a, int b) {
  std::vector<int> out;
  for (int v = a; v <= b; ++v) out.push_back(v);
  return out;
}

sweep_outcome derive_sweep(const sweep_request& r, const progress_fn& progress) {
  validate(r.base);
  if (r.base.ranks.explicit_partition)  // each row ranks the default partition of the sweep's N
    throw usage_error("sweep: --partition is not a sweep option (each row uses the default partition A = 1..N/2)");
  sweep_spec spec;
  for (const auto& [values, lim] : {std::pair{&r.dx, sweep_dx_range}, {&r.L, sweep_L_range}, {&r.H, sweep_H_range}})
    check_range(lim.option, *values, lim.lo, lim.hi, lim.max_values);
  spec.dx = r.dx, spec.L = r.L, spec.H = r.H;
  if (r.N < 2 || r.N > max_positions)
    throw usage_error("N = " + std::to_string(r.N) + " is out of range: must satisfy 2 <= N <= 64");
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
  sweep_outcome out{sweep_derivation(result), result.interrupted};
  if (!r.plot.empty() && process_group::world().root() && result.rows.empty()) {
    progress("no picture written to " + r.plot + ": no row was finished");
  } else if (!r.plot.empty() && process_group::world().root()) {
    plot_sweep(sweep_plot_data(result, r.plot_against == "dx"), r.plot);
    progress("wrote " + r.plot);
  }
  return out;
}

namespace {

// The audit's values: L in 1..100 (at most 100 values), d_x in 1..10^6 (at most 10^5), H in 1..10^6.
void validate_audit_values(const std::vector<int>& L, const std::vector<long>& dx, long H) {
  auto check = [](const char* name, std::size_t count, long v, long hi, std::size_t max_count) {
    if (v < 1 || v > hi)
      throw usage_error(std::string(name) + " = " + std::to_string(v) + " is out of range: must satisfy 1 <= " + name +
                        " <= " + std::to_string(hi));
    if (count > max_count)
      throw usage_error(std::string(name) + ": " + std::to_string(count) + " values, more than the " + std::to_string(max_count) +
                        " allowed");
  };
  if (L.empty() || dx.empty()) throw usage_error(std::string(L.empty() ? "L" : "dx") + ": no values");
  for (int l : L) check("L", L.size(), l, audit_L_range.hi, audit_L_range.max_values);
  for (long d : dx) check("dx", dx.size(), d, audit_dx_range.hi, audit_dx_range.max_values);
  if (H < 1 || H > 1000000) throw usage_error("H = " + std::to_string(H) + " is out of range: must satisfy 1 <= H <= 1000000");
}

}  // namespace

audit_map audit_of(const std::vector<int>& L, const std::vector<long>& dx, long H, bool exact_counts, long N,
                   const audit_row_sink& sink) {
  validate_audit_values(L, dx, H);
  validate_N(N);
  std::optional<scheduler> units;  // the other processes, when there are any (the audit has no store)
  if (process_group::world().size() > 1) units.emplace(scheduler_options{}, process_group::world());
  return audit_map_by_units(L, dx, H, exact_counts, N, units ? &*units : nullptr, sink);
}

derivation derive_audit(const audit_request& r, const progress_fn& progress) {
  const std::vector<long> dx_values(r.dx.begin(), r.dx.end());
  validate_audit_values(r.L, dx_values, r.H);
  validate_N(r.N);
  if (!r.export_path.empty()) check_export_path(r.export_path);  // before anything is computed
  if (!r.plot.empty()) check_plot_path(r.plot);
  const std::size_t n = r.L.size() * r.dx.size();
  progress("auditing " + std::to_string(n) + (n == 1 ? " configuration" : " configurations"));
  if (!(r.time_limit >= 0)) throw usage_error("--time-limit must be a number >= 0 (0: none)");
  const deadline_scope deadline(r.time_limit);  // for this audit only
  // The rows stream into the report as they are decided: the map is never held whole.
  std::size_t row_count = 0;
  for (long d : dx_values) row_count += d % r.H == 0 ? r.L.size() : 0;
  std::optional<record_export> exported;
  if (!r.export_path.empty() && process_group::world().root()) exported.emplace(r.export_path, audit_csv_columns());
  audit_report_builder report(row_count, r.rows, exported ? std::function<void(const json&)>([&](const json& row) {
    exported->write(row, exported->csv() ? audit_csv_cells(row) : std::vector<json>{});
  }) : std::function<void(const json&)>());
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
      picture.partial = why + " after " + std::to_string(report.rows_added()) + " of " + std::to_string(row_count) + " rows";
    plot_audit(picture, r.plot);
    progress("wrote " + r.plot);
  }
  return report.finish(m, stop);
}

derivation derive_hessian_ranks(const hessian_ranks_request& r, const progress_fn& progress) {
  for (const auto& [values, lim] : {std::pair{&r.level, hessian_level_range}, {&r.d, hessian_d_range}})
    check_range(lim.option, *values, lim.lo, lim.hi, lim.max_values);
  if (!(r.time_limit >= 0)) throw usage_error("--time-limit must be a number >= 0 (0: none)");
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

derivation derive_store_listing(const std::string& path) {
  if (access(path.c_str(), R_OK) != 0) throw usage_error("store " + path + ": no such file (or not readable)");
  const results_store store(path, false);
  return store_derivation(path, store.units(), store.key_path());
}

derivation derive_annihilators(const derivation_request& r, const progress_fn& progress) {
  validate(r.cfg);
  validate(r);
  const weight_choice& choice = r.weights;
  if (choice.source == weight_choice::kind::symbolic) throw usage_error("annihilators: --weights symbolic is not supported (use random or a weight FILE)");
  const integer_weights w = obtain_weights(r.cfg, choice);
  // Exact at every size the options allow (L <= 8, d_x <= 64: a few thousand digits): the refined bound is this
  // count minus an exact loss, so a count known only in log space would not do.
  const gram_count_result g = exact_gram_count(r.cfg.L, r.cfg.dx, r.cfg.residual, 100000);
  if (!g.exact) throw resource_error("annihilators: the Gram count at L = " + std::to_string(r.cfg.L) + " has more than 100,000 digits");
  const big_int count = g.value;
  const deadline_scope deadline(r.limits.max_seconds);  // --time-limit (default 60 s) between groupings and degrees
  return annihilator_derivation(r.cfg, weight_description(choice), analyse_annihilators(r.cfg, w, default_max_macaulay_entries, progress), count);
}

derivation summary_of(const derivation& d) { return summary_view(d); }

derivation derive_plan(const plan_request& r) { return plan_derivation(work_plan_of(r)); }

void start_processes(int* argc, char*** argv) { process_group::start(argc, argv); }

process_info processes() {
  const auto& g = process_group::world();
  return {g.rank(), g.size()};
}

int end_processes(int status) {
  const process_group& g = process_group::world();
  if (g.size() > 1 && g.root() && status != exit_ok && status != exit_check_failed) process_group::abort(status);
  process_group::finish();
  // An elimination abandoned on Ctrl-C or the deadline may still run (run_interruptible): leave without running
  // the libraries' exit handlers under it.
  if (background_work_running()) {
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    std::_Exit(status);
  }
  return status;
}

int default_thread_count() { return default_engine_threads(); }
void require_thread_count(int n) {
  if (n < 1 || n > 64) throw usage_error("threads = " + std::to_string(n) + " is out of range: must satisfy 1 <= threads <= 64");
}

void set_thread_count(int n) {
  require_thread_count(n);  // before any thread starts (FLINT would start them all)
  set_engine_threads(n);
}

}  // namespace seprank
