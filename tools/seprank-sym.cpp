// seprank-sym: command-line front end. Parses arguments into a request, lets the library validate
// and run it (app/pipeline.hpp), renders, and maps errors to exit statuses.
#include <CLI/CLI.hpp>

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <list>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <variant>

#include "seprank/app/commands.hpp"
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
  seprank::command_requests requests;  // requests.main: the main command's, read by the subcommands too
  seprank::derivation_request& run = requests.main;
  bool quiet = false;
  std::string format = "text";
  int width = -1;               // --width; -1: the terminal's when standard output is one, else no wrapping
  bool latex_fragment = false;  // --latex-fragment: the same as --format latex-fragment
  bool time_limit_given = false;
  bool summary = false;
  std::string partition_text;           // --partition as given
  std::string weights_text = "random";  // --weights as given (read by set_weights_text in run_reporting_errors)
  // Each subcommand's row and its CLI11 app, in the table's order.
  std::vector<std::pair<const seprank::command*, CLI::App*>> subcommands;
  // A range option's text as given, parsed into its values (parse_range) once its subcommand is chosen.
  struct range_text {
    CLI::App* sub;
    std::string text;
    seprank::range_target target;
  };
  std::list<range_text> range_texts;  // a list: CLI11 holds each text's address
  struct path_option {
    CLI::App* sub;
    std::string flag;
    const std::string* value;
  };
  std::vector<path_option> paths;  // a path given as '' is refused
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
        return n == 0 || (n >= 40 && n <= 1000)
                   ? std::string()
                   : "width = " + v + " is out of range: must be 0 (no wrapping) or 40 .. 1000";
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
      if (opt.flag == "--quiet")
        app.add_flag(opt.flag, o.quiet, opt.help.cli());
      else if (opt.flag == "--width")
        app.add_option(opt.flag, o.width, opt.help.cli())->check(width_value());
      else if (opt.flag == "--summary")
        app.add_flag(opt.flag, o.summary, opt.help.cli());
      else if (opt.flag == "--latex-fragment")
        app.add_flag(opt.flag, o.latex_fragment, opt.help.cli());
      else if (opt.flag == "--format")
        app.add_option(opt.flag, o.format, opt.help.cli())->capture_default_str();
      else
        throw std::logic_error("the CLI does not bind " + opt.flag);
      continue;
    }
    CLI::Option* added = std::visit(
        [&](auto* member) -> CLI::Option* {
          using T = std::remove_pointer_t<decltype(member)>;
          if constexpr (std::is_same_v<T, bool>) {
            return app.add_flag(opt.flag, *member, opt.help.cli());
          } else if constexpr (std::is_same_v<T, std::optional<seprank::partition>>) {
            return app.add_option(opt.flag, o.partition_text,
                                  opt.help.cli());  // parsed in run_reporting_errors (needs N)
          } else if constexpr (std::is_same_v<T, seprank::weight_choice>) {
            return app.add_option(opt.flag, o.weights_text, opt.help.cli())->capture_default_str();
          } else {
            CLI::Option* option = app.add_option(opt.flag, *member, opt.help.cli());
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
  sub.add_option("--format", o.format, seprank::help_of("--format").cli())->capture_default_str();
  sub.add_flag("--quiet", o.quiet, seprank::help_of("--quiet").cli());
  sub.add_option("--width", o.width, seprank::help_of("--width").cli())->check(width_value());
  sub.add_flag("--latex-fragment", o.latex_fragment, seprank::help_of("--latex-fragment").cli());
}

template <typename T>
constexpr bool is_vector = false;
template <typename T>
constexpr bool is_vector<std::vector<T>> = true;

// A subcommand's options from its row (app/commands): a member's type decides the binding (a list is comma-separated;
// an unsigned member refuses a sign; a range is read as text); a default says nothing when empty.
void add_command_options(CLI::App& sub, const seprank::command& c, cli_options& o) {
  for (const seprank::command_option& opt : c.options(o.requests)) {
    std::visit(
        [&](auto target) {
          using T = decltype(target);
          if constexpr (std::is_same_v<T, seprank::range_target>) {
            auto& given =
                o.range_texts.emplace_back(cli_options::range_text{&sub, seprank::range_text(*target.values), target});
            sub.add_option(opt.flag, given.text, opt.help.cli())->capture_default_str();
          } else {
            using V = std::remove_pointer_t<T>;
            CLI::Option* option = sub.add_option(opt.flag, *target, opt.help.cli());
            if (opt.flag.rfind("--", 0) != 0) option->required();  // a positional argument (store FILE)
            if constexpr (is_vector<V>) option->delimiter(',');
            if constexpr (std::is_same_v<V, std::uint64_t>) option->check(unsigned_value(opt.flag.substr(2)));
            if constexpr (std::is_same_v<V, std::string> || is_vector<V>) {
              if (!target->empty()) option->capture_default_str();
            } else {
              option->capture_default_str();
            }
            if constexpr (std::is_same_v<V, std::string>)
              if (opt.path) o.paths.push_back({&sub, opt.flag, target});
          }
        },
        opt.target);
  }
  add_output_options(sub, o);
}

void add_subcommands(CLI::App& app, cli_options& o) {
  app.fallthrough();             // --format and --quiet work after a subcommand too
  app.require_subcommand(0, 1);  // a second subcommand name is an unexpected argument, not a second command
  for (const seprank::command& c : seprank::subcommands()) {
    CLI::App* sub = app.add_subcommand(c.name, c.help);
    add_command_options(*sub, c, o);
    o.subcommands.emplace_back(&c, sub);
  }
}

// Standard output, flushed and checked: a write that failed (a full disk, /dev/full) is an error, never exit 0.
void write_output(const std::string& text) {
  std::cout << text;
  std::cout.flush();
  if (!std::cout)
    throw seprank::output_error("writing the output to standard output failed (a full disk or a closed pipe?)");
}

// Progress on stderr: a line per stage, or on a terminal one line updated in place ("wrote FILE" lines stay), cleared
// before the output or a message.
struct progress_line {
  bool terminal =
      isatty(STDERR_FILENO) == 1 && std::getenv("TERM") != nullptr && std::string(std::getenv("TERM")) != "dumb";
  bool open = false;
  void show(const std::string& msg) {
    const bool keep = msg.rfind("wrote ", 0) == 0;
    if (!terminal) {
      std::cerr << "seprank-sym: " << msg << "..." << std::endl;
      return;
    }
    std::cerr << "\r\033[K"
              << "seprank-sym: " << msg << (keep ? "\n" : "...") << std::flush;
    open = !keep;
  }
  void clear() {
    if (open) std::cerr << "\r\033[K" << std::flush;
    open = false;
  }
};
progress_line progress_display;

// The subcommands that keep units of work, for a message: "sweep".
std::string commands_with_units() {
  std::string names;
  for (const seprank::command& c : seprank::subcommands())
    if (c.units) names += (names.empty() ? "" : ", ") + c.name;
  return names;
}

int run(cli_options& o) {
  const auto format = seprank::parse_format(o.format);
  const seprank::progress_fn progress = [&](const std::string& msg) {
    if (!o.quiet) progress_display.show(msg);
  };
  const seprank::command* chosen = nullptr;
  CLI::App* sub = nullptr;
  for (const auto& [c, app] : o.subcommands)
    if (app->parsed()) chosen = c, sub = app;
  seprank::derivation d;
  if (chosen != nullptr) {
    // --store and --verify are read by the main command (subcommands fall through to it): only it and the commands
    // with units of work keep them.
    if (!chosen->units && (!o.run.store.empty() || o.run.verify != 0))
      throw seprank::usage_error(std::string(o.run.store.empty() ? "--verify" : "--store") +
                                 " applies to the main command and " + commands_with_units() + ", not to " +
                                 chosen->name);
    if (o.summary)
      throw seprank::usage_error("--summary applies to the main command (the derivation), not to " + chosen->name);
    // --certificate is written by the main command only: a subcommand would accept it and write nothing.
    if (!o.run.certificate.empty())
      throw seprank::usage_error("--certificate applies to the main command (the derivation), not to " + chosen->name);
    for (const auto& r : o.range_texts)
      if (r.sub == sub) *r.target.values = seprank::parse_range(r.text, *r.target.limits);
    seprank::command_context context;
    context.format = format;
    context.given = [&](const std::string& flag) {
      return flag == "--time-limit" ? o.time_limit_given : sub->count(flag) > 0;
    };
    context.progress = progress;
    d = chosen->run(o.requests, context);
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

// A subcommand's --help ends with the main command's options it reads, then the exit statuses.
void document_main_options_read(const cli_options& o) {
  for (const auto& [c, sub] : o.subcommands) {
    std::string text;
    if (!c->every_main_option_read.empty()) text = "Also read: " + c->every_main_option_read + ".\n";
    if (!c->main_options_read.empty())
      text = "Also read (the main command's options, given before or after the subcommand):\n";
    for (const auto& [flag, help] : c->main_options_read) text += "  " + flag + ": " + help + "\n";
    if (!text.empty()) sub->footer(text + "\n" + exit_status_help);
  }
}

// A main command's option given to a subcommand that does not read it (it falls through to the main command, so
// CLI11 accepts it): refused, never ignored.
std::string main_option_not_read(const CLI::App& app, const cli_options& o) {
  static const std::set<std::string> everywhere{"--help",  "--version",        "--format", "--quiet",
                                                "--width", "--latex-fragment", "--threads"};
  for (const auto& [c, sub] : o.subcommands) {
    if (!sub->parsed()) continue;
    for (const CLI::Option* opt : app.get_options()) {
      const std::string name = opt->get_name(false, true).substr(0, opt->get_name(false, true).find(','));
      const std::string flag = opt->get_lnames().empty() ? name : "--" + opt->get_lnames().front();
      if (opt->count() == 0 || (everywhere.count(flag) > 0 && flag != "--threads"))
        continue;  // the output options are both's
      // Its own option of that name, given before it (sweep --L, plan --threads): never read, so refused.
      if (sub->get_option_no_throw(flag) != nullptr)
        return flag + " before " + c->name + " is the main command's option; " + c->name + "'s own " + flag +
               " goes after it: seprank-sym " + c->name + " " + flag + " ...";
      const bool read = std::any_of(c->main_options_read.begin(), c->main_options_read.end(),
                                    [&](const auto& r) { return r.first == flag; });
      if (!c->every_main_option_read.empty() || everywhere.count(flag) > 0 || read) continue;
      return flag + " applies to the main command, not to " + c->name + " (see seprank-sym " + c->name + " --help)";
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
    std::vector<std::tuple<bool, const std::string*, std::string>> paths{
        {app.count("--certificate") > 0, &o.run.certificate, "--certificate"},
        {app.count("--store") > 0, &o.run.store, "--store"}};
    for (const auto& p : o.paths)
      paths.emplace_back(p.sub->count(p.flag) > 0, p.value, p.sub->get_name() + " " + p.flag);
    for (const auto& [given, value, name] : paths)
      if (given && value->empty()) {
        std::cerr << "seprank-sym: error: " << name << " needs a path; an empty one was given (see --help)\n";
        return seprank::exit_usage;
      }
    if (const std::string unread = main_option_not_read(app, o); !unread.empty()) {
      std::cerr << "seprank-sym: error: " << unread << "\n";
      return seprank::exit_usage;
    }
    if (app.count("--partition") > 0 && o.partition_text.empty()) {  // '' is no partition, not the default one
      std::cerr
          << "seprank-sym: error: --partition needs a partition A|B, e.g. 1,3|2,4; an empty one was given (omit the "
             "option for the default A = 1..N/2)\n";
      return seprank::exit_usage;
    }
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::ConversionError& e) {  // CLI11: "Could not convert: --L = abc"
    std::string what = e.what();
    const std::string prefix = "Could not convert: ";
    if (what.rfind(prefix, 0) ==
        0) {  // the value as given; an integer past what the option takes is "out of range", not "not a number"
      what = what.substr(prefix.size());
      const std::string value = what.substr(what.find(" = ") == std::string::npos ? what.size() : what.find(" = ") + 3);
      const std::size_t digits_from = !value.empty() && (value[0] == '-' || value[0] == '+') ? 1 : 0;
      const bool integer =
          value.size() > digits_from && value.find_first_not_of("0123456789", digits_from) == std::string::npos;
      what += integer ? " is out of range for this option" : " is not a valid number for this option";
    }
    std::cerr << "seprank-sym: error: " << what << " (see --help)\n";
    return seprank::exit_usage;
  } catch (const CLI::ValidationError& e) {  // CLI11: "--max-terms: <our message>"; ours names the option already
    std::string what = e.what();
    if (what.rfind("--", 0) == 0 &&
        what.find(": ") != std::string::npos) {  // "--H: 999... is out of range": keep the name
      const std::string name = what.substr(0, what.find(": ")), rest = what.substr(what.find(": ") + 2);
      what =
          !rest.empty() && std::string("+-0123456789").find(rest[0]) != std::string::npos ? name + " = " + rest : rest;
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
    std::cerr << "seprank-sym: internal error"
              << (group.rank ? " (process " + std::to_string(group.rank) + ")" : std::string()) << ": " << e.what()
              << "\n";
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
  const CLI::Validator decimal = decimal_within("9223372036854775807"),
                       decimal_unsigned = decimal_within("18446744073709551615");
  for (CLI::App* a : std::vector<CLI::App*>{&app}) {
    std::vector<CLI::App*> all{a};
    for (CLI::App* sub : a->get_subcommands({})) all.push_back(sub);
    for (CLI::App* one : all)
      for (CLI::Option* opt : one->get_options({}))
        if (const std::string t = opt->get_type_name(); t.rfind("INT", 0) == 0)
          opt->check(decimal);
        else if (t.rfind("UINT", 0) == 0)
          opt->check(decimal_unsigned);
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
      if (opt->get_expected_max() == CLI::detail::expected_max_vector_size)
        out += " ...";
      else if (opt->get_expected_min() > 1)
        out += " x " + std::to_string(opt->get_expected());
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
  document_main_options_read(o);
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
