#include "seprank/analysis/structure/psi_span.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <string>

#include "seprank/analysis/paper/gram_count.hpp"
#include "seprank/analysis/structure/monomial_space.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/random.hpp"

namespace seprank {
namespace {

// The exponent vectors gamma (over the D entries of M) used by row p of A_L(M), with the number
// of entries r in which each occurs.
std::map<std::vector<unsigned long>, int> used_gram_monomials(const gram_form& g) {
  std::map<std::vector<unsigned long>, int> used;
  for (const auto& p : g.row)
    for (long t = 0; t < p.term_count(); ++t) {
      if (t % 65536 == 0) check_interrupt();  // millions of terms: seconds at L = 2, d_x = 10
      ++used[p.exponents(t)];
    }
  return used;
}

}  // namespace

big_int psi_span_dimension(const network_config& c) {
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

psi_span_analysis analyse_psi_span(const structure_analysis& s, std::uint64_t seed, long check_elements,
                                   long list_limit, long monomial_limit) {
  const auto& c = s.cfg;
  psi_span_analysis f;
  f.D = static_cast<unsigned>(gram_entry_count(c.dx));
  f.C = static_cast<unsigned>(summed_index_count(c.L));
  f.dim_formula = psi_span_dimension(c);
  if (f.dim_formula <= psi_span_enumeration_limit) {
    const std::uint64_t n = enumerate_monomials(static_cast<int>(f.D), static_cast<int>(f.C), c.residual,
                                                psi_span_enumeration_limit, [](const std::vector<unsigned>&) {});
    f.dim_enumerated = big_int(n) * c.dx;
    f.enumerated = true;
  }
  const auto used = used_gram_monomials(s.gram);
  f.used_gammas = static_cast<long>(used.size());
  std::vector<const std::vector<unsigned long>*> gammas;
  bool first = true;
  for (const auto& [gamma, count] : used) {
    if (gammas.size() % 65536 == 0) check_interrupt();
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
  splitmix64 rng{stream_seed(seed, random_stream::element_sample)};
  const long n = static_cast<long>(gammas.size()), k = std::min(n, check_elements);
  for (long i = 0; i < k; ++i) {
    const long j = i + static_cast<long>(rng.next() % static_cast<std::uint64_t>(n - i));
    std::swap(gammas[i], gammas[j]);
    const auto& gamma = *gammas[i];
    int support = 0;
    for (auto e : gamma) support += e ? 1 : 0;
    f.checked_max_support = std::max(f.checked_max_support, support);
    f.checked_gammas.push_back(gamma);
  }
  f.binom_bound = multichoose(f.D + 1, f.C);  // sum_{k <= C} mc(D, k)
  f.gram_count = gram_count(c.L, c.dx, c.residual, std::numeric_limits<long>::max()).value;
  f.refined_gram_count = f.gram_count - s.annihilators.loss;
  f.refined_every_weight = s.annihilators.every_weight();
  for (int r = 0; r < c.dx && static_cast<long>(f.listed.size()) < list_limit; ++r)
    for (long t = 0; t < s.gram.row[r].term_count() && static_cast<long>(f.listed.size()) < list_limit; ++t)
      f.listed.push_back({r, s.gram.row[r].exponents(t)});
  return f;
}

}  // namespace seprank
