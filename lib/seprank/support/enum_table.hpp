// One table per enum (value, key, prose, ...): the row of a value. Every value has a row, so a missing one is a
// programming error (std::logic_error), caught by the tests that print every value.
#pragma once
#include <cstddef>
#include <stdexcept>

namespace seprank {

template <class Info, std::size_t N, class Enum>
const Info& table_row_of(const Info (&table)[N], Enum value) {
  for (const auto& info : table)
    if (info.value == value) return info;
  throw std::logic_error("an enum value without a table row");
}

}  // namespace seprank
