// Rank mod a small prime on top of BLAS (FFLAS-FFPACK): the Gram blocks' large dense ranks (docs/theory.md,
// section 7). FLINT 2.9's nmod_mat_rank does its own arithmetic; FFLAS-FFPACK's PLUQ over Givaro::Modular<double>
// hands the bulk of the work to dgemm (OpenBLAS where installed) and is about twice as fast on the blocks the
// Gram rank ranks (README, "Faster where it counts"). The rank of a matrix mod p does not depend on the algorithm:
// either path gives the same number.
#pragma once
#include <cstdint>
#include <vector>

#include "seprank/engine/linalg.hpp"

namespace seprank {

// Whether this build has the FFLAS-FFPACK path (meson -Dfflas) and this processor runs it: the library is compiled
// for x86-64-v3 (AVX2, FMA), where its modular reductions vectorize (2.3x faster than the baseline ISA here).
bool fflas_available();
// Primes below this bound have residues, and products of residues, exact in doubles for FFLAS-FFPACK.
inline constexpr std::uint64_t fflas_max_prime = std::uint64_t{1} << 26;
// Blocks with min(rows, cols) below this stay with FLINT (bench_dense_rank: 0.9x FLINT at n = 200, 1.5x at 400).
inline constexpr long fflas_min_side = 400;
// The rank mod p (p < fflas_max_prime) of the rows x cols matrix `a` (row-major residues as doubles), which it
// overwrites; BLAS on `threads` threads where it can be told (OpenBLAS). Only when fflas_available().
long fflas_rank(std::vector<double>& a, long rows, long cols, std::uint64_t p, int threads);
// The rank mod p of a sparse integer matrix: on BLAS (fflas_rank) when p < fflas_max_prime, both sides are at least
// fflas_min_side and fflas_available(), else FLINT (rank_mod_p). The same number either way; on the Macaulay
// matrices of docs/theory.md, section 14 (up to 6384 x 3003), mod a prime below 2^23, BLAS takes L = 6, d_x = 7
// from 116 s (FLINT) to 23 s.
long rank_mod_p_fastest(const integer_matrix& a, std::uint64_t p, int threads = 1);

}  // namespace seprank
