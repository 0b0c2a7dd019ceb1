// The Hessian of gamma = b^T R_l(M) b on one d x d block (docs/theory.md, section 15). At the specialised weights of
// section 15 (every P = I, lower layers' X_j = Q_j, the output row u = b) the recursion is A_0 = I,
// R_j = A_j M A_j^T, A_{j+1} = R_j Q_j A_j, and gamma = b^T R_l b is a product of 3^l copies of M with constant
// matrices between. With every Q_j = I it is the moment form b^T M^{3^l} b, whose Hessian rank Theorem 15.1 gives in
// closed form: the lower bound rests on that theorem, and this file checks it (`hessian-ranks`); with drawn Q_j (the
// network's general word, which the theorem does not cover) it is computed for comparison only.
// Its Hessian (a D x D matrix, D = d(d+1)/2, in the entries M_ab, a <= b) is computed mod a prime at an integer
// point N from that word; its rank mod p is a certified lower bound on the rank over Q at N.
#pragma once
#include <cstdint>
#include <vector>

#include "seprank/model/quantities.hpp"

namespace seprank {

// Integer data of one block: the lower layers' Q_0..Q_{l-1} (d x d, row-major), b, and the symmetric point N.
struct hessian_block_data {
  int d = 0, level = 0;
  std::vector<std::vector<long>> Q;  // level matrices, d*d entries each
  std::vector<long> b;               // d entries
  std::vector<long> N;               // d*d entries, symmetric
};

// The block's data drawn from `seed` (SplitMix64): entries uniform nonzero integers in [-range, range].
hessian_block_data draw_hessian_block(int d, int level, std::uint64_t seed, long range = 8);

// gamma(N) mod p, by the recursion (not the word).
std::uint64_t gamma_mod_p(const hessian_block_data& x, std::uint64_t p);
// b^T A_l(N) mod p (the row vector whose product with x^i is f), by the recursion.
std::vector<std::uint64_t> f_row_mod_p(const hessian_block_data& x, std::uint64_t p);
// The Hessian of gamma at N mod p: entry (s, t) = d^2 gamma / dM_s dM_t, the entries M_ab (a <= b) numbered row by
// row (s = index of (a, b)), from the word of gamma. Row-major, D*D values.
std::vector<std::uint64_t> gamma_hessian_mod_p(const hessian_block_data& x, std::uint64_t p);
// d^2 gamma / dM_s dM_t at N mod p for one pair, by interpolation of gamma(N + s' E_s + t' E_t) in (s', t') from
// evaluations of the recursion: an independent (slow) second route for tests.
std::uint64_t gamma_hessian_entry_by_interpolation(const hessian_block_data& x, int s, int t, std::uint64_t p);

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
