// Clean interruption of long computations (Ctrl-C) between steps.
#pragma once
#include <stdexcept>

namespace seprank {

struct interrupted : std::runtime_error {
  interrupted() : std::runtime_error("interrupted by the user (SIGINT)") {}
};

// Installs a SIGINT handler that makes the next check_interrupt() throw `interrupted`.
void install_interrupt_handler();
// Throws `interrupted` once SIGINT has been received.
void check_interrupt();

}  // namespace seprank
