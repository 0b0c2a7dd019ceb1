// seprank-sym: command-line front end. Parses arguments, calls the library, prints.
#include <CLI/CLI.hpp>
#include <flint/flint.h>

#include <cerrno>
#include <cstdlib>
#include <iostream>

#include "seprank/analysis.hpp"
#include "seprank/atlas.hpp"
#include "seprank/errors.hpp"
#include "seprank/interrupt.hpp"
#include "seprank/partition.hpp"
#include "seprank/rank_report.hpp"
#include "seprank/render/formats.hpp"
#include "seprank/render/plot.hpp"
#include "seprank/sweep.hpp"
#include "seprank/theorem_derivation.hpp"
#include "seprank/render/text.hpp"
#include "seprank/structure_report.hpp"
#include "seprank_version.hpp"

namespace {

const char* exit_status_help =
    "Exit status: 0 success; 1 a mathematical check failed; 2 usage error (bad option, value or file);\n"
    "3 refused: the estimated size exceeds a limit; 4 internal error; 130 interrupted (Ctrl-C).";

struct cli_options {
  seprank::network_config cfg;
  seprank::weight_choice weights;
  seprank::resource_limits limits;
  std::string weights_arg = "random";
  bool quiet = false;
  bool want_rank = false;
  bool structure_only = false;
  bool timings = false;
  std::string format = "text";
  std::string seed_arg = "1";
  // Subcommands: bounds, corollary1, corollary2.
  long long atlas_L = 2, atlas_dx = 4, atlas_H = 1;
  std::vector<long> shallow{2, 3};
  long max_beta2 = 64;
  CLI::App* bounds = nullptr;
  CLI::App* corollary1 = nullptr;
  CLI::App* corollary2 = nullptr;
  CLI::App* sweep = nullptr;
  std::string sweep_dx = "2..4", sweep_L = "1..3", sweep_H = "1", plot;
  int sweep_N = 4;
  seprank::derivation_options derivation;
  std::string partition_arg;
  seprank::rank_options rank;
  int threads = seprank::default_engine_threads();
};

void add_options(CLI::App& app, cli_options& o) {
  app.add_option("--L", o.cfg.L, "depth L (number of layers), 1..8")->capture_default_str();
  app.add_option("--dx", o.cfg.dx, "width d_x, 1..64")->capture_default_str();
  app.add_option("--H", o.cfg.H, "heads per layer; must divide d_x")->capture_default_str();
  app.add_option("--N", o.cfg.N, "number of input positions, 2..64")->capture_default_str();
  app.add_option("--position", o.cfg.position, "output position i, 1..N")->capture_default_str();
  app.add_option("--entry", o.cfg.entry, "output entry p, 1..d_x")->capture_default_str();
  app.add_flag("--residual", o.cfg.residual, "add the residual connection y = x + attention in every layer");
  app.add_option("--weights", o.weights_arg,
                 "random (seeded integer draw), symbolic (GiNaC symbols; tiny sizes), or a weight FILE")
      ->capture_default_str();
  app.add_option("--seed", o.seed_arg, "seed of the weight draw (0 .. 2^64 - 1)")->capture_default_str();
  app.add_option("--weight-range", o.weights.range, "draw weights from the nonzero integers in [-R, R]")
      ->capture_default_str();
  app.add_flag("--print-polynomial", o.derivation.report.print_polynomial, "print the expanded polynomial y_p");
  app.add_option("--max-terms", o.limits.max_terms, "refuse expansions with more (estimated) terms")
      ->capture_default_str();
  app.add_option("--max-memory", o.limits.max_memory_mb, "refuse expansions needing more (estimated) MiB")
      ->capture_default_str();
  app.add_option("--time-limit", o.limits.max_seconds, "refuse expansions with a longer estimated time (seconds)")
      ->capture_default_str();
  app.add_option("--max-g-terms", o.limits.max_g_terms, "skip the eq. 4 check when g^L may have more terms")
      ->capture_default_str();
  app.add_option("--max-symbolic-terms", o.limits.max_symbolic_terms,
                 "refuse symbolic-weight expansions with more (estimated) terms")
      ->capture_default_str();
  app.add_option("--threads", o.threads, "threads for FLINT's polynomial multiplication (results do not depend on it)")
      ->capture_default_str();
  app.add_flag("--quiet", o.quiet, "no progress messages on stderr");
  auto* structure = app.add_flag("--structure-only", o.structure_only,
                                 "only the structural facts (expansion, eq. 4, Gram form): no ranks, no bounds");
  app.add_flag("--rank", o.want_rank, "the separation-rank steps (part of the default derivation)")->excludes(structure);
  app.add_option("--format", o.format, "output format: text, markdown, latex (a complete document) or json")
      ->capture_default_str();
  app.add_flag("--basis", o.derivation.basis, "list the basis of the monomial space V used by y_p")->excludes(structure);
  app.add_option("--basis-limit", o.derivation.basis_print_limit, "list at most this many basis elements")
      ->capture_default_str();
  app.add_option("--partition", o.partition_arg, "the partition A|B, e.g. 1,3|2,4 (default: A = 1..N/2)")
      ->excludes(structure);
  app.add_flag("--kernel", o.rank.kernel, "print a basis of the kernel of the coefficient matrix")->excludes(structure);
  app.add_option("--kernel-limit", o.rank.kernel_print_limit, "print at most this many kernel relations")
      ->capture_default_str();
  app.add_option("--seeds", o.rank.seeds, "repeat the rank for K weight draws (seeds S..S+K-1)")
      ->capture_default_str()
      ->excludes(structure);
  app.add_flag("--all-partitions", o.rank.all_partitions, "rank every balanced partition (Proposition 1; N <= 8)")
      ->excludes(structure);
  app.add_option("--max-grid-points", o.rank.max_grid_points, "largest grid s = t for grid-tensor ranks")
      ->capture_default_str();
  app.add_option("--max-gram-terms", o.rank.max_gram_terms, "skip the Gram rank when its matrix may have more nonzeros")
      ->capture_default_str();
  app.add_option("--max-dense-entries", o.rank.limits.max_dense_entries,
                 "refuse a rank when a matrix block has more entries (8 bytes each, mod p)")
      ->capture_default_str();
  app.add_option("--max-exact-entries", o.rank.limits.max_exact_entries,
                 "largest block (entries) for exact elimination and kernels over Z")
      ->capture_default_str();
  app.add_flag("--timings", o.timings, "print the time of each rank stage (varies between runs)");
}

void add_atlas_options(CLI::App& sub, cli_options& o, const char* depth_help) {
  sub.add_option("--L", o.atlas_L, depth_help)->capture_default_str();
  sub.add_option("--dx", o.atlas_dx, "width d_x, 1..10^12")->capture_default_str();
  sub.add_option("--H", o.atlas_H, "heads; must divide d_x")->capture_default_str();
}

void add_subcommands(CLI::App& app, cli_options& o) {
  app.fallthrough();  // --format and --quiet work after a subcommand too
  o.bounds = app.add_subcommand("bounds", "the paper's closed-form bounds (Theorems 1 and 2) at any size, e.g. "
                                          "bounds --L 96 --dx 12288 --H 96");
  add_atlas_options(*o.bounds, o, "depth L, 1..10000");
  o.corollary1 = app.add_subcommand("corollary1", "Corollary 1: the width a shallower network needs to match a deep one "
                                                  "(default: the paper's example d_x = 1000, H = 16, L = 6)");
  add_atlas_options(*o.corollary1, o, "depth of the deep network");
  o.corollary1->add_option("--shallow", o.shallow, "shallow depths (comma-separated)")->delimiter(',')->capture_default_str();
  o.corollary2 = app.add_subcommand("corollary2", "Corollary 2: a shallower, wider network with a higher separation rank");
  add_atlas_options(*o.corollary2, o, "depth of the deep network (L > log_3 d_x)");
  o.corollary2->add_option("--max-beta2", o.max_beta2, "largest beta_2 tried")->capture_default_str();
  o.sweep = app.add_subcommand("sweep", "certified separation ranks and the paper's bounds over ranges of d_x, L, H, "
                                        "e.g. sweep --dx 2..4 --L 1..3 --plot sweep.svg");
  o.sweep->add_option("--dx", o.sweep_dx, "widths: a..b, a,b,c or a")->capture_default_str();
  o.sweep->add_option("--L", o.sweep_L, "depths: a..b, a,b,c or a")->capture_default_str();
  o.sweep->add_option("--H", o.sweep_H, "heads: a..b, a,b,c or a (values not dividing d_x are listed and skipped)")
      ->capture_default_str();
  o.sweep->add_option("--N", o.sweep_N, "positions")->capture_default_str();
  o.sweep->add_option("--plot", o.plot, "write an SVG plot (gnuplot) of log_3 sep against L");
}

int run_sweep(const cli_options& o) {
  seprank::sweep_spec spec;
  spec.dx = seprank::parse_range("--dx", o.sweep_dx, 1, seprank::max_width);
  spec.L = seprank::parse_range("--L", o.sweep_L, 1, seprank::max_depth);
  spec.H = seprank::parse_range("--H", o.sweep_H, 1, seprank::max_width);
  if (o.sweep_N < 2 || o.sweep_N > seprank::max_positions)
    throw seprank::usage_error("N = " + std::to_string(o.sweep_N) + " is out of range: must satisfy 2 <= N <= 64");
  spec.N = o.sweep_N;
  spec.weights = o.weights;
  spec.limits = o.limits;
  spec.ranks = o.rank;
  spec.threads = o.threads;
  const auto result = seprank::run_sweep(spec, [&](const std::string& msg) {
    if (!o.quiet) std::cerr << "seprank-sym: " << msg << "..." << std::endl;
  });
  const auto d = seprank::sweep_derivation(result);
  std::cout << seprank::render(d, seprank::parse_format(o.format));
  if (!o.plot.empty()) seprank::plot_sweep(result, o.plot);
  if (result.interrupted) std::cerr << "seprank-sym: interrupted by the user (SIGINT); the rows done so far are shown\n";
  return result.interrupted ? seprank::exit_interrupted : seprank::exit_ok;
}

// Runs a subcommand, if one was given; returns its exit status, or -1 for the main derivation.
int run_subcommand(const cli_options& o) {
  const seprank::atlas_config c{static_cast<long>(o.atlas_L), o.atlas_dx, o.atlas_H};
  seprank::derivation d;
  if (o.bounds->parsed())
    d = seprank::bounds_derivation(c);
  else if (o.corollary1->parsed())
    d = seprank::corollary1_derivation(seprank::corollary1(c, o.shallow));
  else if (o.corollary2->parsed())
    d = seprank::corollary2_derivation(seprank::corollary2(c, o.max_beta2));
  else if (o.sweep->parsed())
    return run_sweep(o);
  else
    return -1;
  std::cout << seprank::render(d, seprank::parse_format(o.format));
  return d.has_failure() ? seprank::exit_check_failed : seprank::exit_ok;
}

void resolve_options(cli_options& o) {
  using kind = seprank::weight_choice::kind;
  if (o.weights_arg == "random")
    o.weights.source = kind::random;
  else if (o.weights_arg == "symbolic")
    o.weights.source = kind::symbolic;
  else {
    o.weights.source = kind::file;
    o.weights.path = o.weights_arg;
  }
  if (o.rank.seeds < 1 || o.rank.seeds > 1000)
    throw seprank::usage_error("seeds = " + std::to_string(o.rank.seeds) + " is out of range: must satisfy 1 <= seeds <= 1000");
  if (o.rank.max_grid_points < 8)
    throw seprank::usage_error("max-grid-points = " + std::to_string(o.rank.max_grid_points) + " is out of range: must be >= 8");
  {
    errno = 0;
    char* end = nullptr;
    const unsigned long long seed = std::strtoull(o.seed_arg.c_str(), &end, 10);
    const bool digits = !o.seed_arg.empty() && o.seed_arg.find_first_not_of("0123456789") == std::string::npos;
    if (!digits || errno == ERANGE || *end != '\0')
      throw seprank::usage_error("seed = " + o.seed_arg + " is out of range: must be an integer in 0 .. 18446744073709551615");
    o.weights.seed = seed;
  }
  auto positive = [](const char* name, double v) {
    if (!(v > 0)) throw seprank::usage_error(std::string(name) + " = " + seprank::display_double(v) + " is out of range: must be > 0");
  };
  positive("time-limit", o.limits.max_seconds);
  positive("max-memory", static_cast<double>(o.limits.max_memory_mb));
  positive("max-terms", static_cast<double>(o.limits.max_terms));
  positive("max-dense-entries", static_cast<double>(o.rank.limits.max_dense_entries));
  positive("max-gram-terms", static_cast<double>(o.rank.max_gram_terms));
  if (o.rank.kernel_print_limit < 0)
    throw seprank::usage_error("kernel-limit = " + std::to_string(o.rank.kernel_print_limit) + " is out of range: must be >= 0");
  if (o.max_beta2 < 1 || o.max_beta2 > 10000)
    throw seprank::usage_error("max-beta2 = " + std::to_string(o.max_beta2) + " is out of range: must satisfy 1 <= max-beta2 <= 10000");
  if (o.threads < 1 || o.threads > 64)
    throw seprank::usage_error("threads = " + std::to_string(o.threads) + " is out of range: must satisfy 1 <= threads <= 64");
  if (o.rank.all_partitions && (o.cfg.N % 2 != 0 || o.cfg.N > 8))
    throw seprank::usage_error("N = " + std::to_string(o.cfg.N) +
                               " does not allow --all-partitions: balanced partitions need an even N <= 8");
  seprank::parse_format(o.format);
  if (o.derivation.basis_print_limit < 0)
    throw seprank::usage_error("basis-limit = " + std::to_string(o.derivation.basis_print_limit) + " is out of range: must be >= 0");
  if (!o.partition_arg.empty()) o.rank.explicit_partition = seprank::parse_partition(o.partition_arg, o.cfg.N);
}

int run(const cli_options& o) {
  if (const int status = run_subcommand(o); status >= 0) return status;
  const seprank::progress_fn progress = [&](const std::string& msg) {
    if (!o.quiet) std::cerr << "seprank-sym: " << msg << "..." << std::endl;
  };
  const auto format = seprank::parse_format(o.format);
  const auto analysis =
      seprank::analyse_structure(o.cfg, o.weights, o.limits, o.threads, progress, !o.structure_only);
  seprank::derivation d;
  if (o.structure_only) {
    d = seprank::structure_derivation(analysis, o.derivation.report);
  } else {
    const auto ranks = seprank::analyse_ranks(analysis, o.rank, o.limits, o.threads, progress);
    progress("assembling the derivation");
    d = seprank::theorem_derivation(analysis, ranks, o.derivation);
    if (o.timings) {
      std::string lines;
      for (const auto& t : ranks.timings) lines += "  " + t.stage + ": " + seprank::display_double(t.seconds, 3) + " s\n";
      d.appendix.push_back({"Timings (wall clock; they vary between runs):", lines, ""});
    }
  }
  std::cout << seprank::render(d, format);
  return d.has_failure() ? seprank::exit_check_failed : seprank::exit_ok;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"seprank-sym " SEPRANK_VERSION
               ": exact separation-rank facts for the self-attention network of Levine et al.,\n"
               "'Limits to Depth Efficiencies of Self-Attention' (NeurIPS 2020)."};
  app.footer(exit_status_help);
  app.set_version_flag("--version", "seprank-sym " SEPRANK_VERSION);
  cli_options o;
  add_options(app, o);
  add_subcommands(app, o);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "seprank-sym: error: " << e.what() << " (see --help)\n";
    return seprank::exit_usage;
  }
  seprank::install_interrupt_handler();
  seprank::set_engine_threads(o.threads);
  try {
    resolve_options(o);
    if (!o.bounds->parsed() && !o.corollary1->parsed() && !o.corollary2->parsed() && !o.sweep->parsed())
      seprank::validate(o.cfg);
    return run(o);
  } catch (const seprank::usage_error& e) {
    std::cerr << "seprank-sym: error: " << e.what() << "\n";
    return seprank::exit_usage;
  } catch (const seprank::resource_error& e) {
    std::cerr << "seprank-sym: refused: " << e.what() << "\n";
    return seprank::exit_resource;
  } catch (const seprank::interrupted& e) {
    std::cerr << "seprank-sym: " << e.what() << "; stopped cleanly\n";
    return seprank::exit_interrupted;
  } catch (const std::exception& e) {
    std::cerr << "seprank-sym: internal error: " << e.what() << "\n";
    return seprank::exit_internal;
  }
}
