// libFuzzer target for every text parser that reads user input: integers, ranges, partitions,
// weight files, and seeds. The first byte picks the parser (and small sizes); the rest is the text.
// Parsers may throw usage_error on bad input; anything else (a crash, a
// sanitizer report, another exception) is a bug.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "seprank/support/errors.hpp"
#include "seprank/support/parse.hpp"
#include "seprank/model/partition.hpp"
#include "seprank/model/weights.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const unsigned selector = data[0];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    switch (selector % 5) {
      case 0: seprank::parse_integer(text); break;
      case 1: seprank::parse_range("--dx", text, 1, 64); break;
      case 2: seprank::parse_partition(text, 1 + static_cast<int>((selector / 5) % 8)); break;
      case 3: {
        seprank::network_config c;
        c.L = 1 + static_cast<int>((selector / 5) % 2);
        c.dx = 1 + static_cast<int>((selector / 10) % 3);
        c.H = 1;
        std::istringstream in(text);
        const auto w = seprank::parse_weights(in, c, "fuzz");
        std::istringstream again(seprank::format_weights(w));  // round trip must parse
        seprank::parse_weights(again, c, "fuzz-roundtrip");
        break;
      }
      default: seprank::parse_seed(text);
    }
  } catch (const seprank::usage_error&) {
  }
  return 0;
}
