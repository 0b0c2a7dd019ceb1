#include "seprank/analysis/ranks/certified_rank.hpp"

#include <algorithm>

#include "seprank/analysis/estimates.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {

bool rank_result::contradicted() const {
  return std::any_of(blocks.begin(), blocks.end(), [](const block_rank& b) { return b.contradicted(); });
}

rank_result certified_rank(const coefficient_matrix& m, std::uint64_t prime, const rank_limits& lim,
                           const block_upper_bound& proven_upper) {
  require_rank_fits(shapes_of(m), lim);
  rank_result r;
  r.prime = prime;
  r.upper = 0;
  for (const auto& blk : m.blocks) {
    block_rank b;
    b.rows = blk.matrix.rows;
    b.cols = blk.matrix.cols;
    b.rank_mod_p = rank_mod_p(blk.matrix, prime);
    check_interrupt();
    const long upper = proven_upper ? proven_upper(blk) : -1;
    b.proven_upper = upper;
    if (b.rank_mod_p == std::min(b.rows, b.cols)) {
      b.exact = true, b.upper = b.rank_mod_p, b.certificate = block_certificate::full_rank_mod_p;
    } else if (upper >= 0 && upper == b.rank_mod_p) {
      b.exact = true, b.upper = upper, b.certificate = block_certificate::meets_gram_bound;
    } else if (static_cast<std::uint64_t>(b.rows) * static_cast<std::uint64_t>(b.cols) <= lim.max_exact_entries) {
      b.upper = exact_rank(blk.matrix);  // exact; >= rank mod p
      b.exact = true;
      b.certificate = b.upper == b.rank_mod_p ? block_certificate::exact_elimination
                                              : block_certificate::exact_elimination_p_divided;
    } else {
      b.upper = upper >= b.rank_mod_p ? upper : -1;  // a bound below the lower bound is contradicted, not used
      b.certificate = block_certificate::lower_bound_only;
      r.error_bound += rank_error_bound(log2_hadamard_bound(blk.matrix), prime);
    }
    r.lower += b.exact ? b.upper : b.rank_mod_p;
    if (r.upper >= 0) r.upper = b.upper >= 0 ? r.upper + b.upper : -1;
    r.blocks.push_back(b);
  }
  return r;
}

}  // namespace seprank
