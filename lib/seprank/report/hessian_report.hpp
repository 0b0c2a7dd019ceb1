// `seprank-sym hessian-ranks`: certified block Hessian ranks of gamma (docs/theory.md, section 15) as a table, either
// computed for a seed or the shipped table's rows recomputed (--check, FAILED on any disagreement).
#pragma once
#include <vector>

#include "seprank/analysis/paper/hessian_table.hpp"
#include "seprank/analysis/structure/hessian_rank.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

// One row: what was computed now and, for --check, the table row it is compared with.
struct hessian_rank_row {
  block_hessian_rank computed;
  bool checked = false;        // a table row was recomputed
  certified_hessian_rank row{};  // that row
  bool verifies = true;
};
derivation hessian_ranks_derivation(const std::vector<hessian_rank_row>& rows, bool check, std::uint64_t seed);

}  // namespace seprank
