// The general word's block rank (docs/theory.md, section 15): the Hessian of gamma = b^T R_l(M) b on one d x d block
// (engine/gamma_hessian) with drawn lower-layer Q_j, which Theorem 15.1 does not cover, ranked mod a prime at a
// drawn integer point N: a certified lower bound on its rank over Q at N, for comparison beside the theorem.
#pragma once
#include <cstdint>

#include "seprank/engine/gamma_hessian.hpp"

namespace seprank {

// The general word's block rank at an integer point (for comparison beside Theorem 15.1): the draw (seed, attempt),
// the prime, and mod p (hence over Z): gamma(N) != 0, b^T A_l(N) != 0, and the rank of the Hessian at N.
struct block_hessian_rank {
  int d = 0, level = 0;
  std::uint64_t seed =
      0;            // the block's data is draw_hessian_block(d, level, hessian_draw_seed(seed, d, level, attempt))
  int attempt = 0;  // draws whose gamma(N) or b^T A_l(N) vanished mod p were skipped
  std::uint64_t prime = 0;
  long rank = 0;  // rank mod p of the Hessian: <= its rank over Q at N
  bool gamma_nonzero = false, f_nonzero = false;
};
// The seed of one draw: independent streams for every (d, level, attempt) of one user seed.
std::uint64_t hessian_draw_seed(std::uint64_t seed, int d, int level, int attempt);
// Draws until gamma(N) and b^T A_l(N) are nonzero mod p (at most 32 attempts; rank 0 and both flags false if none).
block_hessian_rank certify_block_hessian_rank(int d, int level, std::uint64_t seed);
// Recomputes exactly the draw `attempt` of `seed` (the check of a table entry).
block_hessian_rank block_hessian_rank_at(int d, int level, std::uint64_t seed, int attempt);

}  // namespace seprank
