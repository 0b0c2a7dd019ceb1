// The rank stage's costs and guards (docs/theory.md, sections 6-7): a block's shape, the dense rank mod p and a Gram
// block in seconds and MiB, the Gram rank's coefficient table, and the guard that refuses a block too large to rank
// densely. Calibrated on this project's 2-core development machine (README, Benchmarks).
#pragma once
#include <cstdint>
#include <vector>

#include "seprank/analysis/options.hpp"
#include "seprank/model/config.hpp"
#include "seprank/model/quantities.hpp"

namespace seprank {

// A block's place and size without its entries (for reports, per-block bounds and estimates).
struct block_shape {
  std::vector<int> b_degrees;  // B-side degrees present, sorted
  long rows = 0, cols = 0;
};

// Nonzeros of the Gram coefficient matrix: each term m_gamma of A_L(M) splits into
// prod_v (gamma_v + 1) terms, and sum over |gamma| = C of that product is multichoose(2D, C); so at
// most d_x * multichoose(2D, C) (d_x * multichoose(2D + 1, C) with the residual connection).
std::uint64_t gram_matrix_size_bound(const network_config& cfg, std::uint64_t cap);
// The Gram rank's polynomial ring has d_x + 2D variables (x^i, M_A, M_B); FLINT's packed
// exponents make rings beyond this size impractical.
inline constexpr int max_gram_variables = 600;
int gram_rank_variable_count(const network_config& cfg);

// Throws resource_error (with the estimate) when a block is too large to rank densely mod p.
void require_rank_fits(const std::vector<block_shape>& blocks, const rank_limits& lim);

// Dense rank mod p of a rows x cols matrix (FLINT nmod_mat_rank, measured on the 2-core machine: 3000^3
// in 1.9 s with a prime below 2^26, 3.3 s with a 62-bit prime, both with 2 threads).
double dense_rank_seconds(double rows, double cols, bool small_prime, int threads);
// One Gram block of s x t sampled entries: its dense rank mod p plus building it (O(D) per entry, D = d_x (d_x + 1)/2).
double gram_block_seconds(double s, double t, int D, bool small_prime, int threads);
// MiB of a dense rows x cols matrix mod p (8 bytes an entry), rounded up.
std::uint64_t dense_block_mb(long rows, long cols);
// Bytes of the coefficient table every Gram block reads: two primes' copies of the d_x mc(D, C) residues of P
// (8 bytes each), exact at every size. Its MiB, rounded down, is what `plan` prints (saturated at 2^64 - 1).
big_int gram_table_bytes(const network_config& cfg);
std::uint64_t gram_table_mb(const network_config& cfg);
// MiB of `bytes`, rounded down, saturated at 2^64 - 1.
std::uint64_t mib_of(const big_int& bytes);
// The certified rank of a coefficient matrix, block by block (dense mod p; elimination not counted).
double coefficient_rank_seconds(const std::vector<block_shape>& blocks, int threads);

}  // namespace seprank
