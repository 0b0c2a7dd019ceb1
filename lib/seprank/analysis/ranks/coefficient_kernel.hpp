// The kernel of the coefficient matrix (docs/theory.md, section 5): the right kernel holds the
// linear relations sum_m v_m phi[m] = 0 among the A-side functions phi[m] that multiply the
// B-monomials m in y_p. Its dimension is columns minus the certified rank, block by block; a basis
// is computed exactly (FLINT fmpz_mat_nullspace) and multiplied back.
#pragma once
#include <cstddef>
#include <vector>

#include <gmpxx.h>

#include "seprank/analysis/ranks/certified_rank.hpp"

namespace seprank {

enum class kernel_skip { none, not_certified, block_too_large };

// One basis vector of the kernel of block `block` (primitive, over Z; indexed by its columns).
struct kernel_vector {
  std::size_t block = 0;
  std::vector<mpz_class> v;
};

struct coefficient_kernel {
  long dimension = 0;     // cols - rank (an upper bound when the rank is not certified)
  bool computed = false;  // a basis was computed (the first vectors, up to the limit)
  kernel_skip skipped = kernel_skip::none;
  long skipped_rows = 0, skipped_cols = 0;  // the block too large for an exact kernel
  std::vector<kernel_vector> vectors;
};

// The kernel's dimension; with want_basis, up to max_vectors basis vectors from the blocks of
// smallest B-degree on, each block at most max_exact_entries entries.
coefficient_kernel coefficient_kernel_of(const coefficient_matrix& m, const rank_result& r, bool want_basis,
                                         long max_vectors, std::uint64_t max_exact_entries);

}  // namespace seprank
