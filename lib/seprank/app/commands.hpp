// The subcommands, declared once: each is a row of one table with its name, its help, its options (flag, help with
// its range, the request member it sets, typed) and the call that runs its request. The CLI binds every row
// (tools/seprank-sym.cpp: options, help, dispatch), the man page's SUBCOMMAND OPTIONS are made from them
// (tools/man_page.cpp), and so are Python's functions of the same name: their keywords, defaults, type checks and
// docstrings (_seprank.subcommand_options), the call (_seprank.run_command fills the request through the rows, as the
// CLI does through CLI11) and the type hints file __init__.pyi (written by python/seprank/make_stub.py at build
// time). The main command's options are request_options' table. Each row is made in the file of its command
// (app/commands/: bounds, corollaries, sweep, audit, plan, annihilators, hessian_ranks, store).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "seprank/app/pipeline.hpp"
#include "seprank/render/formats.hpp"
#include "seprank/support/errors.hpp"

namespace seprank {

// bounds: the closed forms at one size (or the published models' sizes).
struct bounds_request {
  long long L = 2, dx = 4, H = 1;
  long long N = 0;                  // 0: every balanced N >= 2 d_x + 2
  std::vector<std::string> models;  // --model: published sizes (model/presets.hpp); they set L, d_x, H and N
};
// corollary1 and corollary2: by default the paper's example (section 4.1) and the README's.
struct corollary1_request {
  long long L = 6, dx = 1000, H = 16;
  std::vector<long> shallow{2, 3};
};
struct corollary2_request {
  long long L = 12, dx = 64, H = 4;
  long max_beta2 = 64;
};
struct store_request {
  std::string file;
};

// A range option ("2..4", "1,2,4" or "3"): read as text at the edge, parsed into values within its limits.
struct range_target {
  std::vector<int>* values;
  const range_limits* limits;
};
using command_target = std::variant<int*, long*, long long*, std::uint64_t*, std::string*, std::vector<std::string>*,
                                    std::vector<long>*, range_target>;

struct command_option {
  std::string flag;     // "--L"; without dashes a required positional argument ("FILE")
  option_message help;  // ranges are part of it; options it names by id (support/errors), for each surface
  command_target target;
  bool path = false;          // a file to write: '' is refused
  std::string cli_only = "";  // why Python's function takes no keyword for it (it does this itself); empty: it does
};

// One request of each command: an edge fills one through its command's options.
struct command_requests {
  derivation_request main;  // the main command's options, which every subcommand may read (main_options_read)
  bounds_request bounds;
  corollary1_request corollary1;
  corollary2_request corollary2;
  sweep_request sweep;
  audit_request audit;
  plan_request plan;
  hessian_ranks_request hessian;
  store_request store;
};

// What a command's run sees of the edge besides its request.
struct command_context {
  output_format format = output_format::text;
  std::function<bool(const std::string&)> given;  // was this option of the command (or --time-limit) given?
  progress_fn progress;
};

struct command {
  std::string name;  // "bounds"
  std::string help;  // one paragraph with an example
  // The main command's options it reads, with what each means there (its --help lists them); any other is refused,
  // unless it accepts them all (sweep and annihilators): then what they mean there, for its --help. The output options
  // and --threads apply to every command.
  std::vector<std::pair<std::string, std::string>> main_options_read;
  std::string every_main_option_read;
  bool units = false;  // it has units of work (the Gram blocks): --store and --verify apply
  std::function<std::vector<command_option>(command_requests&)> options;  // in the order of --help
  std::function<derivation(command_requests&, const command_context&)> run;
};

// In the order of the CLI's --help.
const std::vector<command>& subcommands();
// The row of a name; std::logic_error for another (a programming error).
const command& subcommand_named(const std::string& name);
// An option's default as the command line writes it ("2", "2,3", "1..3"); "" when empty.
std::string default_text(const command_target& target);

}  // namespace seprank
