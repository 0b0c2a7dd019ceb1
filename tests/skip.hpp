// A test case that cannot run here (a tool or a privilege is missing) says so and counts as skipped, never as
// passed: a test program all of whose cases were skipped exits 77, meson's SKIP (tests/main.cpp). Such cases run
// as meson tests of their own (tests/meson.build), so a skip is never hidden among the passes of a larger run.
#pragma once
#include <string>

namespace seprank::testing {

// Call, then return from the test case.
void skip_case(const std::string& why);

}  // namespace seprank::testing
