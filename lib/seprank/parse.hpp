// Strict parsing of decimal integers from text (weight files, partitions): the whole token must
// be an optionally signed decimal integer that fits in a long.
#pragma once
#include <optional>
#include <string>

namespace seprank {

std::optional<long> parse_integer(const std::string& token);

}  // namespace seprank
