#include "seprank/analysis/ranks/coefficient_block_bounds.hpp"

#include <algorithm>
#include <set>

#include "seprank/analysis/paper/gram_count.hpp"

namespace seprank {

long coefficient_block_gram_count(const network_config& c, const partition& p, const coefficient_block& b) {
  if (c.residual || b.a_degrees.size() != 1 || b.b_degrees.size() != 1) return -1;
  const std::uint64_t C = static_cast<std::uint64_t>(summed_index_count(c.L));
  const bool i_in_A = p.in_A(c.position);
  const int even_degree = i_in_A ? b.b_degrees[0] : b.a_degrees[0];
  if (even_degree % 2 != 0) return -1;
  const std::uint64_t k = static_cast<std::uint64_t>(even_degree / 2);
  if (k > C) return -1;
  return block_gram_count(c, static_cast<unsigned>(k)).convert_to<long>();
}

// Proven per-block upper bound for the input coefficient matrix. An input block whose even side
// (the side without x^i) has degrees {2k : k in K} factors through the Gram blocks whose
// M-degrees lie in K; when those Gram blocks are exact and cover K, their total rank bounds it.
// The Gram-form count bound (homogeneous networks) is used as well; the smaller bound wins.
block_upper_bound block_bound(const network_config& c, const partition& p, const gram_rank_result& g) {
  return [&c, p, &g](const coefficient_block& blk) {
    const long count = coefficient_block_gram_count(c, p, blk);
    const auto& even = p.in_A(c.position) ? blk.b_degrees : blk.a_degrees;
    std::set<int> K;
    for (int d : even) {
      if (d % 2) return count;
      K.insert(d / 2);
    }
    long total = 0;
    std::set<int> covered;
    for (std::size_t b = 0; b < g.blocks.size(); ++b) {
      const auto& ks = g.blocks[b].b_degrees;
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
