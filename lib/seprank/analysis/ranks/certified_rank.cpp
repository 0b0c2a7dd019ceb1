#include "seprank/analysis/ranks/certified_rank.hpp"

#include <algorithm>

#include "seprank/analysis/estimates.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {

void rank_result::add(const block_rank& b) {
  lower += b.exact ? b.upper : b.rank_mod_p;
  if (upper >= 0) upper = b.upper >= 0 ? upper + b.upper : -1;
  blocks.push_back(b);
}

bool rank_result::contradicted() const {
  return std::any_of(blocks.begin(), blocks.end(), [](const block_rank& b) { return b.contradicted(); });
}

rank_result certified_rank(const coefficient_matrix& m, std::uint64_t prime, const rank_limits& lim,
                           const block_upper_bound& proven_upper) {
  require_rank_fits(block_shapes_of(m), lim);
  rank_result r;
  r.prime = prime;
  r.upper = 0;
  for (const auto& blk : m.blocks) {
    block_rank b;
    b.rows = blk.matrix.rows;
    b.cols = blk.matrix.cols;
    b.rank_mod_p = rank_mod_p(blk.matrix, prime);
    check_interrupt();
    const bool small = static_cast<std::uint64_t>(b.rows) * static_cast<std::uint64_t>(b.cols) <= lim.max_exact_entries;
    certify_block(b, proven_upper ? proven_upper(blk) : -1, small, [&] { return exact_rank(blk.matrix); });
    if (!b.exact) r.error_bound += rank_error_bound(log2_hadamard_bound(blk.matrix), prime);
    r.add(b);
  }
  return r;
}

}  // namespace seprank
