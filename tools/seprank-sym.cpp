// seprank-sym: command-line front end. Parses arguments into a request, lets the library validate
// and run it (app/pipeline.hpp), renders, and maps errors to exit statuses.
#include <CLI/CLI.hpp>

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <variant>

#include "seprank/app/option_help.hpp"
#include "seprank/app/pipeline.hpp"
#include "seprank/app/request_options.hpp"
#include "seprank/render/formats.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/parse.hpp"
#include "seprank_version.hpp"

namespace {

const char* exit_status_help =
    "Exit status: 0 success (also when a statement of the paper is contradicted); 1 one of our own checks failed;\n"
    "2 usage error (bad option, value or file); "
    "3 refused: the estimated size exceeds a limit; 4 the run reached --time-limit (the finished steps are printed,\n"
    "the others marked skipped); 5 internal error; 6 the output could not be written (e.g. a full disk); 130 interrupted (Ctrl-C).\n\n"
    "Words of the output: computed (an exact computation); verified (checked exactly, or two independent computations\n"
    "agree); probabilistic (holds unless an event of the printed probability occurred, e.g. an identity checked at\n"
    "random points mod p); certified, of a rank (a lower bound that holds without any probability: the rank mod p of an\n"
    "integer matrix, or of a submatrix, never exceeds its rank over Q); exact (a certified lower bound that meets a\n"
    "proven upper bound); paper (the paper's statement, not checked here); contradicted (a statement of the paper refuted\n"
    "by a certified computation, with the evidence); skipped (with the reason); FAILED (one of our own checks did not\n"
    "hold: exit status 1). A statement of the paper, at a configuration: holds (certified), contradicted (certified),\n"
    "holds or contradicted (probabilistic: the deciding value rests on a probabilistic step), undecided, not claimed\n"
    "(the theorem's hypothesis fails there) or undefined (its bound is, e.g. log_3(d_x - H) at d_x = H). A value is\n"
    "never more certain than the steps it rests on: 'exact' inside a probabilistic step is exact given what that step\n"
    "rests on, and the summary names the step of each value.";

struct cli_options {
  seprank::derivation_request run;
  bool quiet = false;
  std::string format = "text";
  int width = -1;  // --width; -1: the terminal's when standard output is one, else no wrapping
  bool latex_fragment = false;  // --latex-fragment: the same as --format latex-fragment
  // Subcommands: bounds, corollary1, corollary2, sweep.
  // Each atlas subcommand runs an example when given no options: bounds the default configuration,
  // corollary1 the paper's own example (section 4.1), corollary2 the README's.
  struct atlas_args {
    long long L, dx, H;
  } bounds_args{2, 4, 1}, corollary1_args{6, 1000, 16}, corollary2_args{12, 64, 4};
  long long bounds_N = 0;  // bounds --N (0: every balanced N >= 2 d_x + 2)
  std::vector<std::string> bounds_models;  // bounds --model: published sizes (model/presets.hpp)
  std::vector<long> shallow{2, 3};
  long max_beta2 = 64;
  seprank::sweep_request sweep;
  seprank::audit_request audit;
  // The range options as given (parsed into the requests' values by parse_range in run()); their defaults are the
  // requests' own values, written back as text.
  std::string sweep_dx = seprank::range_text(sweep.dx), sweep_L = seprank::range_text(sweep.L), sweep_H = seprank::range_text(sweep.H);
  std::string audit_L = seprank::range_text(audit.L), audit_dx = seprank::range_text(audit.dx);
  CLI::App* audit_cmd = nullptr;
  CLI::App* bounds = nullptr;
  CLI::App* corollary1 = nullptr;
  CLI::App* corollary2 = nullptr;
  CLI::App* sweep_cmd = nullptr;
  CLI::App* plan_cmd = nullptr;
  seprank::plan_request plan;
  CLI::App* store_cmd = nullptr;
  std::string store_file;
  CLI::App* annihilators_cmd = nullptr;
  CLI::App* hessian_cmd = nullptr;
  bool time_limit_given = false;
  bool summary = false;
  std::string partition_text;  // --partition as given
  std::string weights_text = "random";  // --weights as given (read by set_weights_text in run_reporting_errors)
  seprank::hessian_ranks_request hessian;
  std::string hessian_level = seprank::range_text(hessian.level), hessian_d = seprank::range_text(hessian.d);
};

// For an option bound to an unsigned integer: the library's strict parse (CLI11 would wrap "-1" to 2^64 - 1, no
// limit at all), so every such option refuses a sign, a fraction or an overflow with the same one line.
CLI::Validator unsigned_value(const std::string& name) {
  return CLI::Validator(
      [name](std::string& v) {
        try {
          seprank::parse_unsigned(name, v);
          return std::string();
        } catch (const seprank::usage_error& e) {
          return std::string(e.what());
        }
      },
      "", "");
}

// --width: 0 (never) or 40..1000 columns.
CLI::Validator width_value() {
  return CLI::Validator(
      [](std::string& v) {
        int n = -1;
        try {
          std::size_t used = 0;
          n = std::stoi(v, &used);
          if (used != v.size()) n = -1;
        } catch (const std::exception&) {
        }
        return n == 0 || (n >= 40 && n <= 1000) ? std::string() : "width = " + v + " is out of range: must be 0 (no wrapping) or 40 .. 1000";
      },
      "", "");
}

// The columns the text format wraps at: --width if given, else the terminal's (100 if it does not say) when
// standard output is a terminal, else 0 (files and pipes keep one statement per line, for grep and diff).
// Under a launcher (mpirun, srun) standard output is the launcher's pseudo-terminal, not the user's: 0, so that
// every process count prints what one process prints.
int text_width(int given) {
  if (given >= 0) return given;
  if (!isatty(STDOUT_FILENO)) return 0;
  for (const char* launcher : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE", "SLURM_PROCID"})
    if (std::getenv(launcher) != nullptr) return 0;
  winsize w{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col >= 40) return w.ws_col;
  return 100;
}

// The main command's options from the one table (app/request_options): a request member's type decides between a
// flag (bool) and an option; unsigned members refuse a sign; the output options are the CLI's own fields.
void add_options(CLI::App& app, cli_options& o) {
  CLI::Option* structure_only = nullptr;
  for (const auto& opt : seprank::request_options()) {
    if (!opt.target) {  // an output option of the CLI
      if (opt.flag == "--quiet") app.add_flag(opt.flag, o.quiet, opt.help);
      else if (opt.flag == "--width") app.add_option(opt.flag, o.width, opt.help)->check(width_value());
      else if (opt.flag == "--summary") app.add_flag(opt.flag, o.summary, opt.help);
      else if (opt.flag == "--latex-fragment") app.add_flag(opt.flag, o.latex_fragment, opt.help);
      else if (opt.flag == "--format") app.add_option(opt.flag, o.format, opt.help)->capture_default_str();
      else throw std::logic_error("the CLI does not bind " + opt.flag);
      continue;
    }
    CLI::Option* added = std::visit(
        [&](auto* member) -> CLI::Option* {
          using T = std::remove_pointer_t<decltype(member)>;
          if constexpr (std::is_same_v<T, bool>) {
            return app.add_flag(opt.flag, *member, opt.help);
          } else if constexpr (std::is_same_v<T, std::optional<seprank::partition>>) {
            return app.add_option(opt.flag, o.partition_text, opt.help);  // parsed in run_reporting_errors (needs N)
          } else if constexpr (std::is_same_v<T, seprank::weight_choice>) {
            return app.add_option(opt.flag, o.weights_text, opt.help)->capture_default_str();
          } else {
            CLI::Option* option = app.add_option(opt.flag, *member, opt.help);
            if constexpr (std::is_same_v<T, std::uint64_t>) option->check(unsigned_value(opt.flag.substr(2)));
            if constexpr (std::is_same_v<T, std::string>) {
              if (!member->empty()) option->capture_default_str();  // an empty default says nothing
            } else {
              option->capture_default_str();
            }
            return option;
          }
        },
        opt.target(o.run));
    if (opt.flag == "--structure-only") structure_only = added;
    if (opt.needs_ranks) added->excludes(structure_only);
  }
}

// --format and --quiet on every subcommand, so that its --help lists them (they work before it too).
void add_output_options(CLI::App& sub, cli_options& o) {
  sub.add_option("--format", o.format, seprank::help_of("--format"))->capture_default_str();
  sub.add_flag("--quiet", o.quiet, seprank::help_of("--quiet"));
  sub.add_option("--width", o.width, seprank::help_of("--width"))->check(width_value());
  sub.add_flag("--latex-fragment", o.latex_fragment, seprank::help_of("--latex-fragment"));
}

void add_atlas_options(CLI::App& sub, cli_options& o, cli_options::atlas_args& a) {
  const std::string name = sub.get_name();
  sub.add_option("--L", a.L, seprank::help_of(name, "--L"))->capture_default_str();
  sub.add_option("--dx", a.dx, seprank::help_of(name, "--dx"))->capture_default_str();
  sub.add_option("--H", a.H, seprank::help_of(name, "--H"))->capture_default_str();
  add_output_options(sub, o);
}

void add_subcommands(CLI::App& app, cli_options& o) {
  app.fallthrough();  // --format and --quiet work after a subcommand too
  o.bounds = app.add_subcommand("bounds", "at any size: the paper's closed-form bounds (Theorems 1 and 2), the proven interval "
                                          "of log_3 sep, its slope in L against the printed one, and whether each statement holds or is "
                                          "contradicted, e.g. bounds --L 96 --dx 12288 --H 96 --N 2048");
  add_atlas_options(*o.bounds, o, o.bounds_args);
  o.bounds->add_option("--N", o.bounds_N, seprank::help_of("bounds", "--N"))->capture_default_str();
  o.bounds->add_option("--model", o.bounds_models, seprank::help_of("bounds", "--model"))->delimiter(',');
  o.corollary1 = app.add_subcommand("corollary1", "Corollary 1: the width a shallower network needs to match a deep one "
                                                  "(default: the paper's example d_x = 1000, H = 16, L = 6)");
  add_atlas_options(*o.corollary1, o, o.corollary1_args);
  o.corollary1->add_option("--shallow", o.shallow, seprank::help_of("corollary1", "--shallow"))->delimiter(',')->capture_default_str();
  o.corollary2 = app.add_subcommand("corollary2", "Corollary 2: a shallower, wider network with a higher separation rank "
                                                  "(default: d_x = 64, H = 4, L = 12)");
  add_atlas_options(*o.corollary2, o, o.corollary2_args);
  o.corollary2->add_option("--max-beta2", o.max_beta2, seprank::help_of("corollary2", "--max-beta2"))->capture_default_str();
  o.sweep_cmd = app.add_subcommand("sweep", "certified separation ranks and the paper's bounds over ranges of d_x, L, H, "
                                            "e.g. sweep --dx 2..4 --L 1..3 --plot sweep.svg");
  o.sweep_cmd->add_option("--dx", o.sweep_dx, seprank::help_of("sweep", "--dx"))->capture_default_str();
  o.sweep_cmd->add_option("--L", o.sweep_L, seprank::help_of("sweep", "--L"))->capture_default_str();
  o.sweep_cmd->add_option("--H", o.sweep_H, seprank::help_of("sweep", "--H"))
      ->capture_default_str();
  o.sweep_cmd->add_option("--N", o.sweep.N, seprank::help_of("sweep", "--N"))->capture_default_str();
  o.sweep_cmd->add_option("--plot", o.sweep.plot, seprank::help_of("sweep", "--plot"));
  o.sweep_cmd->add_option("--plot-against", o.sweep.plot_against,
                          seprank::help_of("sweep", "--plot-against"))
      ->capture_default_str();
  add_output_options(*o.sweep_cmd, o);
  o.audit_cmd = app.add_subcommand("audit", "every printed bound of Theorems 1 and 2 at each (L, d_x): holds, contradicted, "
                                            "undecided or not claimed, with the evidence, e.g. audit --L 1..20 --dx 1..10000");
  o.audit_cmd->add_option("--L", o.audit_L, seprank::help_of("audit", "--L"))->capture_default_str();
  o.audit_cmd->add_option("--dx", o.audit_dx, seprank::help_of("audit", "--dx"))->capture_default_str();
  o.audit_cmd->add_option("--H", o.audit.H, seprank::help_of("audit", "--H"))->capture_default_str();
  o.audit_cmd->add_option("--plot", o.audit.plot, seprank::help_of("audit", "--plot"));
  o.audit_cmd->add_option("--export", o.audit.export_path, seprank::help_of("audit", "--export"));
  o.audit_cmd->add_option("--N", o.audit.N, seprank::help_of("audit", "--N"))->capture_default_str();
  add_output_options(*o.audit_cmd, o);
  o.plan_cmd = app.add_subcommand("plan", "the Gram rank's units of work (one per degree block) with estimated time and memory, "
                                          "the critical path and the wall time predicted for --np processes, e.g. plan --L 6 --dx 2 --np 64");
  o.plan_cmd->add_option("--L", o.plan.cfg.L, seprank::help_of("plan", "--L"))->capture_default_str();
  o.plan_cmd->add_option("--dx", o.plan.cfg.dx, seprank::help_of("plan", "--dx"))->capture_default_str();
  o.plan_cmd->add_option("--H", o.plan.cfg.H, seprank::help_of("plan", "--H"))->capture_default_str();
  o.plan_cmd->add_option("--np", o.plan.processes, seprank::help_of("plan", "--np"))->capture_default_str();
  o.plan_cmd->add_option("--threads", o.plan.threads, seprank::help_of("plan", "--threads"))->capture_default_str();
  o.plan_cmd->add_option("--node-memory", o.plan.node_memory_mb, seprank::help_of("plan", "--node-memory"))
      ->check(unsigned_value("node-memory"))->capture_default_str();
  add_output_options(*o.plan_cmd, o);
  o.annihilators_cmd = app.add_subcommand(
      "annihilators", "the rank-one annihilators of the Gram form for the weights of --L, --dx, --entry, --weights, --seed: the "
                      "variety Z, how it is known, the blocks that lose and the Gram count minus them (docs/theory.md, "
                      "section 14; any size the options allow), e.g. annihilators --L 3 --dx 6");
  add_output_options(*o.annihilators_cmd, o);
  o.hessian_cmd = app.add_subcommand(
      "hessian-ranks", "the check of Theorem 15.1: Hessian ranks mod p of the moment form b^T M^g b (g = 3^l0) at random points and on "
                       "gamma = 0, beside the proven rho_g(d) (docs/theory.md, section 15), e.g. hessian-ranks --level 1..2 --d 1..12");
  o.hessian_cmd->add_option("--level", o.hessian_level, seprank::help_of("hessian-ranks", "--level"))->capture_default_str();
  o.hessian_cmd->add_option("--d", o.hessian_d, seprank::help_of("hessian-ranks", "--d"))->capture_default_str();
  add_output_options(*o.hessian_cmd, o);
  o.store_cmd = app.add_subcommand("store", "list the finished units a results store holds (written by runs with --store FILE), "
                                            "e.g. store results.db");
  o.store_cmd->add_option("FILE", o.store_file, "the store")->required();
  add_output_options(*o.store_cmd, o);
}

// Standard output, flushed and checked: a write that failed (a full disk, /dev/full) is an error, never exit 0.
void write_output(const std::string& text) {
  std::cout << text;
  std::cout.flush();
  if (!std::cout) throw seprank::output_error("writing the output to standard output failed (a full disk or a closed pipe?)");
}

// Progress on stderr: a line per stage, or on a terminal one line updated in place ("wrote FILE" lines stay), cleared
// before the output or a message.
struct progress_line {
  bool terminal = isatty(STDERR_FILENO) == 1 && std::getenv("TERM") != nullptr && std::string(std::getenv("TERM")) != "dumb";
  bool open = false;
  void show(const std::string& msg) {
    const bool keep = msg.rfind("wrote ", 0) == 0;
    if (!terminal) {
      std::cerr << "seprank-sym: " << msg << "..." << std::endl;
      return;
    }
    std::cerr << "\r\033[K" << "seprank-sym: " << msg << (keep ? "\n" : "...") << std::flush;
    open = !keep;
  }
  void clear() {
    if (open) std::cerr << "\r\033[K" << std::flush;
    open = false;
  }
};
progress_line progress_display;

int run(cli_options& o) {
  const auto format = seprank::parse_format(o.format);
  const seprank::progress_fn progress = [&](const std::string& msg) {
    if (!o.quiet) progress_display.show(msg);
  };
  auto atlas = [](const cli_options::atlas_args& a) { return seprank::atlas_config{static_cast<long>(a.L), a.dx, a.H}; };
  seprank::derivation d;
  // --store and --verify are read by the main command (subcommands fall through to it): only it and sweep have units.
  for (CLI::App* sub : {o.bounds, o.corollary1, o.corollary2, o.audit_cmd, o.plan_cmd, o.store_cmd, o.annihilators_cmd, o.hessian_cmd})
    if (sub->parsed() && (!o.run.store.empty() || o.run.verify != 0))
      throw seprank::usage_error(std::string(o.run.store.empty() ? "--verify" : "--store") + " applies to the main command and sweep, not to " +
                                 sub->get_name());
  for (CLI::App* sub : {o.bounds, o.corollary1, o.corollary2, o.audit_cmd, o.plan_cmd, o.store_cmd, o.annihilators_cmd,
                        o.hessian_cmd, o.sweep_cmd})
    if (sub->parsed() && o.summary)
      throw seprank::usage_error("--summary applies to the main command (the derivation), not to " + sub->get_name());
  // --certificate is written by the main command only: a subcommand would accept it and write nothing.
  for (CLI::App* sub : {o.bounds, o.corollary1, o.corollary2, o.audit_cmd, o.plan_cmd, o.store_cmd, o.annihilators_cmd,
                        o.hessian_cmd, o.sweep_cmd})
    if (sub->parsed() && !o.run.certificate.empty())
      throw seprank::usage_error("--certificate applies to the main command (the derivation), not to " + sub->get_name());
  if (o.bounds->parsed() && o.bounds->count("--model") > 0) {
    for (const char* opt : {"--L", "--dx", "--H", "--N"})
      if (o.bounds->count(opt) > 0)
        throw seprank::usage_error(std::string("bounds --model sets L, d_x, H and N (the context length); ") + opt + " cannot be given with it");
    d = seprank::derive_model_bounds(o.bounds_models);
  } else if (o.bounds->parsed()) {
    d = seprank::derive_bounds(atlas(o.bounds_args), o.bounds_N);
  } else if (o.corollary1->parsed()) {
    d = seprank::derive_corollary1(atlas(o.corollary1_args), o.shallow);
  } else if (o.corollary2->parsed()) {
    d = seprank::derive_corollary2(atlas(o.corollary2_args), o.max_beta2);
  } else if (o.plan_cmd->parsed()) {
    o.plan.cfg.residual = o.run.cfg.residual;  // --residual is read before the subcommand; the plan refuses it
    d = seprank::derive_plan(o.plan);
  } else if (o.annihilators_cmd->parsed()) {
    d = seprank::derive_annihilators(o.run, progress);
  } else if (o.hessian_cmd->parsed()) {
    o.hessian.seed = o.run.weights.seed;  // --seed is read before the subcommand
    o.hessian.level = seprank::parse_range(o.hessian_level, seprank::hessian_level_range);
    o.hessian.d = seprank::parse_range(o.hessian_d, seprank::hessian_d_range);
    if (o.time_limit_given) o.hessian.time_limit = o.run.limits.max_seconds;  // for the whole command; none by default
    d = seprank::derive_hessian_ranks(o.hessian, progress);
  } else if (o.store_cmd->parsed()) {
    d = seprank::derive_store_listing(o.store_file);
  } else if (o.audit_cmd->parsed()) {
    o.audit.exact_counts = format == seprank::output_format::json;  // only JSON shows the exact counts
    o.audit.rows = format == seprank::output_format::json;          // and the rows as data
    if (o.time_limit_given) o.audit.time_limit = o.run.limits.max_seconds;  // the main command's default does not apply
    o.audit.L = seprank::parse_range(o.audit_L, seprank::audit_L_range);
    o.audit.dx = seprank::parse_range(o.audit_dx, seprank::audit_dx_range);
    d = seprank::derive_audit(o.audit, progress);
  } else if (o.sweep_cmd->parsed()) {
    o.sweep.base = o.run;
    o.sweep.dx = seprank::parse_range(o.sweep_dx, seprank::sweep_dx_range);
    o.sweep.L = seprank::parse_range(o.sweep_L, seprank::sweep_L_range);
    o.sweep.H = seprank::parse_range(o.sweep_H, seprank::sweep_H_range);
    const auto out = seprank::derive_sweep(o.sweep, progress);
    if (seprank::processes().rank == 0) write_output(seprank::render(out.table, format, text_width(o.width)));
    if (out.interrupted && seprank::processes().rank == 0)
      std::cerr << "seprank-sym: interrupted by the user (SIGINT); the rows done so far are shown\n";
    return out.interrupted ? seprank::exit_interrupted : seprank::exit_status_of(out.table);
  } else {
    seprank::validate(o.run.cfg);
    d = seprank::derive(o.run, progress);
    if (o.summary) d = seprank::summary_of(d);
  }
  progress_display.clear();
  if (seprank::processes().rank == 0) write_output(seprank::render(d, format, text_width(o.width)));
  if (d.interrupted && seprank::processes().rank == 0)  // once, as the other messages (each process stopped)
    std::cerr << "seprank-sym: interrupted by the user (SIGINT); the rows done so far are shown\n";
  return seprank::exit_status_of(d);
}

// A run of several processes (mpirun, srun) ends together (app: end_processes).
int finish(int status) { return seprank::end_processes(status); }

// The main command's options a subcommand reads (it falls through to them); any other given to it would be accepted
// and ignored, so it is refused. Output options (--format, --quiet, --width, --latex-fragment) and --threads apply
// to every command. sweep and annihilators take the main command's network options; the checks of run() cover them.
// The main command's options each subcommand reads, with what each means there (the subcommand's --help lists them).
const std::map<std::string, std::map<std::string, std::string>>& main_options_read() {
  static const std::map<std::string, std::map<std::string, std::string>> table{
      {"bounds", {}},
      {"corollary1", {}},
      {"corollary2", {}},
      {"audit", {{"--time-limit", "seconds for the whole audit (none by default): the rows decided before it are printed, exit status 4"}}},
      {"plan", {{"--residual", "refused with its reason (the plan is the Gram rank's, which has no residual form)"}}},
      {"store", {}},
      {"hessian-ranks", {{"--seed", "the seed of the random points and primes (default 1)"},
                         {"--time-limit", "seconds for the whole command (none by default), also inside one rank: the rows ranked "
                                          "before it are printed, exit status 4"}}},
  };
  return table;
}

// A subcommand's --help ends with the main command's options it reads, then the exit statuses.
void document_main_options_read(CLI::App& app) {
  for (const auto& [name, read] : main_options_read()) {
    if (read.empty()) continue;
    std::string text = "Also read (the main command's options, given before or after the subcommand):\n";
    for (const auto& [flag, help] : read) text += "  " + flag + ": " + help + "\n";
    app.get_subcommand(name)->footer(text + "\n" + exit_status_help);
  }
}

std::string main_option_not_read(const CLI::App& app) {
  static const std::set<std::string> everywhere{"--help", "--version", "--format", "--quiet", "--width", "--latex-fragment", "--threads"};
  for (const CLI::App* sub : app.get_subcommands()) {
    const auto read = main_options_read().find(sub->get_name());
    if (read == main_options_read().end()) continue;
    for (const CLI::Option* opt : app.get_options()) {
      const std::string name = opt->get_name(false, true).substr(0, opt->get_name(false, true).find(','));
      const std::string flag = opt->get_lnames().empty() ? name : "--" + opt->get_lnames().front();
      if (opt->count() == 0 || everywhere.count(flag) > 0 || read->second.count(flag) > 0) continue;
      return flag + " applies to the main command, not to " + sub->get_name() +
             " (see seprank-sym " + sub->get_name() + " --help)";
    }
  }
  return "";
}

// Parses the command line into o; an exit status when the run ends here (--help, --version, a usage error).
std::optional<int> parse_command_line(CLI::App& app, cli_options& o, int argc, char** argv) {
  try {
    app.parse(argc, argv);
    o.time_limit_given = app.count("--time-limit") > 0;
    // A path option given as '' is refused, never ignored (--certificate '' ran without writing anything).
    for (const auto& [given, value, name] :
         {std::tuple{app.count("--certificate") > 0, &o.run.certificate, "--certificate"}, std::tuple{app.count("--store") > 0, &o.run.store, "--store"},
          std::tuple{o.sweep_cmd->count("--plot") > 0, &o.sweep.plot, "sweep --plot"}, std::tuple{o.audit_cmd->count("--plot") > 0, &o.audit.plot, "audit --plot"},
          std::tuple{o.audit_cmd->count("--export") > 0, &o.audit.export_path, "audit --export"}})
      if (given && value->empty()) {
        std::cerr << "seprank-sym: error: " << name << " needs a path; an empty one was given (see --help)\n";
        return seprank::exit_usage;
      }
    if (const std::string unread = main_option_not_read(app); !unread.empty()) {
      std::cerr << "seprank-sym: error: " << unread << "\n";
      return seprank::exit_usage;
    }
    if (app.count("--partition") > 0 && o.partition_text.empty()) {  // '' is no partition, not the default one
      std::cerr << "seprank-sym: error: --partition needs a partition A|B, e.g. 1,3|2,4; an empty one was given (omit the "
                   "option for the default A = 1..N/2)\n";
      return seprank::exit_usage;
    }
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::ConversionError& e) {  // CLI11: "Could not convert: --L = abc"
    std::string what = e.what();
    const std::string prefix = "Could not convert: ";
    if (what.rfind(prefix, 0) == 0) {  // the value as given; an integer past what the option takes is "out of range", not "not a number"
      what = what.substr(prefix.size());
      const std::string value = what.substr(what.find(" = ") == std::string::npos ? what.size() : what.find(" = ") + 3);
      const std::size_t digits_from = !value.empty() && (value[0] == '-' || value[0] == '+') ? 1 : 0;
      const bool integer = value.size() > digits_from && value.find_first_not_of("0123456789", digits_from) == std::string::npos;
      what += integer ? " is out of range for this option" : " is not a valid number for this option";
    }
    std::cerr << "seprank-sym: error: " << what << " (see --help)\n";
    return seprank::exit_usage;
  } catch (const CLI::ValidationError& e) {  // CLI11: "--max-terms: <our message>"; ours names the option already
    std::string what = e.what();
    if (what.rfind("--", 0) == 0 && what.find(": ") != std::string::npos) {  // "--H: 999... is out of range": keep the name
      const std::string name = what.substr(0, what.find(": ")), rest = what.substr(what.find(": ") + 2);
      what = !rest.empty() && std::string("+-0123456789").find(rest[0]) != std::string::npos ? name + " = " + rest : rest;
    }
    std::cerr << "seprank-sym: error: " << what << " (see --help)\n";
    return seprank::exit_usage;
  } catch (const CLI::ParseError& e) {
    std::cerr << "seprank-sym: error: " << e.what() << " (see --help)\n";
    return seprank::exit_usage;
  }
  return std::nullopt;
}

// Runs the parsed request; each kind of error gets its one-line message (said once, by process 0) and exit status.
int run_reporting_errors(cli_options& o, const seprank::process_info& group) {
  auto say = [&](const std::string& message) {  // refusals and errors: once, by process 0
    progress_display.clear();
    if (group.rank == 0) std::cerr << "seprank-sym: " << message << "\n";
  };
  try {
    seprank::set_weights_text(o.run.weights, o.weights_text);
    seprank::set_partition_text(o.run, o.partition_text);
    seprank::validate(o.run);
    if (o.latex_fragment) {
      if (o.format != "text" && o.format != "latex" && o.format != "latex-fragment")
        throw seprank::usage_error("--latex-fragment conflicts with --format " + o.format);
      o.format = "latex-fragment";
    }
    seprank::parse_format(o.format);
    return finish(run(o));
  } catch (const seprank::usage_error& e) {
    say(std::string("error: ") + e.what());
    return finish(seprank::exit_usage);
  } catch (const seprank::resource_error& e) {
    say(std::string("refused: ") + e.what());
    return finish(seprank::exit_resource);
  } catch (const seprank::output_error& e) {
    say(std::string("error: ") + e.what());
    return finish(seprank::exit_output);
  } catch (const seprank::interrupted& e) {
    say(std::string(e.what()) + "; stopped cleanly");
    return finish(seprank::exit_interrupted);
  } catch (const seprank::time_limit_reached& e) {  // nothing finished to print (e.g. an audit of several processes)
    say(std::string(e.what()) + " before any result was complete; nothing to print");
    return finish(seprank::exit_time_limit);
  } catch (const std::exception& e) {  // an internal error may be one process's own: each says it, named
    progress_display.clear();
    std::cerr << "seprank-sym: internal error" << (group.rank ? " (process " + std::to_string(group.rank) + ")" : std::string()) << ": "
              << e.what() << "\n";
    return finish(seprank::exit_internal);
  }
}

// Integer options take decimal digits only: CLI11 would also read 0x2, 0b10 and 0o2 (a typo would run silently).
void only_decimal_integers(CLI::App& app) {
  // Also beyond 64 bits: CLI11 would saturate 99999999999999999999 to 2^63 - 1 and messages would show that number.
  const auto decimal_within = [](const char* largest) {
    return CLI::Validator(
        [largest](std::string& v) -> std::string {
          std::size_t k = v.size() > 1 && (v[0] == '-' || v[0] == '+') ? 1 : 0;
          if (v.size() > k + 1 && v[k] == '0' && std::string("xXbBoO").find(v[k + 1]) != std::string::npos)
            return v + " is not a decimal integer";
          std::string digits = v.substr(k);
          digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size() - 1));  // leading zeros
          const std::string max = largest;
          if (digits.find_first_not_of("0123456789") == std::string::npos &&
              (digits.size() > max.size() || (digits.size() == max.size() && digits > max)))
            return v + " is out of range for this option (at most " + max + " in magnitude)";
          return std::string();
        },
        "");
  };
  const CLI::Validator decimal = decimal_within("9223372036854775807"), decimal_unsigned = decimal_within("18446744073709551615");
  for (CLI::App* a : std::vector<CLI::App*>{&app}) {
    std::vector<CLI::App*> all{a};
    for (CLI::App* sub : a->get_subcommands({})) all.push_back(sub);
    for (CLI::App* one : all)
      for (CLI::Option* opt : one->get_options({}))
        if (const std::string t = opt->get_type_name(); t.rfind("INT", 0) == 0) opt->check(decimal);
        else if (t.rfind("UINT", 0) == 0) opt->check(decimal_unsigned);
  }
}

// CLI11's help with the option column kept to the option and its type: an exclusion goes at the end of the
// description ("not with --structure-only"), where it does not push the descriptions out of their column.
class help_formatter : public CLI::Formatter {
 public:
  std::string make_option_opts(const CLI::Option* opt) const override {
    std::string out;
    if (!opt->get_option_text().empty()) return " " + opt->get_option_text();
    if (opt->get_type_size() != 0) {
      if (!opt->get_type_name().empty()) out += " " + get_label(opt->get_type_name());
      if (!opt->get_default_str().empty()) out += "=" + opt->get_default_str();
      if (opt->get_expected_max() == CLI::detail::expected_max_vector_size) out += " ...";
      else if (opt->get_expected_min() > 1) out += " x " + std::to_string(opt->get_expected());
      if (opt->get_required()) out += " " + get_label("REQUIRED");
    }
    return out;
  }
  std::string make_option_desc(const CLI::Option* opt) const override {
    std::string out = opt->get_description();
    if (!opt->get_excludes().empty()) {
      out += " (not with";
      for (const CLI::Option* other : opt->get_excludes()) out += " " + other->get_name();
      out += ")";
    }
    return out;
  }
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"seprank-sym " SEPRANK_VERSION
               ": exact separation-rank facts for the self-attention network of Levine et al.,\n"
               "'Limits to Depth Efficiencies of Self-Attention' (NeurIPS 2020)."};
  app.formatter(std::make_shared<help_formatter>());
  app.footer(exit_status_help);
  app.set_version_flag("--version", "seprank-sym " SEPRANK_VERSION);
  cli_options o;
  o.run = seprank::default_request();
  add_options(app, o);
  add_subcommands(app, o);
  document_main_options_read(app);
  only_decimal_integers(app);
  if (const auto done = parse_command_line(app, o, argc, argv)) return *done;
  try {
    seprank::start_processes(&argc, &argv);
  } catch (const seprank::usage_error& e) {
    std::cerr << "seprank-sym: error: " << e.what() << "\n";
    return seprank::exit_usage;
  }
  const seprank::process_info group = seprank::processes();
  if (group.rank != 0) o.quiet = true;  // process 0 speaks for the run
  seprank::install_interrupt_handler();
  std::signal(SIGPIPE, SIG_IGN);  // a closed pipe is a failed write (exit 6, said once), not a silent death by signal
  try {
    seprank::set_thread_count(o.run.threads);
  } catch (const seprank::usage_error& e) {
    std::cerr << "seprank-sym: error: " << e.what() << "\n";
    return seprank::end_processes(seprank::exit_usage);
  }
  return run_reporting_errors(o, group);
}
