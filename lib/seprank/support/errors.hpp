// Error kinds and the process exit statuses they map to.
#pragma once
#include <stdexcept>
#include <string>

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

// Bad input: an invalid option value, configuration or weight file.
struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Writing the output failed (checked after the last write and the flush).
struct output_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A computation whose estimated size exceeds a resource limit.
struct resource_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace seprank
