// doctest's main, with skips (tests/skip.hpp): exit 77 when every case that ran was skipped, and a failure when no
// case ran at all (a filter that matches nothing, e.g. a meson test's --source-file, must not pass unseen).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <iostream>

#include "skip.hpp"

namespace {

int cases_run = 0, cases_skipped = 0;

// Counts the test cases that run (a listener: the chosen reporter still prints).
struct case_counter : doctest::IReporter {
  explicit case_counter(const doctest::ContextOptions&) {}
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats&) override {}
  void test_case_start(const doctest::TestCaseData&) override { ++cases_run; }
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};
REGISTER_LISTENER("case_counter", 1, case_counter);

}  // namespace

void seprank::testing::skip_case(const std::string& why) {
  ++cases_skipped;
  std::cerr << "skipped: " << why << "\n";
}

int main(int argc, char** argv) {
  doctest::Context context(argc, argv);
  const int failed = context.run();
  if (context.shouldExit() || failed != 0) return failed;
  if (cases_run == 0) {
    std::cerr << "no test case matched the filters given\n";
    return 1;
  }
  return cases_run > 0 && cases_skipped == cases_run ? 77 : 0;
}
