#include "seprank/config.hpp"

#include <string>

#include "seprank/errors.hpp"

namespace seprank {
namespace {

void require_range(const char* name, const char* what, int value, int lo, int hi) {
  if (value < lo || value > hi)
    throw usage_error(std::string(name) + " = " + std::to_string(value) + " is out of range: " +
                      what + " must satisfy " + std::to_string(lo) + " <= " + name +
                      " <= " + std::to_string(hi));
}

}  // namespace

void validate(const network_config& c) {
  require_range("L", "the depth", c.L, 1, max_depth);
  require_range("dx", "the width d_x", c.dx, 1, max_width);
  require_range("H", "the number of heads", c.H, 1, c.dx);
  if (c.dx % c.H != 0)
    throw usage_error("H = " + std::to_string(c.H) + " does not divide dx = " +
                      std::to_string(c.dx) + ": the head size d_a = dx/H must be an integer");
  require_range("N", "the number of positions", c.N, 2, max_positions);
  require_range("position", "the output position i", c.position, 1, c.N);
  require_range("entry", "the output entry p", c.entry, 1, c.dx);
}

std::int64_t output_degree(int L) {
  std::int64_t d = 1;
  for (int l = 0; l < L; ++l) d *= 3;
  return d;
}

std::int64_t summed_index_count(int L) { return (output_degree(L) - 1) / 2; }

}  // namespace seprank
