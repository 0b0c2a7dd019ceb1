#include "seprank/analysis/ranks/element_rank.hpp"

#include <optional>

#include "seprank/support/parse.hpp"

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

element_rank_check check_element_ranks(const std::vector<std::vector<unsigned long>>& gammas, std::uint64_t prime,
                                       unit_runner* runner) {
  // One unit per element: its result depends on gamma and the prime only (no weights).
  unit_batch batch{"element-rank", element_rank_method_version, "prime=" + std::to_string(prime), "", {}};
  for (const auto& gamma : gammas) {
    std::string name = "gamma=";
    double cells = 1;
    for (std::size_t v = 0; v < gamma.size(); ++v) {
      name += (v ? "," : "") + std::to_string(gamma[v]);
      cells *= static_cast<double>(gamma[v] + 1);
    }
    batch.units.push_back({name, cells, 0});  // the estimate only orders the units: the matrix's size
  }
  element_rank_check check;
  const std::vector<unit_result> done = run_units(
      runner, batch, [&](std::size_t i) { return std::to_string(element_separation_rank_by_matrix(gammas[i], prime)); },
      &check.units);
  check.checked = static_cast<long>(gammas.size());
  for (std::size_t i = 0; i < done.size(); ++i) {  // a stored result that is no integer disagrees (never an exception)
    const std::optional<long> rank = parse_integer(done[i].data);
    check.agree += rank && *rank == element_separation_rank(gammas[i]) ? 1 : 0;
  }
  return check;
}

}  // namespace seprank
