// Separation ranks (paper, eq. 5). For a polynomial, sep(y; A, B) is the rank over Q of its
// coefficient matrix: rows indexed by monomials in the A-variables, columns by monomials in the
// B-variables. Also: the grid-tensor rank (proof of Theorem 1) and the Gram rank (N -> infinity).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "seprank/config.hpp"
#include "seprank/linalg.hpp"
#include "seprank/partition.hpp"
#include "seprank/polynomial.hpp"
#include "seprank/structure.hpp"
#include "seprank/weights.hpp"

namespace seprank {

// One diagonal block of a coefficient matrix: the rows and columns whose degrees pair up
// (for a homogeneous polynomial, one block per B-degree).
struct coefficient_block {
  std::vector<std::vector<unsigned long>> row_monomials;  // exponents of the A-variables
  std::vector<std::vector<unsigned long>> col_monomials;  // exponents of the B-variables
  std::vector<int> a_degrees, b_degrees;                  // degrees present, sorted
  integer_matrix matrix;
};

struct coefficient_matrix {
  std::vector<int> a_vars, b_vars;  // ring variable indices on each side
  std::vector<coefficient_block> blocks;
  long rows() const;
  long cols() const;
  long nonzeros() const;
  std::uint64_t largest_block_entries() const;  // max rows x cols
};

// The coefficient matrix of y for the variable split is_A (true: A side), built from the terms
// once and split into connected blocks (a row and a column share a block when their degrees
// co-occur in a term).
coefficient_matrix build_coefficient_matrix(const polynomial& y, const std::vector<bool>& is_A);
// is_A for the input variables of a partition of the positions.
std::vector<bool> partition_mask(const network_config& cfg, const partition& p);

struct block_rank {
  long rows = 0, cols = 0, rank_mod_p = 0;
  long upper = -1;          // a proven upper bound used, or -1
  bool exact = false;
  std::string method;       // how the block's rank is known
};

struct rank_result {
  long lower = 0;           // certified lower bound: rank mod p
  long upper = -1;          // certified upper bound (-1: none); exact when upper == lower
  std::uint64_t prime = 0;
  double error_bound = 0;   // P(rank mod p < rank over Q), when not exact
  std::string certificate;  // summary of the methods
  std::vector<block_rank> blocks;
  bool exact() const { return upper == lower; }
};

struct rank_limits {
  std::uint64_t max_dense_entries = 400000000;  // rows x cols of one block, mod p (8 bytes each)
  std::uint64_t max_exact_entries = 250000;     // rows x cols for fraction-free elimination over Z
};

// Certified rank of a coefficient matrix, block by block: the rank mod p is a lower bound;
// a block is exact when that equals min(rows, cols), or a proven upper bound given by
// `proven_upper(block)` (return -1 for none), or its exact rank by fraction-free elimination.
rank_result certified_rank(const coefficient_matrix& m, std::uint64_t prime, const rank_limits& lim,
                           const std::function<long(const coefficient_block&)>& proven_upper);

// Throws resource_error (with the estimate) when a block is too large to rank densely.
void require_rank_fits(const coefficient_matrix& m, const rank_limits& lim);

// The Gram rank: with M_A and M_B independent symmetric matrices of indeterminates,
// P = sum_r A_L(M_A + M_B)[p][r] x^i_r, split as (x^i, M_A) | M_B. By the Gram form,
// sep(y; A, B) <= Gram rank for every N, with equality once |A| >= d_x + 1 and |B| >= d_x
// (then the monomials in (x^i, M_A) and in M_B are linearly independent functions of the inputs).
struct gram_rank_result {
  rank_result rank;
  coefficient_matrix matrix;  // blocks indexed by the degree k in M_B, k = 0..C
  std::string skipped;        // non-empty: not computed (the reason); rank is then empty
};
// Nonzeros of the Gram coefficient matrix: each term m_gamma of A_L(M) splits into
// prod_v (gamma_v + 1) terms, and sum over |gamma| = C of that product is multichoose(2D, C); so at
// most d_x * multichoose(2D, C) (d_x * multichoose(2D + 1, C) with the residual connection).
std::uint64_t gram_matrix_size_bound(const network_config& cfg, std::uint64_t cap);
gram_rank_result gram_rank(const network_config& cfg, const gram_form& g, std::uint64_t prime,
                           const rank_limits& lim);

// The forward pass of eq. 3 over Z/p at a point (no expansion), for grid tensors: per layer and
// head W^O S_h W^Q x^i with S_h = sum_j (W^V x^j)(W^K x^j)^T, in flat arrays.
class modp_network {
 public:
  modp_network(const network_config& cfg, const integer_weights& w, std::uint64_t p);
  // x: the N*dx input residues (overwritten); returns y_p mod p.
  std::uint64_t evaluate(std::vector<std::uint64_t>& x, std::vector<std::uint64_t>& scratch) const;

 private:
  network_config cfg_;
  std::uint64_t p_, pinv_;
  std::vector<std::uint64_t> weights_;  // per layer, head: Q, K, V, O row-major
};

// Grid-tensor rank (paper, proof sketch of Theorem 1): y evaluated by the literal forward pass
// at random A-side points a_1..a_s and B-side points b_1..b_t (residues mod p); the rank of the
// s x t matrix mod p is a certified lower bound on sep. s = t doubles until the rank stops
// growing (rank < s), reaches `upper` (if >= 0), or s exceeds max_points.
struct grid_rank_result {
  long rank = 0;
  long points = 0;          // s = t
  std::uint64_t prime = 0;
  std::string stop;         // why the growth stopped
};
grid_rank_result grid_rank(const network_config& cfg, const integer_weights& w, const partition& p,
                           std::uint64_t seed, long upper, long max_points);

// Proven count bound for a block of the input coefficient matrix (homogeneous networks):
// with B-degree 2k and i in A, the B-side functions lie in the span of the multichoose(D, k)
// monomials of degree k in M_B and the A-side ones in that of the dx * multichoose(D, C-k)
// functions x^i_r m(M_A); the bound is the smaller count (roles swap when i is in B).
long gram_count_bound(const network_config& cfg, const partition& p, const coefficient_block& b);

}  // namespace seprank
