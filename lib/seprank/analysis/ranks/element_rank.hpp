// The separation rank of one basis element of the span V of psi, computed as a rank (docs/theory.md,
// section 4): m_gamma(M_A + M_B) = prod_v (a_v + b_v)^gamma_v has a permuted diagonal coefficient matrix,
// so its rank is prod_v (gamma_v + 1). The tool checks that formula on a sample by building and certifying
// the coefficient matrix, independently of the formula.
#pragma once
#include <cstdint>
#include <vector>

#include "seprank/analysis/structure/psi_span.hpp"
#include "seprank/analysis/units.hpp"

namespace seprank {

// The certified rank of the coefficient matrix of m_gamma(M_A + M_B) split as M_A | M_B; -1 when it could not
// be certified.
long element_separation_rank_by_matrix(const std::vector<unsigned long>& gamma, std::uint64_t prime);

// The check of a sample of element ranks (psi_span_analysis::checked_gammas) by their matrices.
struct element_rank_check {
  long checked = 0;  // elements ranked by their matrices
  long agree = 0;    // how many have the formula's rank prod_v (gamma_v + 1) by the matrix
  bool holds() const { return agree == checked; }  // a check: FAILED otherwise
  unit_provenance units;                           // whether those ranks came from the results store
  bool stopped = false;                            // the time limit ended a wait for the store's lock: nothing checked
};
// Each element is a unit of work (analysis/units.hpp), run by `runner` (null: here, in order).
inline constexpr int element_rank_method_version = 1;
element_rank_check check_element_ranks(const std::vector<std::vector<unsigned long>>& gammas, std::uint64_t prime,
                                       unit_runner* runner = nullptr);

}  // namespace seprank
