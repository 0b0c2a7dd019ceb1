#include "seprank/parse.hpp"

#include <cerrno>
#include <cstdlib>

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

}  // namespace seprank
