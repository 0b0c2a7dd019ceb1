#include "seprank/analysis/ranks/coefficient_kernel.hpp"

namespace seprank {

coefficient_kernel coefficient_kernel_of(const coefficient_matrix& m, const rank_result& r, bool want_basis,
                                         long max_vectors, std::uint64_t max_exact_entries) {
  coefficient_kernel k;
  for (std::size_t b = 0; b < m.blocks.size(); ++b)
    if (r.blocks[b].exact) k.dimension += m.blocks[b].matrix.cols - r.blocks[b].upper;
  if (!r.exact()) {
    k.skipped = kernel_skip::not_certified;
    k.dimension = m.cols() - r.lower;
    return k;
  }
  if (!want_basis) return k;
  for (std::size_t b = 0; b < m.blocks.size(); ++b) {
    const auto& blk = m.blocks[b];
    if (blk.matrix.cols == r.blocks[b].upper) continue;
    if (static_cast<long>(k.vectors.size()) >= max_vectors) break;
    if (static_cast<std::uint64_t>(blk.matrix.rows) * blk.matrix.cols > max_exact_entries) {
      k.skipped = kernel_skip::block_too_large;
      k.skipped_rows = blk.matrix.rows, k.skipped_cols = blk.matrix.cols;
      k.vectors.clear();
      return k;
    }
    for (const auto& v : kernel_basis(blk.matrix)) {
      if (static_cast<long>(k.vectors.size()) >= max_vectors) break;
      k.vectors.push_back({b, v});
    }
  }
  k.computed = true;
  return k;
}

}  // namespace seprank
