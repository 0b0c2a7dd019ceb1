// Ranks and kernels of integer matrices (FLINT): rank modulo a random prime (a certified
// lower bound on the rank over Q), exact rank by fraction-free elimination, exact kernels.
#pragma once
#include <cstdint>
#include <vector>

#include <flint/nmod_mat.h>
#include <gmpxx.h>

namespace seprank {

// A sparse integer matrix (triplets; no repeated positions).
struct integer_matrix {
  struct entry {
    long row, col;
    mpz_class value;
  };
  long rows = 0, cols = 0;
  std::vector<entry> entries;
};

// A dense matrix over Z/p that is freed on every exit, including an interrupt.
struct nmod_matrix {
  nmod_mat_t m;
  nmod_matrix(long rows, long cols, std::uint64_t p) { nmod_mat_init(m, rows, cols, p); }
  ~nmod_matrix() { nmod_mat_clear(m); }
  nmod_matrix(const nmod_matrix&) = delete;
  nmod_matrix& operator=(const nmod_matrix&) = delete;
};

// A prime of `bits` bits (at most 62): n_nextprime from a start drawn uniformly from [2^(bits-1), 2^bits) by
// SplitMix64 with `seed` (reproducible). The one place primes are drawn (docs/theory.md, section 6).
std::uint64_t draw_prime(std::uint64_t seed, int bits = 62);

// rank mod p <= rank over Q (a nonzero r x r minor mod p is nonzero over Z).
long rank_mod_p(const integer_matrix& m, std::uint64_t p);

// Exact rank over Q (FLINT fmpz_mat_rank: fraction-free LU over Z).
long exact_rank(const integer_matrix& m);

// log2 of Hadamard's bound (product of the Euclidean norms of the nonzero rows): every minor
// of m has absolute value at most 2^(this).
double log2_hadamard_bound(const integer_matrix& m);

// Probability bound that rank mod p < rank over Q for one block, p drawn as n_nextprime from a uniform
// start in [2^(b-1), 2^b) (b = the bit length of p: 62 for draw_prime, 26 and 28 for the smaller primes):
// some r x r minor D != 0 (r = rank over Q) has |D| <= Hadamard bound H, at most log2(H)/(b-1) primes
// >= 2^(b-1) divide it, and each is drawn with probability at most (the largest prime gap below its
// range: 250 below 2^29, 1550 below 2^64) / 2^(b-1). Several blocks ranked mod the same draw: sum the
// blocks' bounds (union bound).
double rank_error_bound(double log2_hadamard, std::uint64_t prime);

// Basis of the right kernel over Q as primitive integer vectors (first nonzero entry positive) (FLINT
// fmpz_mat_nullspace), verified: m * v == 0 exactly for every basis vector, and the vectors are linearly independent
// (throws std::logic_error otherwise).
std::vector<std::vector<mpz_class>> kernel_basis(const integer_matrix& m);

}  // namespace seprank
