// The audit map (docs/theory.md, section 13): every statement of the paper decided at each (L, d_x) for one H, from
// the rules and the shipped table only (no computation per configuration).
#pragma once
#include <functional>
#include <vector>

#include "seprank/analysis/paper/statement_findings.hpp"

namespace seprank {

// A map over (L, d_x) at one H: the findings per configuration with H dividing d_x, from the rules and
// the table only (no computation per configuration), each with the N from which it holds (from_N).
// Long double with near-ties (closer than 1e-9, or than the Gram count's rounding bound) re-decided in
// 100 digits; where long double cannot bound the count to 1e-6 (large C), the row is decided in 100 digits.
struct audit_row {
  int L = 0;
  long dx = 0, H = 0;
  regime reg = regime::threshold;
  std::vector<statement_finding> findings;
  // With exact_counts: the Gram count and, at H = 1, the refined count (section 14) as integers when the count
  // has at most 1,000 digits (counts_exact), else left 0.
  bool counts_exact = false;
  big_int gram_count, refined_count;
  refined_by refined = refined_by::none;  // which proven loss refined_count subtracts
};
struct audit_map {
  std::vector<int> L;
  std::vector<long> dx;
  long H = 1;
  long N = 0;  // the statuses hold at this N (0: at every balanced N from each status's holds_from_N)
  std::vector<audit_row> rows;
  long skipped_not_dividing = 0;  // widths that H does not divide (no network exists)
};
// N > 0: the facts that hold at N only (the lower bound by zero padding below 2 d_x + 2; table values from their N).
// sink: each row is handed to it in the map's order instead of being kept in rows (a map of many rows need not be
// held whole).
using audit_row_sink = std::function<void(audit_row&&)>;
audit_map audit_map_of(const std::vector<int>& L, const std::vector<long>& dx, long H, bool exact_counts = false,
                       long N = 0, const audit_row_sink& sink = {});

}  // namespace seprank
