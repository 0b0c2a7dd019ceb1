// The Hessian of gamma = b^T R_l(M) b on one d x d block, mod a prime (docs/theory.md, section 15). At the
// specialised weights of section 15 (every P = I, lower layers' X_j = Q_j, the output row u = b) the recursion is
// A_0 = I, R_j = A_j M A_j^T, A_{j+1} = R_j Q_j A_j, and gamma = b^T R_l b is a product of 3^l copies of M with
// constant matrices between: its Hessian (a D x D matrix, D = d(d+1)/2, in the entries M_ab, a <= b) is computed
// from that word at an integer point N. The arithmetic under the block ranks (analysis/structure/hessian_rank) and
// the check of Theorem 15.1 (analysis/structure/moment_hessian_check).
#pragma once
#include <cstdint>
#include <utility>
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

// gamma(N) and b^T A_l(N) mod p (the row vector whose product with x^i is f), by one run of the recursion (not the
// word); gamma_mod_p and f_row_mod_p return one of them.
struct gamma_values {
  std::uint64_t gamma = 0;
  std::vector<std::uint64_t> f_row;
};
gamma_values gamma_values_mod_p(const hessian_block_data& x, std::uint64_t p);
std::uint64_t gamma_mod_p(const hessian_block_data& x, std::uint64_t p);
std::vector<std::uint64_t> f_row_mod_p(const hessian_block_data& x, std::uint64_t p);
// The Hessian of gamma at N mod p: entry (s, t) = d^2 gamma / dM_s dM_t, the entries M_ab (a <= b) numbered row by
// row (s = index of (a, b)), from the word of gamma. Row-major, D*D values.
std::vector<std::uint64_t> gamma_hessian_mod_p(const hessian_block_data& x, std::uint64_t p);
// d^2 gamma / dM_s dM_t at N mod p for one pair, by interpolation of gamma(N + s' E_s + t' E_t) in (s', t') from
// evaluations of the recursion: an independent (slow) second route for tests.
std::uint64_t gamma_hessian_entry_by_interpolation(const hessian_block_data& x, int s, int t, std::uint64_t p);

// The entries M_ab, a <= b, numbered row by row: the Hessian's rows and columns.
std::vector<std::pair<int, int>> symmetric_entry_pairs(int d);
// The rank mod p of a D x D matrix (row-major), run beside check_interrupt (Ctrl-C, --time-limit).
long hessian_rank_mod_p(const std::vector<std::uint64_t>& H, long D, std::uint64_t p);

}  // namespace seprank
