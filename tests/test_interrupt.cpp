#include <doctest/doctest.h>

#include <csignal>
#include <future>

#include "seprank/support/interrupt.hpp"

using namespace seprank;

// run_interruptible: the caller answers a signal or the deadline while the work it cannot split still runs.
// The work below waits for a promise the test keeps: it cannot finish before the caller has thrown, so the
// test decides by order of events, never by time.

TEST_CASE("run_interruptible returns the work's result and passes its exceptions on") {
  CHECK(run_interruptible([] { return 6 * 7; }) == 42);
  CHECK_THROWS_AS(run_interruptible([]() -> int { throw std::logic_error("inside"); }), std::logic_error);
  wait_for_background_work();
  CHECK_FALSE(background_work_running());
}

TEST_CASE("a signal is answered while the work still runs; the work then finishes on its own") {
  auto release = std::make_shared<std::promise<void>>();
  auto finished = std::make_shared<std::promise<int>>();
  std::shared_future<void> go = release->get_future().share();
  std::future<int> result = finished->get_future();
  {
    interrupt_scope scope;
    std::raise(SIGINT);  // caught by the scope's handler: the next check throws
    CHECK_THROWS_AS(run_interruptible([go, finished] {
                      go.wait();
                      finished->set_value(5);
                      return 5;
                    }),
                    interrupted);
  }
  CHECK(background_work_running());  // the work is still waiting for its release
  release->set_value();
  wait_for_background_work();
  CHECK_FALSE(background_work_running());
  CHECK(result.get() == 5);  // it ran to its end, on the data it owns
}

TEST_CASE("a deadline already past is answered the same way") {
  auto release = std::make_shared<std::promise<void>>();
  std::shared_future<void> go = release->get_future().share();
  set_deadline(0);
  CHECK_THROWS_AS(run_interruptible([go] {
                    go.wait();
                    return 1;
                  }),
                  time_limit_reached);
  clear_deadline();
  release->set_value();
  wait_for_background_work();
  CHECK_FALSE(background_work_running());
  CHECK(run_interruptible([] { return 2; }) == 2);  // no deadline left behind
}
