#include "seprank/model/config.hpp"

#include <string>

#include "seprank/support/errors.hpp"
#include "seprank/support/parse.hpp"

namespace seprank {
namespace {

void require_range(const char* name, const char* what, int value, int lo, int hi) {
  if (value < lo || value > hi)
    throw usage_error(value_name(name) + " = " + std::to_string(value) + " is out of range: " + what +
                      " must satisfy " + std::to_string(lo) + " <= " + value_name(name) + " <= " + std::to_string(hi));
}

}  // namespace

void set_weights_text(weight_choice& w, const std::string& text) {
  w.given.reset();
  w.path.clear();
  if (text == "random")
    w.source = weight_choice::kind::random;
  else if (text == "symbolic")
    w.source = weight_choice::kind::symbolic;
  else
    w.source = weight_choice::kind::file, w.path = text;
}

std::string weights_text(const weight_choice& w) {
  switch (w.source) {
    case weight_choice::kind::random: return "random";
    case weight_choice::kind::symbolic: return "symbolic";
    case weight_choice::kind::file: return w.path;
    case weight_choice::kind::given: break;
  }
  return "given";
}

void validate(const network_config& c) {
  require_range("L", "the depth", c.L, 1, max_depth);
  require_range("dx", "the width d_x", c.dx, 1, max_width);
  require_range("H", "the number of heads", c.H, 1, c.dx);
  if (c.dx % c.H != 0)
    throw usage_error("H = " + std::to_string(c.H) + " does not divide dx = " + std::to_string(c.dx) +
                      ": the head size d_a = dx/H must be an integer");
  require_range("N", "the number of positions", c.N, 2, max_positions);
  require_range("position", "the output position i", c.position, 1, c.N);
  require_range("entry", "the output entry p", c.entry, 1, c.dx);
}

void validate(const atlas_config& c) {
  if (c.L < 1 || c.L > max_atlas_depth)
    throw usage_error("L = " + std::to_string(c.L) +
                      " is out of range: the depth must satisfy 1 <= L <= " + limit_text(max_atlas_depth));
  if (c.dx < 1 || c.dx > big_int(max_atlas_width))
    throw usage_error("dx = " + c.dx.str() +
                      " is out of range: the width must satisfy 1 <= dx <= " + limit_text(max_atlas_width));
  if (c.H < 1 || c.H > c.dx)
    throw usage_error("H = " + c.H.str() + " is out of range: the number of heads must satisfy 1 <= H <= dx");
}

}  // namespace seprank
