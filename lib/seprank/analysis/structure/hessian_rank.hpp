// The Hessian of gamma = b^T R_l(M) b on one d x d block (docs/theory.md, section 15): the quantity whose rank
// drives the lower bound on sep at every size. At the specialised weights of section 15 (every P = I, lower
// layers' X_j = Q_j drawn, the output row u = b) the recursion is A_0 = I, R_j = A_j M A_j^T,
// A_{j+1} = R_j Q_j A_j, and gamma = b^T R_l b is a product of 3^l copies of M with constant matrices between.
// Its Hessian (a D x D matrix, D = d(d+1)/2, in the entries M_ab, a <= b) is computed mod a prime at an integer
// point N from that word; its rank mod p is a certified lower bound on the rank over Q at N.
#pragma once
#include <cstdint>
#include <vector>

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

// One certified block rank: the draw (seed, attempt), the prime, and the facts the bound needs, all mod p
// (hence over Z): gamma(N) != 0, b^T A_l(N) != 0, and the rank of the Hessian at N.
struct block_hessian_rank {
  int d = 0, level = 0;
  std::uint64_t seed = 0;   // the block's data is draw_hessian_block(d, level, hessian_draw_seed(seed, d, level, attempt))
  int attempt = 0;          // draws whose gamma(N) or b^T A_l(N) vanished mod p were skipped
  std::uint64_t prime = 0;
  long rank = 0;            // rank mod p of the Hessian: <= its rank over Q at N
  bool gamma_nonzero = false, f_nonzero = false;
};
// The seed of one draw: independent streams for every (d, level, attempt) of one user seed.
std::uint64_t hessian_draw_seed(std::uint64_t seed, int d, int level, int attempt);
// Draws until gamma(N) and b^T A_l(N) are nonzero mod p (at most 32 attempts; rank 0 and both flags false if none).
block_hessian_rank certify_block_hessian_rank(int d, int level, std::uint64_t seed);
// Recomputes exactly the draw `attempt` of `seed` (the check of a table entry).
block_hessian_rank block_hessian_rank_at(int d, int level, std::uint64_t seed, int attempt);
// A row of the shipped table (analysis/paper/hessian_table) verifies when its draw, recomputed, has the same prime,
// gamma and b^T A_l nonzero, and the same rank. A row that does not is FAILED and must not be used.
struct certified_hessian_rank;
bool hessian_table_row_verifies(const certified_hessian_rank& row);

}  // namespace seprank
