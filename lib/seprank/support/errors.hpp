// Error kinds, the process exit statuses they map to, and messages that name options by id.
#pragma once
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace seprank {

// Exit statuses of the seprank-sym tool (documented in --help and README.md).
enum exit_status : int {
  exit_ok = 0,
  exit_check_failed = 1,   // a mathematical check did not hold
  exit_usage = 2,          // bad option, value or input file
  exit_resource = 3,       // refused: estimated size over a limit
  exit_time_limit = 4,     // the run reached --time-limit: what finished is printed, the rest skipped
  exit_internal = 5,       // unexpected internal error
  exit_output = 6,         // the output could not be written (a full disk, a closed pipe, /dev/full)
  exit_interrupted = 130,  // stopped by Ctrl-C (SIGINT)
};

// An option named in a message by its id: its CLI flag without the dashes ("time-limit"). Each surface writes it
// its own way (docs/architecture.md, "Messages"): the CLI as the flag ("--time-limit"), as a value's name
// ("time-limit = 0") or set ("--time-limit 60"); Python as the keyword ("time_limit", "time_limit=60").
struct option_id {
  enum class form { flag, name, setting };
  std::string id;
  form as = form::flag;
  std::string value;  // form::setting: "60", "FILE"
};
inline option_id flag(std::string id) { return {std::move(id), option_id::form::flag, {}}; }
inline option_id value_name(std::string id) { return {std::move(id), option_id::form::name, {}}; }
inline option_id setting(std::string id, std::string value) {
  return {std::move(id), option_id::form::setting, std::move(value)};
}
// Python's keyword of an option id: "max-beta2" -> "max_beta2" (the rule request_options and app/commands follow).
std::string python_keyword(const std::string& id);

// A message in parts: text, and options by id, so the CLI and Python each name the options without reading text.
class option_message {
 public:
  option_message() = default;
  option_message(std::string text);  // NOLINT: a message that names no option is its text
  option_message(const char* text);  // NOLINT
  option_message(option_id option);  // NOLINT
  option_message& operator+=(const option_message& more);
  std::string cli() const;                   // "--time-limit must be ..."
  std::string python() const;                // "time_limit must be ..."
  std::vector<std::string> options() const;  // the ids named, in order
  bool empty() const { return parts_.empty(); }

 private:
  std::vector<std::variant<std::string, option_id>> parts_;
};
option_message operator+(option_message a, const option_message& b);

// An error whose message may name options: what() is the CLI's text, message() the parts.
class option_error : public std::runtime_error {
 public:
  explicit option_error(const option_message& m) : std::runtime_error(m.cli()), message_(m) {}
  const option_message& message() const { return message_; }

 private:
  option_message message_;
};

// Bad input: an invalid option value, configuration or weight file.
struct usage_error : option_error {
  using option_error::option_error;
};

// Writing the output failed (checked after the last write and the flush).
struct output_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A computation whose estimated size exceeds a resource limit.
struct resource_error : option_error {
  using option_error::option_error;
};

}  // namespace seprank
