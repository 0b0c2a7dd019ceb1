// Clean interruption of long computations: Ctrl-C, and the run's time limit. Both are cooperative:
// check_interrupt() is called between blocks, grid rows and polynomial products (about 0.4 s apart at most);
// an elimination that cannot be split (FLINT, BLAS) runs through run_interruptible, so a signal or the
// deadline is answered within 20 ms while it finishes in the background.
#pragma once
#include <chrono>
#include <future>
#include <memory>
#include <stdexcept>
#include <thread>

#include "seprank/support/errors.hpp"

namespace seprank {

struct interrupted : std::runtime_error {
  interrupted() : std::runtime_error("interrupted by the user (SIGINT)") {}
};

struct time_limit_reached : option_error {
  time_limit_reached() : option_error("the run reached its time limit (" + flag("time-limit") + ")") {}
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

// The deadline for the life of a scope (a whole command, not per row): set_deadline(seconds) when `on` and
// seconds > 0 (0: none), cleared at the scope's end however it ends.
class deadline_scope {
 public:
  explicit deadline_scope(double seconds, bool on = true) {
    if (on && seconds > 0) set_deadline(seconds);
  }
  ~deadline_scope() { clear_deadline(); }
  deadline_scope(const deadline_scope&) = delete;
  deadline_scope& operator=(const deadline_scope&) = delete;
};

// Threads started by run_interruptible that have not finished: work_started / work_finished count them.
void background_work_started();
void background_work_finished();
// True while an abandoned elimination still runs (the CLI then leaves with _Exit rather than run the
// libraries' exit handlers under it).
bool background_work_running();
// Waits until no such thread runs (the Python module, before the interpreter exits).
void wait_for_background_work();

// Runs `work` on a thread of its own and waits for it, calling check_interrupt() every 20 ms. `work` must own
// everything it touches (capture by value): when the check throws, the call throws at once and the thread is
// left to finish on its own, its result dropped. Exceptions of `work` reach the caller.
template <class F>
auto run_interruptible(F work) -> decltype(work()) {
  using result = decltype(work());
  auto task = std::make_shared<std::packaged_task<result()>>(std::move(work));
  std::future<result> done = task->get_future();
  background_work_started();
  std::thread([task] {
    (*task)();
    background_work_finished();
  }).detach();
  while (done.wait_for(std::chrono::milliseconds(20)) != std::future_status::ready) check_interrupt();
  return done.get();
}

}  // namespace seprank
