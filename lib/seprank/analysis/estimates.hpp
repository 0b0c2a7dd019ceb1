// Size and time estimates for every expensive step, and the guards that refuse a step over its
// limit before it starts (with the estimate and the option that raises the limit). Each model is
// calibrated on this project's 2-core development machine (README, Benchmarks).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "seprank/model/config.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/analysis/options.hpp"
#include "seprank/support/errors.hpp"

namespace seprank {

// A block's place and size without its entries (for reports, per-block bounds and estimates).
struct block_shape {
  std::vector<int> b_degrees;  // B-side degrees present, sorted
  long rows = 0, cols = 0;
};

// Size of an expansion, estimated before it is carried out.
struct expansion_estimate {
  bounded_count terms;                 // dimension of the monomial space containing y_p
  std::uint64_t coefficient_bits = 0;  // bound on the bits of any coefficient
  std::uint64_t memory_mb = 0;         // estimated peak memory
  double seconds = 0;                  // estimated time (model calibrated on this 2-core machine)
};

// Coefficients: substituting |weights| <= R and all inputs = X majorises every layer:
// X_{l+1} <= K X_l^3 (+ X_l with residual), K = N H d_a^2 d_x^3 R^4, so every coefficient of
// y_p has absolute value <= (K+1)^C. Time: ~7e-7 s x terms x limbs x sqrt(C) (2 threads).
expansion_estimate estimate_expansion(const network_config& cfg, long max_abs_weight, int threads,
                                      std::uint64_t max_terms);
// The verdict on an expansion: empty when the estimate fits the limits, else the refusal naming the estimate
// and the option that raises the limit.
option_message expansion_refusal(const network_config& cfg, const expansion_estimate& e, const resource_limits& lim);
// Refuses (resource_error with that text) an expansion over the limits; returns the estimate otherwise.
expansion_estimate require_expansion_fits(const network_config& cfg, long max_abs_weight, int threads,
                                          const resource_limits& lim);

// The Gram form A_L(M) before it is computed: its terms (at most d_x multichoose(D, C)), estimated time and
// peak memory.
struct gram_form_estimate {
  bounded_count terms;
  double seconds = 0;
  std::uint64_t memory_mb = 0;
};
gram_form_estimate estimate_gram_form(const network_config& cfg);
// The verdict of the guard: empty when the estimate fits --max-memory and --time-limit, else the refusal
// (naming the estimate and the option that raises the limit). require_gram_form_fits throws it.
option_message gram_form_refusal(const network_config& cfg, const resource_limits& lim);
void require_gram_form_fits(const network_config& cfg, const resource_limits& lim);

// Upper bound on the number of terms of g^L (eq. 4): dx * D^C (saturating at cap).
std::uint64_t index_structure_term_bound(const network_config& cfg, std::uint64_t cap);

// Bound on the number of terms of a symbolic-weight expansion (L = 1: H d_a^2 d_x^3 N^2; d_x = 1:
// the monomial count; otherwise unsupported, reported as max_symbolic_terms + 1).
std::uint64_t symbolic_term_bound(const network_config& cfg, std::uint64_t max_symbolic_terms);

// Nonzeros of the Gram coefficient matrix: each term m_gamma of A_L(M) splits into
// prod_v (gamma_v + 1) terms, and sum over |gamma| = C of that product is multichoose(2D, C); so at
// most d_x * multichoose(2D, C) (d_x * multichoose(2D + 1, C) with the residual connection).
std::uint64_t gram_matrix_size_bound(const network_config& cfg, std::uint64_t cap);
// The dense relation matrix mod p behind one finite-N side bound (analysis/ranks/minor_relations): at most
// this many entries (160 MB, about 10 s); a larger one is not tried and the block keeps its other bounds.
inline constexpr std::uint64_t side_bound_max_entries = 20000000;

// The Gram rank's polynomial ring has d_x + 2D variables (x^i, M_A, M_B); FLINT's packed
// exponents make rings beyond this size impractical.
inline constexpr int max_gram_variables = 600;
int gram_rank_variable_count(const network_config& cfg);

// Throws resource_error (with the estimate) when a block is too large to rank densely mod p.
void require_rank_fits(const std::vector<block_shape>& blocks, const rank_limits& lim);

// The largest grid size s = t (a power of two, at most max_points) whose estimated evaluation time
// fits in max_seconds and whose estimated memory (grid_memory_mb) fits in max_memory_mb; below 8 the grid is not
// attempted (4 is returned).
long grid_points_within(const network_config& cfg, long max_points, double max_seconds, int threads = 1,
                        std::uint64_t max_memory_mb = UINT64_MAX);
// MiB a grid of s x s points holds at its largest (graded: the values of C + 1 scalings, 4 bytes each, twice: as the
// bands' results and assembled; then the s x s matrix mod p and FLINT's copy of it), with 16 MiB for the process.
std::uint64_t grid_memory_mb(const network_config& cfg, long s);
// Entries of a finite-N side bound's relation matrix that fit max_memory_mb (8 bytes an entry, and FLINT's copy,
// beside 16 MiB for the process), at most side_bound_max_entries.
std::uint64_t side_bound_entries_within(std::uint64_t max_memory_mb);
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
// Estimated seconds of the forward passes for `pairs` grid points (graded: C + 1 scalings each).
double grid_evaluation_seconds(const network_config& cfg, double pairs, int threads = 1);
// Estimated seconds of a grid with up to s x s points (graded: per degree block, C + 1 scalings).
double grid_seconds(const network_config& cfg, long s, int threads = 1);
// Whether grid_rank takes the graded path (homogeneous networks with C + 1 <= 255).
bool grid_is_graded(const network_config& cfg);

}  // namespace seprank
