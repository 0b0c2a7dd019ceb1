#include "seprank/support/interrupt.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <mutex>

namespace seprank {
namespace {
volatile std::sig_atomic_t stop_requested = 0;
extern "C" void on_sigint(int) { stop_requested = 1; }
// The deadline in steady-clock ticks; 0: none. Atomic: the checks run on worker threads too.
std::atomic<long long> deadline{0};
long long now_ticks() { return std::chrono::steady_clock::now().time_since_epoch().count(); }
std::mutex background_mutex;
std::condition_variable background_done;
int background_threads = 0;
}  // namespace

void background_work_started() {
  const std::lock_guard<std::mutex> lock(background_mutex);
  ++background_threads;
}

void background_work_finished() {
  const std::lock_guard<std::mutex> lock(background_mutex);
  if (--background_threads == 0) background_done.notify_all();
}

bool background_work_running() {
  const std::lock_guard<std::mutex> lock(background_mutex);
  return background_threads > 0;
}

void wait_for_background_work() {
  std::unique_lock<std::mutex> lock(background_mutex);
  background_done.wait(lock, [] { return background_threads == 0; });
}

void install_interrupt_handler() { std::signal(SIGINT, on_sigint); }

interrupt_scope::interrupt_scope() {
  stop_requested = 0;
  previous_ = std::signal(SIGINT, on_sigint);
  if (previous_ == SIG_ERR) previous_ = SIG_DFL;
}

interrupt_scope::~interrupt_scope() {
  std::signal(SIGINT, previous_);
  stop_requested = 0;
}

void set_deadline(double seconds) {
  // Beyond 10^9 s (31 years; also inf) there is no deadline: the tick count would overflow (9.3e9 s stopped at once).
  if (!(seconds <= 1e9)) {
    deadline = 0;
    return;
  }
  const auto span = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(seconds > 0 ? seconds : 0));
  deadline = now_ticks() + static_cast<long long>(span.count()) + 1;
}

void clear_deadline() { deadline = 0; }

void check_interrupt() {
  if (stop_requested) throw interrupted();
  const long long d = deadline.load();
  if (d != 0 && now_ticks() >= d) throw time_limit_reached();
}

}  // namespace seprank
