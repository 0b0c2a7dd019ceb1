#include "seprank/support/parse.hpp"

#include <cerrno>
#include <cstdlib>
#include <sstream>

#include "seprank/support/errors.hpp"

namespace seprank {

std::optional<long> parse_integer(const std::string& token) {
  if (token.empty() || token.size() > 40) return std::nullopt;
  for (std::size_t k = 0; k < token.size(); ++k) {
    const char c = token[k];
    if (!(c >= '0' && c <= '9') && !(k == 0 && (c == '-' || c == '+') && token.size() > 1)) return std::nullopt;
  }
  errno = 0;
  char* end = nullptr;
  const long v = std::strtol(token.c_str(), &end, 10);
  if (errno == ERANGE || end != token.c_str() + token.size()) return std::nullopt;
  return v;
}

std::vector<int> parse_range(const option_message& option, const std::string& text, int lo, int hi, int max_values) {
  auto fail = [&](const std::string& why) -> std::vector<int> {
    throw usage_error(option + " = " + text + ": " + why + " (expected a..b, a,b,c or a; values in " +
                      std::to_string(lo) + ".." + std::to_string(hi) + ")");
  };
  std::vector<int> out;
  const auto dots = text.find("..");
  if (dots != std::string::npos) {
    const auto a = parse_integer(text.substr(0, dots)), b = parse_integer(text.substr(dots + 2));
    if (!a || !b) return fail("not a range of integers");
    if (*a > *b) return fail("the range is empty");
    if (*a < lo || *b > hi) return fail("out of range");
    if (*b - *a >= max_values) return fail("more than " + std::to_string(max_values) + " values");
    for (long v = *a; v <= *b; ++v) out.push_back(static_cast<int>(v));
    return out;
  }
  std::stringstream in(text);
  for (std::string tok; std::getline(in, tok, ',');) {
    const auto v = parse_integer(tok);
    if (!v) return fail("'" + tok + "' is not an integer");
    if (*v < lo || *v > hi) return fail("value " + tok + " out of range");
    out.push_back(static_cast<int>(*v));
  }
  if (out.empty()) return fail("no values");
  if (static_cast<long>(out.size()) > max_values) return fail("more than " + std::to_string(max_values) + " values");
  return out;
}

template <class T>
void check_range(const option_message& option, const std::vector<T>& values, long lo, long hi, long max_values) {
  const std::string allowed = " (values in " + std::to_string(lo) + ".." + std::to_string(hi) + ")";
  if (values.empty()) throw usage_error(option + ": no values" + allowed);
  if (static_cast<long>(values.size()) > max_values)
    throw usage_error(option + ": " + std::to_string(values.size()) + " values, more than the " +
                      std::to_string(max_values) + " allowed");
  for (const T v : values)
    if (v < lo || v > hi) throw usage_error(option + ": value " + std::to_string(v) + " out of range" + allowed);
}
template void check_range<int>(const option_message&, const std::vector<int>&, long, long, long);
template void check_range<long>(const option_message&, const std::vector<long>&, long, long, long);

template <class T>
std::string range_text(const std::vector<T>& values) {
  bool consecutive = values.size() > 1;
  for (std::size_t k = 1; k < values.size(); ++k) consecutive = consecutive && values[k] == values[k - 1] + 1;
  if (consecutive) return std::to_string(values.front()) + ".." + std::to_string(values.back());
  std::string out;
  for (const T v : values) out += (out.empty() ? "" : ",") + std::to_string(v);
  return out;
}
template std::string range_text<int>(const std::vector<int>&);
template std::string range_text<long>(const std::vector<long>&);

std::uint64_t parse_unsigned(const std::string& id, const std::string& text) {
  errno = 0;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text.c_str(), &end, 10);
  const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  const bool negative =
      text.size() > 1 && text[0] == '-' && text.find_first_not_of("0123456789", 1) == std::string::npos;
  if (!digits && !negative)
    throw usage_error(value_name(id) + " = " + text +
                      " is not an integer: must be an integer in 0 .. 18446744073709551615");
  if (negative || errno == ERANGE || *end != '\0')
    throw usage_error(value_name(id) + " = " + text +
                      " is out of range: must be an integer in 0 .. 18446744073709551615");
  return value;
}

std::uint64_t parse_seed(const std::string& text) { return parse_unsigned("seed", text); }

std::string limit_text(long long v) {
  int k = 0;
  long long r = v;
  while (r >= 10 && r % 10 == 0) r /= 10, ++k;
  return r == 1 && k >= 5 ? "10^" + std::to_string(k) : std::to_string(v);
}

}  // namespace seprank
