// Certified ranks of coefficient matrices, block by block (docs/theory.md, section 6): the rank
// modulo a random 62-bit prime is a certified lower bound (a nonzero minor mod p is nonzero over
// Z); a block's rank is exact when that lower bound meets a proven upper bound.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "seprank/analysis/ranks/coefficient_matrix.hpp"
#include "seprank/analysis/estimates.hpp"
#include "seprank/analysis/units.hpp"

namespace seprank {

// How a block's rank is known.
enum class block_certificate {
  full_rank_mod_p,              // rank mod p = min(rows, cols)
  meets_gram_bound,             // rank mod p = a proven Gram-form upper bound
  meets_annihilator_bound,      // rank mod p = min(rows, cols - a) with a proven rank-one annihilators (section 14)
  exact_elimination,            // fraction-free elimination over Z
  exact_elimination_p_divided,  // the same, where p divided every maximal minor (rank mod p was lower)
  lower_bound_only,             // no upper bound met: rank mod p is a lower bound
};

// The one table of block_certificate: its JSON key (the store writes it with '_' for '-') and its prose.
struct block_certificate_info {
  block_certificate value;
  const char* key;
  const char* prose;
};
const block_certificate_info& block_certificate_info_of(block_certificate c);

struct block_rank {
  long rows = 0, cols = 0, rank_mod_p = 0;
  long upper = -1;  // a proven upper bound used, or -1
  bool exact = false;
  block_certificate certificate = block_certificate::lower_bound_only;
  std::uint64_t prime = 0;                  // the prime of rank_mod_p (0: the rank_result's prime)
  long sampled_rows = 0, sampled_cols = 0;  // > 0: rank_mod_p was taken on a random submatrix of this size
  long proven_upper = -1;                   // the proven upper bound offered for the block (-1: none)
  // Our own bounds disagree: the proven upper bound is below the certified lower bound (FAILED).
  bool contradicted() const { return proven_upper >= 0 && proven_upper < (exact ? upper : rank_mod_p); }
};

// A Gram block's result as a unit of work stores it (analysis/units.hpp): JSON, every field, exactly.
template <>
struct unit_schema<block_rank> {
  static constexpr const char* method = "gram-block";
  static std::string to_stored(const block_rank& b);
  static block_rank from_stored(const std::string& data);  // std::exception on text that is no block result
};

struct rank_result {
  long lower = 0;   // certified lower bound: rank mod p
  long upper = -1;  // certified upper bound (-1: none); exact when upper == lower
  std::uint64_t prime = 0;
  // When not exact: `lower` is certain; that it equals the rank over Q holds except with probability at
  // most error_bound over the choice of the primes (summed over the blocks that stay lower bounds, each
  // for the prime it was ranked with). equality_bounded is false when such a block was ranked on a random
  // submatrix: a sample can lose rank for reasons other than the prime, and no probability is claimed.
  double error_bound = 0;
  bool equality_bounded = true;
  std::vector<block_rank> blocks;
  bool exact() const { return upper == lower; }
  bool contradicted() const;  // some block's proven upper bound is below its certified lower bound
  // Appends a certified block: its rank (or lower bound) adds to `lower`, its upper bound to `upper`.
  void add(const block_rank& b);
};

// How a block's certified lower bound b.rank_mod_p becomes exact (docs/theory.md, section 6): it is
// min(rows, cols); or it meets a proven upper bound (-1: none); or the block is small enough for the
// exact rank over Q by elimination, exact_rank_of() (>= the rank mod p). Otherwise b stays a lower bound,
// keeping a proven upper bound at or above it (one below it is a contradiction: block_rank::contradicted).
template <class ExactRank>
void certify_block(block_rank& b, long proven_upper, bool small_enough, const ExactRank& exact_rank_of) {
  b.proven_upper = proven_upper;
  if (b.rank_mod_p == std::min(b.rows, b.cols)) {
    b.exact = true, b.upper = b.rank_mod_p, b.certificate = block_certificate::full_rank_mod_p;
  } else if (proven_upper >= 0 && proven_upper == b.rank_mod_p) {
    b.exact = true, b.upper = proven_upper, b.certificate = block_certificate::meets_gram_bound;
  } else if (small_enough) {
    b.upper = exact_rank_of();
    b.exact = true;
    b.certificate =
        b.upper == b.rank_mod_p ? block_certificate::exact_elimination : block_certificate::exact_elimination_p_divided;
  } else {
    b.upper = proven_upper >= b.rank_mod_p ? proven_upper : -1;
    b.certificate = block_certificate::lower_bound_only;
  }
}

// A proven upper bound on a block's rank, or -1 for none.
using block_upper_bound = std::function<long(const coefficient_block&)>;

// Certified rank of a coefficient matrix, block by block: the rank mod p is a lower bound;
// a block is exact when that equals min(rows, cols), or the proven upper bound given by
// `proven_upper(block)`, or its exact rank by fraction-free elimination (small blocks). A proven upper
// bound below the certified lower bound is kept and reported (contradicted()), never used.
rank_result certified_rank(const coefficient_matrix& m, std::uint64_t prime, const rank_limits& lim,
                           const block_upper_bound& proven_upper);

}  // namespace seprank
