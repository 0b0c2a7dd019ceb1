#include "seprank/support/interrupt.hpp"

#include <csignal>

namespace seprank {
namespace {
volatile std::sig_atomic_t stop_requested = 0;
extern "C" void on_sigint(int) { stop_requested = 1; }
}  // namespace

void install_interrupt_handler() { std::signal(SIGINT, on_sigint); }

void check_interrupt() {
  if (stop_requested) throw interrupted();
}

}  // namespace seprank
