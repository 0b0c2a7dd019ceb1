// The main command (the Theorem 2 derivation; its options: app/request_options), the range options' parse, and the
// run's processes and threads. Each subcommand is in app/commands/.
#include "seprank/app/pipeline.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

#include "seprank/analysis/ranks/element_rank.hpp"
#include "seprank/app/certificate.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/report/format.hpp"
#include "seprank/report/theorem_derivation.hpp"
#include "seprank/run/process_group.hpp"
#include "seprank/run/scheduler.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/parse.hpp"

namespace seprank {
namespace {

void require_positive(const char* name, double v) {
  if (!(v > 0)) throw usage_error(value_name(name) + " = " + display_double(v) + " is out of range: must be > 0");
}

}  // namespace

void validate(const derivation_request& r) {
  const auto& o = r.ranks;
  check_number(seeds_limits, o.seeds);
  if (o.max_grid_points < min_grid_points)
    throw usage_error(value_name("max-grid-points") + " = " + std::to_string(o.max_grid_points) +
                      " is out of range: must be >= " + std::to_string(min_grid_points));
  require_positive("time-limit", r.limits.max_seconds);
  require_positive("max-memory", static_cast<double>(r.limits.max_memory_mb));
  require_positive("max-terms", static_cast<double>(r.limits.max_terms));
  require_positive("max-dense-entries", static_cast<double>(o.limits.max_dense_entries));
  require_positive("max-gram-terms", static_cast<double>(o.max_gram_terms));
  if (o.kernel_print_limit < 0)
    throw usage_error(value_name("kernel-limit") + " = " + std::to_string(o.kernel_print_limit) +
                      " is out of range: must be >= 0");
  require_thread_count(r.threads);
  if (o.all_partitions && (r.cfg.N % 2 != 0 || r.cfg.N > 8))
    throw usage_error("N = " + std::to_string(r.cfg.N) + " does not allow " + flag("all-partitions") +
                      ": balanced partitions need an even N <= 8");
  if (r.basis_print_limit < 0)
    throw usage_error(value_name("basis-limit") + " = " + std::to_string(r.basis_print_limit) +
                      " is out of range: must be >= 0");
  if (r.ranks.explicit_partition) validate(*r.ranks.explicit_partition, r.cfg.N);
  if (r.structure_only) {  // the options of the rank stage, which --structure-only leaves out (the CLI's excludes too)
    const char* rank_option = !r.certificate.empty() ? "certificate"
                              : r.basis              ? "basis"
                              : o.explicit_partition ? "partition"
                              : o.kernel             ? "kernel"
                              : o.seeds > 1          ? "seeds"
                              : o.all_partitions     ? "all-partitions"
                                                     : nullptr;
    if (rank_option)
      throw usage_error(flag(rank_option) + " needs the ranks, which " + flag("structure-only") + " leaves out");
  }
  check_number(verify_limits, r.verify);
  if (r.verify > 0 && r.store.empty())
    throw usage_error(flag("verify") + " re-ranks units taken from a store: it needs " + setting("store", "FILE"));
  if (r.structure_only && !r.store.empty())
    throw usage_error(flag("store") + " keeps units of the rank stage, which " + flag("structure-only") +
                      " leaves out");
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
    throw usage_error("certificate: the directory " + dir + " cannot be created or written" +
                      (ec ? ": " + ec.message() : std::string()));
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
  t.deadline = group.root();       // --time-limit stops process 0, which then ends the run (the others wait for it)
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
  if (!a.stopped_in_structure.empty())
    return time_limited_structure_derivation(a, r.cfg, paper_bounds_of(r.cfg.L, r.cfg.dx, r.cfg.H),
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

std::vector<int> parse_range(const std::string& text, const range_limits& lim) {
  return parse_range(flag(lim.option), text, static_cast<int>(lim.lo), static_cast<int>(lim.hi),
                     static_cast<int>(lim.max_values));
}

std::vector<int> values_from(int a, int b) {
  std::vector<int> out;
  for (int v = a; v <= b; ++v) out.push_back(v);
  return out;
}

std::string number_help(const std::string& what, const number_limits& lim) {
  return what + ", " + limit_text(lim.lo) + ".." + limit_text(lim.hi);
}

void check_number(const number_limits& lim, long long v) {
  if (v < lim.lo || v > lim.hi)
    throw usage_error(value_name(lim.name) + " = " + std::to_string(v) + " is out of range: must satisfy " +
                      std::to_string(lim.lo) + " <= " + value_name(lim.name) + " <= " + std::to_string(lim.hi));
}

derivation summary_of(const derivation& d) { return summary_view(d); }

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
void require_thread_count(int n) { check_number(threads_limits, n); }

void set_thread_count(int n) {
  require_thread_count(n);  // before any thread starts (FLINT would start them all)
  set_engine_threads(n);
}

}  // namespace seprank
