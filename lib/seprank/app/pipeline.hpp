// The application layer: one call per command of the tool. Each validates its request through
// the library, runs the analysis once, builds the derivation from the records, and hands it back
// for rendering (the main command in pipeline.cpp, each subcommand in app/commands/, where its row of the command
// table is). This header pulls in no FLINT or GiNaC header, so the CLI stays thin.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "seprank/analysis/options.hpp"
#include "seprank/analysis/paper/audit_map.hpp"
#include "seprank/analysis/ranks/work_plan.hpp"
#include "seprank/model/config.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

// The main command: the Theorem 2 (or 1) derivation, or only the structural facts.
struct derivation_request {
  network_config cfg;
  // The weights: the seeded draw (its seed also seeds every random stream), symbols, a weight file, or integer
  // matrices in memory (Python's Network: give_weights). The text of --weights is read at the edges
  // (set_weights_text).
  weight_choice weights;
  resource_limits limits;
  rank_options ranks;
  int threads = 1;
  bool structure_only = false;
  bool print_polynomial = false;
  bool basis = false;
  long basis_print_limit = 2000;
  bool timings = false;
  std::string certificate;  // a directory: write certificate.json and check.py there
  std::string store;        // the results store (run/store): finished units are kept and reused
  long verify = 0;          // re-rank this many units taken from the store (FAILED on disagreement)
};

// Throws usage_error naming the first invalid option and its allowed range; no side effects.
void validate(const derivation_request& r);
// Integer weights in memory (Python's Network), checked against r.cfg by derive. They replace the weights option,
// which must then be left at its default (random): usage_error otherwise.
void give_weights(derivation_request& r, std::shared_ptr<const network_weights<long>> w);
// Validates the request (as validate), creates the --certificate directory, runs the analysis (refusing over-limit
// steps with resource_error) and builds the derivation.
derivation derive(const derivation_request& r, const progress_fn& progress);
// The derivation's answer first and short (--summary; report: summary_view): configuration, summary, findings
// and every FAILED step.
derivation summary_of(const derivation& d);

// The closed forms at any size and the corollaries.
// N: the number of positions the bounds are stated at (0: every balanced N >= 2 d_x + 2; 2..max_bounds_N).
inline constexpr long max_bounds_N = 10000000000000L;
// bounds --model KEY[,KEY...] or all: one model's bounds derivation at its context length (with the verdict at
// large N and its comparison row), or the comparison table of several (model/presets.hpp).
derivation derive_model_bounds(const std::vector<std::string>& keys);
derivation derive_bounds(const atlas_config& c, long N = 0);
derivation derive_corollary1(const atlas_config& deep, const std::vector<long>& shallow_depths);
derivation derive_corollary2(const atlas_config& deep, long max_beta2);

// A range option's allowed values and count: one home for the CLI's parse and derive_*'s own check.
struct range_limits {
  const char* option;  // its id: "dx" (support/errors.hpp)
  long lo, hi, max_values;
};
inline constexpr range_limits sweep_dx_range{"dx", 1, max_width, 64}, sweep_L_range{"L", 1, max_depth, 64},
    sweep_H_range{"H", 1, max_width, 64};
inline constexpr range_limits audit_L_range{"L", 1, 100, 100}, audit_dx_range{"dx", 1, 1000000, 100000};
// The edge: a range option's text ("2..4", "1,2,4" or "3") as values within its limits, or usage_error.
std::vector<int> parse_range(const std::string& text, const range_limits& lim);
// The consecutive values a..b.
std::vector<int> values_from(int a, int b);

// An integer option's allowed values: one home for its --help and its check.
struct number_limits {
  const char* name;  // its id: "N" (support/errors.hpp)
  long long lo, hi;
};
inline constexpr number_limits sweep_N_limits{"N", 2, max_positions}, audit_H_limits{"H", 1, 1000000},
    max_beta2_limits{"max-beta2", 1, 10000}, seeds_limits{"seeds", 1, 1000},
    corollary1_L_limits{"L", 2, max_atlas_depth}, threads_limits{"threads", 1, 64}, verify_limits{"verify", 0, 1000000};
inline constexpr long min_grid_points = 8;  // --max-grid-points
// "what, lo..hi" for --help.
std::string number_help(const std::string& what, const number_limits& lim);
// usage_error "N = 65 is out of range: must satisfy 2 <= N <= 64" unless lo <= v <= hi.
void check_number(const number_limits& lim, long long v);

// Sweeps over ranges of d_x, L, H (values; the CLI and Python parse "2..4", "1,2,4" or "3" with parse_range).
struct sweep_request {
  std::vector<int> dx = values_from(2, 4), L = values_from(1, 3), H = {1};
  int N = 4;
  derivation_request base;         // weights, limits, rank options, threads
  std::string plot;                // SVG path; empty: no plot
  std::string plot_against = "L";  // the plot's x axis: "L" (depth, a series per d_x) or "dx" (width, a series per L)
};
// Ctrl-C: the rows done so far, with interrupted set (exit status 130).
derivation derive_sweep(const sweep_request& r, const progress_fn& progress);

// The audit map: every printed statement at each (L, d_x) for one H, from the rules and the shipped
// certified values (no computation per configuration). L: 1..100, d_x: 1..10^6, at most 10^5 values each.
struct audit_request {
  std::vector<int> L = values_from(1, 8), dx = values_from(1, 100);
  long H = 1;
  std::string plot;           // SVG or PNG path; empty: no plot
  std::string export_path;    // CSV or NDJSON path for the rows (--export); empty: none
  bool exact_counts = false;  // each row carries the Gram count and the refined count as integers (JSON)
  bool rows = true;           // results.rows: each row as data (JSON; the text shows the table and counts)
  double time_limit = 0;      // seconds (--time-limit); 0: none. Reached: time_limit_reached (exit 4)
  long N = 0;                 // the statuses at this N (0: each from its own N); 2..max_bounds_N
};
derivation derive_audit(const audit_request& r, const progress_fn& progress);
// The audit map itself for explicit values (the Python module's arrays), validated as derive_audit
// validates its ranges.
// With several processes (mpirun) the rows are computed as units of work, one per L (analysis/audit_units).
audit_map audit_of(const std::vector<int>& L, const std::vector<long>& dx, long H, bool exact_counts = false,
                   long N = 0, const audit_row_sink& sink = {});

// The rank-one annihilators and the refined bound for the request's configuration and weights
// (`seprank-sym annihilators`): the word of A_L only, so any size the options allow (docs/theory.md, section 14).
derivation derive_annihilators(const derivation_request& r, const progress_fn& progress = {});

// The check of Theorem 15.1 (docs/theory.md, section 15; `seprank-sym hessian-ranks`): the moment form's Hessian
// ranks mod p at random points and on gamma = 0 against rho_g(d), for levels x sizes and a seed.
inline constexpr range_limits hessian_level_range{"level", 1, 4, 4}, hessian_d_range{"d", 1, 128, 128};
struct hessian_ranks_request {
  std::vector<int> level = values_from(1, 2), d = values_from(1, 8);
  std::uint64_t seed = 1;
  double time_limit = 0;  // seconds for the whole command (0: none); stopped, the rows done are shown (exit 4)
};
derivation derive_hessian_ranks(const hessian_ranks_request& r, const progress_fn& progress);

// The results store's contents (`seprank-sym store FILE`).
derivation derive_store_listing(const std::string& path);

// The plan before a run: the Gram rank's units with their estimates and an LPT schedule on P processes.
derivation derive_plan(const plan_request& r);

// The processes of the run (mpirun or srun; run/process_group): start first, end with the exit status. Process 0
// prints; when it ends with a status other than 0 or 1 the others are ended with it (they may be waiting for it).
struct process_info {
  int rank = 0, size = 1;
};
void start_processes(int* argc, char*** argv);
process_info processes();
int end_processes(int status);

// Threads for FLINT's multiplication (results do not depend on them): 1..64, else usage_error (before any starts).
int default_thread_count();
void require_thread_count(int n);
void set_thread_count(int n);

}  // namespace seprank
