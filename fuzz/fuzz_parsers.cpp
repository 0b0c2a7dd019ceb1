// libFuzzer target for every text parser that reads user input: integers, ranges, partitions,
// weight files, and JSON. The first byte picks the parser (and small sizes); the rest is the text.
// Parsers may throw usage_error / std::invalid_argument on bad input; anything else (a crash, a
// sanitizer report, another exception) is a bug.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "seprank/errors.hpp"
#include "seprank/json.hpp"
#include "seprank/parse.hpp"
#include "seprank/partition.hpp"
#include "seprank/weights.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const unsigned selector = data[0];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    switch (selector % 5) {
      case 0:
        seprank::parse_integer(text);
        break;
      case 1:
        seprank::parse_range("--dx", text, 1, 64);
        break;
      case 2:
        seprank::parse_partition(text, 1 + static_cast<int>((selector / 5) % 8));
        break;
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
      default: {
        const auto j = seprank::json::parse(text);
        std::ostringstream out;
        j.write(out);
        seprank::json::parse(out.str());  // what we write must parse
      }
    }
  } catch (const seprank::usage_error&) {
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
