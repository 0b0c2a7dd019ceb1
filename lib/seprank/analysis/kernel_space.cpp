#include "seprank/analysis/kernel_space.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <string>

#include "seprank/analysis/certified_rank.hpp"
#include "seprank/analysis/gram_count.hpp"
#include "seprank/analysis/monomial_space.hpp"
#include "seprank/support/random.hpp"

namespace seprank {
namespace {

// The exponent vectors gamma (over the D entries of M) used by row p of A_L(M), with the number
// of entries r in which each occurs.
std::map<std::vector<unsigned long>, int> used_gram_monomials(const gram_form& g) {
  std::map<std::vector<unsigned long>, int> used;
  for (const auto& p : g.row)
    for (long t = 0; t < p.term_count(); ++t) ++used[p.exponents(t)];
  return used;
}

}  // namespace

big_int kernel_space_dimension(const network_config& c) {
  const auto D = static_cast<std::uint64_t>(gram_entry_count(c.dx));
  const auto C = static_cast<std::uint64_t>(summed_index_count(c.L));
  // Monomials of degree <= C in D variables = monomials of degree exactly C in D + 1 variables.
  return c.dx * (c.residual ? multichoose(D + 1, C) : multichoose(D, C));
}

big_int element_separation_rank(const std::vector<unsigned long>& gamma) {
  big_int r = 1;
  for (auto e : gamma) r *= e + 1;
  return r;
}

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
  const rank_result r = certified_rank(build_coefficient_matrix(m, mask), prime, {}, nullptr);
  return r.exact() ? r.lower : -1;
}

kernel_space_analysis analyse_kernel_space(const structure_analysis& s, std::uint64_t prime, std::uint64_t seed,
                                           long check_elements, long list_limit, long monomial_limit) {
  const auto& c = s.cfg;
  kernel_space_analysis f;
  f.D = static_cast<unsigned>(gram_entry_count(c.dx));
  f.C = static_cast<unsigned>(summed_index_count(c.L));
  f.dim_formula = kernel_space_dimension(c);
  if (f.dim_formula <= kernel_space_enumeration_limit) {
    const std::uint64_t n = enumerate_monomials(static_cast<int>(f.D), static_cast<int>(f.C), c.residual,
                                                kernel_space_enumeration_limit, [](const std::vector<unsigned>&) {});
    f.dim_enumerated = big_int(n) * c.dx;
    f.enumerated = true;
  }
  const auto used = used_gram_monomials(s.gram);
  f.used_gammas = static_cast<long>(used.size());
  std::vector<const std::vector<unsigned long>*> gammas;
  bool first = true;
  for (const auto& [gamma, count] : used) {
    f.used_coordinates += count;
    const big_int e = element_separation_rank(gamma);
    f.element_rank_min = first || e < f.element_rank_min ? e : f.element_rank_min;
    f.element_rank_max = e > f.element_rank_max ? e : f.element_rank_max;
    f.element_rank_sum += e;
    first = false;
    gammas.push_back(&gamma);
    if (static_cast<long>(f.listed_monomials.size()) < monomial_limit) f.listed_monomials.emplace_back(gamma, e);
  }
  // A uniform sample without replacement (partial Fisher-Yates with SplitMix64), checked independently.
  splitmix64 rng{seed ^ 0x656c656d656e7473ULL};
  const long n = static_cast<long>(gammas.size()), k = std::min(n, check_elements);
  for (long i = 0; i < k; ++i) {
    const long j = i + static_cast<long>(rng.next() % static_cast<std::uint64_t>(n - i));
    std::swap(gammas[i], gammas[j]);
    const auto& gamma = *gammas[i];
    int support = 0;
    for (auto e : gamma) support += e ? 1 : 0;
    f.checked_max_support = std::max(f.checked_max_support, support);
    ++f.checked_elements;
    f.checked_agree += element_separation_rank_by_matrix(gamma, prime) == element_separation_rank(gamma) ? 1 : 0;
  }
  f.binom_bound = multichoose(f.D + 1, f.C);  // sum_{k <= C} mc(D, k)
  f.gram_count_bound = gram_count(c.L, c.dx, c.residual, std::numeric_limits<long>::max()).value;
  for (int r = 0; r < c.dx && static_cast<long>(f.listed.size()) < list_limit; ++r)
    for (long t = 0; t < s.gram.row[r].term_count() && static_cast<long>(f.listed.size()) < list_limit; ++t)
      f.listed.push_back({r, s.gram.row[r].exponents(t)});
  return f;
}

}  // namespace seprank
