// The main command's options, declared once: the CLI flag, the Python keyword, the help (with its range) and the
// member of derivation_request each sets. The CLI (tools/seprank-sym.cpp) makes its CLI11 options from this table,
// the Python binding (python/seprank/_seprank.cpp) its keyword conversion and defaults. derive()'s Python signature,
// its type hints (python/seprank/__init__.pyi.in) and the man page are written by hand: tests/test_python.py
// (test_every_option_of_the_table_on_every_surface) fails when one of them lacks an option of this table. Only the
// main command: the subcommands' options are their rows in app/commands.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "seprank/app/pipeline.hpp"
#include "seprank/support/errors.hpp"

namespace seprank {

// The member an option sets, typed. A partition is given as text ("1,3|2,4") at the edges and parsed by
// set_partition_text once the other options are set (it needs N); the weights' source ("random", "symbolic" or a
// path) by set_weights_text (model/config).
using option_target =
    std::variant<int*, long*, std::uint64_t*, double*, bool*, std::string*, std::optional<partition>*, weight_choice*>;

struct request_option {
  std::string flag;     // "--max-terms"
  std::string keyword;  // "max_terms", the Python keyword; empty: an output option of the CLI alone (--quiet, ...)
  option_message help;  // ranges are part of it ("depth L (number of layers), 1..8"); options it names by id
  // The member of the request it sets; empty for the CLI's output options (they set the CLI's own fields).
  std::function<option_target(derivation_request&)> target;
  bool needs_ranks = false;      // it asks for the rank stage: --structure-only excludes it
  bool machine_default = false;  // its default is the machine's (default_request; Python: None)
};

// The edge's parse of --partition's text into r (after r.cfg is validated); empty text: the default partition.
void set_partition_text(derivation_request& r, const std::string& text);

// In the order of --help.
const std::vector<request_option>& request_options();

// The request before any option is given: the members' defaults, and the machine's for machine_default options
// (threads: default_thread_count()).
derivation_request default_request();

}  // namespace seprank
