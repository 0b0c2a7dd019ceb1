#include "seprank/analysis/gram_rank.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "seprank/analysis/kernel_space.hpp"

namespace seprank {

gram_rank_result gram_rank(const network_config& c, const gram_form& g, std::uint64_t prime, const rank_limits& lim) {
  const int D = gram_entry_count(c.dx);
  std::vector<std::string> names;
  for (int r = 1; r <= c.dx; ++r) names.push_back("xi_" + std::to_string(r));
  for (const char* side : {"A", "B"})
    for (int a = 1; a <= c.dx; ++a)
      for (int b = a; b <= c.dx; ++b) names.push_back(std::string("M") + side + std::to_string(a) + "_" + std::to_string(b));
  const auto ring = std::make_shared<const polynomial_ring>(names);
  std::vector<polynomial> sum;  // m_ab -> MA_ab + MB_ab
  for (int k = 0; k < D; ++k)
    sum.push_back(polynomial::variable(ring, c.dx + k) + polynomial::variable(ring, c.dx + D + k));
  polynomial P(ring);
  for (int r = 0; r < c.dx; ++r) P += g.row[r].compose(ring, sum) * polynomial::variable(ring, r);
  std::vector<bool> mask(c.dx + 2 * D, false);
  std::fill(mask.begin(), mask.begin() + c.dx + D, true);
  gram_rank_result res;
  res.matrix = build_coefficient_matrix(P, mask);
  res.rank = certified_rank(res.matrix, prime, lim, nullptr);
  return res;
}

long gram_count_bound(const network_config& c, const partition& p, const coefficient_block& b) {
  if (c.residual || b.a_degrees.size() != 1 || b.b_degrees.size() != 1) return -1;
  const std::uint64_t C = static_cast<std::uint64_t>(summed_index_count(c.L));
  const bool i_in_A = p.in_A(c.position);
  const int even_degree = i_in_A ? b.b_degrees[0] : b.a_degrees[0];
  if (even_degree % 2 != 0) return -1;
  const std::uint64_t k = static_cast<std::uint64_t>(even_degree / 2);
  if (k > C) return -1;
  return gram_count_of_block(c, static_cast<unsigned>(k)).convert_to<long>();
}

// Proven per-block upper bound for the input coefficient matrix. An input block whose even side
// (the side without x^i) has degrees {2k : k in K} factors through the Gram blocks whose
// M-degrees lie in K; when those Gram blocks are exact and cover K, their total rank bounds it.
// The Gram-form count bound (homogeneous networks) is used as well; the smaller bound wins.
block_upper_bound block_bound(const network_config& c, const partition& p,
                                                           const gram_rank_result& g) {
  return [&c, p, &g](const coefficient_block& blk) {
    const long count = gram_count_bound(c, p, blk);
    const auto& even = p.in_A(c.position) ? blk.b_degrees : blk.a_degrees;
    std::set<int> K;
    for (int d : even) {
      if (d % 2) return count;
      K.insert(d / 2);
    }
    long total = 0;
    std::set<int> covered;
    for (std::size_t b = 0; b < g.matrix.blocks.size(); ++b) {
      const auto& ks = g.matrix.blocks[b].b_degrees;
      if (!std::all_of(ks.begin(), ks.end(), [&](int k) { return K.count(k) > 0; })) continue;
      if (!g.rank.blocks[b].exact) return count;
      total += g.rank.blocks[b].upper;
      covered.insert(ks.begin(), ks.end());
    }
    if (covered != K) return count;
    return count < 0 ? total : std::min(count, total);
  };
}

}  // namespace seprank
