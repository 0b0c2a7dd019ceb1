// Strict parsing of decimal integers from text (weight files, partitions): the whole token must
// be an optionally signed decimal integer that fits in a long.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "seprank/support/errors.hpp"

namespace seprank {

std::optional<long> parse_integer(const std::string& token);

// An unsigned 64-bit option given as text (the CLI's edge): decimal digits only, 0 .. 2^64 - 1; throws usage_error
// naming the option ("seed = -1 is out of range: must be an integer in 0 .. 18446744073709551615") otherwise.
std::uint64_t parse_unsigned(const std::string& id, const std::string& text);
// The same for the weight draw's seed.
std::uint64_t parse_seed(const std::string& text);

// Parses "2..4", "1,2,4" or "3" into a list of integers in [lo, hi]; throws usage_error naming
// the option otherwise (at most max_values values).
std::vector<int> parse_range(const option_message& option, const std::string& text, int lo, int hi,
                             int max_values = 64);
// The same checks on values given as numbers (Python's lists): every value in [lo, hi], 1..max_values of them.
template <class T>
void check_range(const option_message& option, const std::vector<T>& values, long lo, long hi, long max_values);
// A limit as help and messages write it: a power of ten from 10^5 as "10^5", any other number in decimal.
std::string limit_text(long long v);
// "2..4" for consecutive values, else "1,2,4": the text parse_range reads back.
template <class T>
std::string range_text(const std::vector<T>& values);

}  // namespace seprank
