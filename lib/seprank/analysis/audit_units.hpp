// The audit map (analysis/paper/audit_map, docs/theory.md section 13) cut into units of work, one per depth L, for a
// run of several processes (mpirun): each unit is every row of one L, as deterministic text; the rows come back
// in the order audit_map_of gives them, so the output is byte-identical to a single process.
#pragma once
#include <string>
#include <vector>

#include "seprank/analysis/paper/audit_map.hpp"
#include "seprank/analysis/units.hpp"

namespace seprank {

// What the map covers: audit_map_of's depths, widths, heads, exact counts and N.
struct audit_map_request {
  std::vector<int> L;
  std::vector<long> dx;
  long H = 1;
  bool exact_counts = false;
  long N = 0;
};

// audit_map_of over units (by L) handed to `runner`; without a runner, audit_map_of itself.
audit_map audit_map_by_units(const audit_map_request& q, unit_runner* runner, const audit_row_sink& sink = {});

// The rows of one depth as their unit returns them (analysis/units.hpp): JSON, every field, logarithms to the last
// digit.
template <>
struct unit_schema<std::vector<audit_row>> {
  static constexpr const char* method = "audit-rows";
  static std::string to_stored(const std::vector<audit_row>& rows);
  static std::vector<audit_row> from_stored(const std::string& text);  // std::exception on text that is no rows
};

}  // namespace seprank
