// The rows are data: certified_table.tsv (written by bench/certified_table.sh from the tool's own certified
// output), made into C++ at build time by lib/table_rows.py.
#include "seprank/analysis/paper/certified_table.hpp"

namespace seprank {

const std::vector<certified_sep>& certified_table() {
  static const std::vector<certified_sep> table{
#include "certified_table_rows.inc"
  };
  return table;
}

}  // namespace seprank
