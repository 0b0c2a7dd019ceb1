// Clean interruption of long computations between steps: Ctrl-C, and the run's time limit. Both are
// cooperative: check_interrupt() is called between blocks and grid rows; one FLINT elimination is never
// split, so a run can pass its deadline by at most the block in progress (whose estimate is printed first).
#pragma once
#include <stdexcept>

namespace seprank {

struct interrupted : std::runtime_error {
  interrupted() : std::runtime_error("interrupted by the user (SIGINT)") {}
};

struct time_limit_reached : std::runtime_error {
  time_limit_reached() : std::runtime_error("the run reached its time limit (--time-limit)") {}
};

// Installs a SIGINT handler that makes the next check_interrupt() throw `interrupted`.
void install_interrupt_handler();
// For an embedding host with its own SIGINT handler (the Python module): while the scope lives, SIGINT
// makes check_interrupt() throw `interrupted` (the flag starts cleared); the host's handler is restored
// at its end.
class interrupt_scope {
 public:
  interrupt_scope();
  ~interrupt_scope();
  interrupt_scope(const interrupt_scope&) = delete;
  interrupt_scope& operator=(const interrupt_scope&) = delete;

 private:
  void (*previous_)(int);
};
// From now on, check_interrupt() throws `time_limit_reached` once `seconds` of wall time have passed
// (seconds <= 0: at the next check; above 10^9, or inf: no deadline; clear_deadline() removes it).
void set_deadline(double seconds);
void clear_deadline();
// Throws `interrupted` once SIGINT has been received, `time_limit_reached` once the deadline has passed.
void check_interrupt();

}  // namespace seprank
