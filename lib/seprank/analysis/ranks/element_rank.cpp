#include "seprank/analysis/ranks/element_rank.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include "seprank/analysis/ranks/certified_rank.hpp"

namespace seprank {

// Only the variables in the support of gamma matter, so the ring has 2 |support| variables.
long element_separation_rank_by_matrix(const std::vector<unsigned long>& full_gamma, std::uint64_t prime) {
  std::vector<unsigned long> gamma;
  for (auto e : full_gamma)
    if (e) gamma.push_back(e);
  const int D = static_cast<int>(gamma.size());
  std::vector<std::string> names;
  for (int v = 0; v < 2 * D; ++v) names.push_back("t" + std::to_string(v));
  const auto ring = std::make_shared<const polynomial_ring>(names);
  polynomial m = polynomial::constant(ring, 1);
  for (int v = 0; v < D; ++v)
    for (unsigned long e = 0; e < gamma[v]; ++e) m *= polynomial::variable(ring, v) + polynomial::variable(ring, D + v);
  std::vector<bool> mask(2 * D, false);
  std::fill(mask.begin(), mask.begin() + D, true);
  const rank_result r = certified_rank(coefficient_matrix_of(m, mask), prime, {}, nullptr);
  return r.exact() ? r.lower : -1;
}

void check_element_ranks(psi_span_analysis& f, std::uint64_t prime) {
  f.checked_agree = 0;
  for (const auto& gamma : f.checked_gammas)
    f.checked_agree += element_separation_rank_by_matrix(gamma, prime) == element_separation_rank(gamma) ? 1 : 0;
}

}  // namespace seprank
