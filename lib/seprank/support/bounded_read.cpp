#include "seprank/support/bounded_read.hpp"

#include <fstream>
#include <vector>

#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {

std::optional<std::string> read_bounded(const std::string& path, std::size_t max_bytes, const std::string& what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string out;
  std::vector<char> chunk(1 << 20);
  while (in) {
    check_interrupt();
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    out.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (out.size() > max_bytes)
      throw usage_error(what + " " + path + ": more than " + std::to_string(max_bytes) + " bytes (at most " +
                        std::to_string(max_bytes) + "); is it the right file?");
  }
  return out;
}

}  // namespace seprank
