// The rows are data: annihilator_table.tsv (written by bench/annihilator_table.sh from `seprank-sym annihilators
// --seed 1`), made into C++ at build time by lib/table_rows.py.
#include "seprank/analysis/paper/annihilator_table.hpp"

#include <algorithm>

namespace seprank {

const std::vector<annihilator_table_row>& annihilator_table() {
  static const std::vector<annihilator_table_row> table{
#include "annihilator_table_rows.inc"
  };
  return table;
}

const annihilator_table_row* annihilator_table_row_of(long L, long dx) {
  const auto& t = annihilator_table();
  const auto it =
      std::find_if(t.begin(), t.end(), [&](const annihilator_table_row& r) { return r.L == L && r.dx == dx; });
  return it == t.end() ? nullptr : &*it;
}

}  // namespace seprank
