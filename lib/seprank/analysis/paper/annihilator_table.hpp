// The loss below the Gram count that the union of the annihilator families proves (docs/theory.md, section 14),
// shipped so that the audit can use it without computing it per row (0.1 s to 30 s a configuration): each row is
// what `seprank-sym annihilators --L L --dx dx --seed 1` proves for H = 1, entry 1, no residual connection, in
// full (no time limit reached) and with every family and intersection generic, so that the bound
// min(rows, cols - operators) on every block holds for every weight (section 14, "For every weight").
// The rows are data, annihilator_table.tsv, written by `bash bench/annihilator_table.sh build` (about 3 minutes);
// a test recomputes the rows that take seconds, the script recomputes and compares every row (`--check`).
#pragma once
#include <cstdint>
#include <vector>

namespace seprank {

struct annihilator_table_row {
  int L;
  int dx;
  std::uint64_t loss;  // the Gram count minus the refined bound
};

inline constexpr std::uint64_t annihilator_table_seed = 1;
inline constexpr int annihilator_table_max_L = 6, annihilator_table_max_dx = 12;

const std::vector<annihilator_table_row>& annihilator_table();
// The row at (L, d_x), or nullptr.
const annihilator_table_row* annihilator_table_row_of(long L, long dx);

}  // namespace seprank
