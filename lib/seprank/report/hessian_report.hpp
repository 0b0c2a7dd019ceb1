// `seprank-sym hessian-ranks`: the check of Theorem 15.1 (docs/theory.md, section 15) as a table: for each level l0
// and size d, the rank mod p of the Hessian of the moment form b^T M^g b (g = 3^{l0}) at a random point and at a
// random point of gamma = 0 beside the proven rho_g(d), and the general word's rank for comparison.
#pragma once
#include <vector>

#include "seprank/analysis/structure/moment_hessian_check.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

// stop: the command was stopped (its time limit, exit 4; Ctrl-C, exit 130) after rows.size() of planned rows.
derivation hessian_ranks_derivation(const std::vector<moment_hessian_row>& rows, std::uint64_t seed,
                                    std::size_t planned = 0, stop_reason stop = stop_reason::none);

}  // namespace seprank
