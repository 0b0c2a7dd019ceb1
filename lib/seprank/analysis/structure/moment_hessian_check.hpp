// The check of Theorem 15.1 (docs/theory.md, section 15; the `hessian-ranks` command): the lower bound rests on the
// theorem's closed form for the Hessian rank of the moment form gamma = b^T M^{3^l} b (every Q_j = I), and this file
// checks it mod a prime, with the general word's block rank (structure/hessian_rank) beside it for comparison.
#pragma once
#include <cstdint>

#include "seprank/analysis/structure/hessian_rank.hpp"
#include "seprank/model/quantities.hpp"

namespace seprank {

// The check of Theorem 15.1 (docs/theory.md, section 15): the Hessian of the moment form gamma = b^T M^g b
// (g = 3^level: every Q_j = I) ranked mod a 62-bit prime at a uniformly random point (M, b) mod p, or at a random
// point of gamma = 0 (b_0 solved from the quadratic b^T M^g b = 0 mod p). Its rank never exceeds rho_g(d) (part
// (i) holds over every field except characteristic 2) and equals it at a uniformly random point except with
// probability at most rho_g(d) g (1/p + 2^-64).
struct moment_hessian_check {
  int d = 0, level = 0;
  std::uint64_t seed = 0, prime = 0;
  int attempt = 0;             // on gamma = 0: draws whose quadratic had no root mod p were skipped
  bool on_gamma_zero = false;  // the point lies on gamma = 0
  bool found = false;          // a point was drawn (on gamma = 0: needs d >= 2)
  bool gradient_nonzero = false, f_nonzero = false;  // grad gamma and b^T M^{(g-1)/2} at the point, mod p
  long rank = 0;                                     // the Hessian's rank mod p there
};
moment_hessian_check check_moment_hessian_rank(int d, int level, std::uint64_t seed, bool on_gamma_zero);

// One (l0, d) of the check: the proven rho_g(d), the moment form at both points, and for comparison the network's
// general word (drawn lower-layer Q_j, which Theorem 15.1 does not cover).
struct moment_hessian_row {
  int d = 0, level = 0;
  long g = 0;  // 3^level
  big_int rho;
  moment_hessian_check random_point, zero_point;
  block_hessian_rank general;
  // Both moment-form ranks equal rho (on gamma = 0 only where a point exists: d >= 2), with grad gamma and
  // b^T M^{(g-1)/2} nonzero there.
  bool agrees() const;
};
moment_hessian_row moment_hessian_row_of(int d, int level, std::uint64_t seed);

}  // namespace seprank
