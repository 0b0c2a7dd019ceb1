// Rank-one annihilators of the Gram form (docs/theory.md, section 14).
//
// For one head and no residual connection, row p of A_L(M) is a word
//   e_p^T A_L(M) = u^T M K_1 M K_2 M ... M K_C,   u^T = e_p^T K_0,
// in constant integer matrices K_j (C = (3^L - 1)/2). Group the M's into adjacent pairs (a grouping): if
// v^T K_j v = 0 for every factor K_j between paired M's, and u^T v = 0 when the first M stands alone, then each
// P_r(M + t v v^T) has degree <= the number of pairs and unpaired M's left in t, so (v^T d_M v)^k annihilates
// every P_r = A_L(M)[p][r] for k above that degree. The operators of order k from the points v of
// Z = {u^T v = 0, v^T K_j v = 0} span a space of dimension H_Z(2k) (the Hilbert function of the reduced Z), and
// block k of the Gram rank (its columns are the degree-k forms) has rank at most min(rows, cols - H_Z(2k)).
#pragma once
#include <gmpxx.h>

#include <cstdint>
#include <vector>

#include "seprank/analysis/options.hpp"
#include "seprank/analysis/paper/refined_gram_count.hpp"
#include "seprank/model/config.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/model/weights.hpp"
#include "seprank/support/matrix.hpp"

namespace seprank {

// The word of A_L: factors K_0, ..., K_C with A_L(M) = K_0 M K_1 M ... M K_C (H = 1, no residual connection).
// A_0 = I; A_{l+1} = (W^O W^V) A_l M A_l^T (W^K^T W^Q) A_l merges the factors at the junctions (section 14).
struct gram_word {
  std::vector<dense_matrix<mpz_class>> factors;
};
gram_word gram_word_of(const network_config& cfg, const integer_weights& w);

// e_p^T A_L(M) mod `prime` for a symmetric M (dx x dx, entries mod prime), by multiplying out the word.
std::vector<std::uint64_t> gram_word_row(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M, std::uint64_t prime);
// max_r deg_t of P_r(M + t v v^T) mod `prime` (C + 1 evaluations and interpolation); -1 when every P_r vanishes.
int degree_along(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M, const std::vector<std::uint64_t>& v,
                 std::uint64_t prime);

// A grouping of the C M's into adjacent pairs (section 14). Odd C: the first M alone (u^T v = 0), pairs
// (2,3), ..., (C-1,C) around the even factors; degree (C-1)/2. Even C: pairs (1,2), ..., (C-1,C) around the odd
// factors, no linear condition; or the first M alone (u^T v = 0), pairs around K_2, ..., K_{C-2}, the last M
// alone; degree C/2 either way.
struct annihilator_grouping {
  bool linear = false;          // the first M stands alone: u^T v = 0
  std::vector<int> positions;   // j with v^T K_j v = 0: the factors between paired M's
  int t_degree = 0;             // P_r(M + t v v^T) has degree <= t_degree in t
  int most_quadrics = 0;        // distinct forms the positions can carry for any weight: L - 1 (L: even C, no u)
  unsigned order() const { return static_cast<unsigned>(t_degree) + 1; }
};
std::vector<annihilator_grouping> annihilator_groupings(int L);

// How the variety Z of a grouping is known for the drawn weights.
enum class variety_proof {
  expected_empty,         // more conditions than dimensions: no operators are claimed (Z may still be nonempty)
  whole_space,            // no quadric: Z is the linear space itself
  nondegenerate_quadric,  // one quadric with nonzero determinant: a smooth quadric
  pencil_discriminant,    // two quadrics whose pencil det(x A + B) has degree n and a nonzero discriminant
  macaulay_mod_p,         // the quadrics and the maximal minors of their Jacobian generate every form of some
                          // degree mod a prime (hence over Q): Z is smooth of the expected dimension
  dimension_only          // smoothness not shown: only dim Z >= expected (Krull), operators >= mc(e + 1, 2k)
};

// One grouping analysed for the drawn weights.
struct annihilator_family {
  annihilator_grouping grouping;
  int ambient = 0;                               // n: variables of Z's linear space (d_x - 1 with u^T v = 0, else d_x)
  std::vector<dense_matrix<mpz_class>> quadrics;  // the distinct nonzero forms, restricted to that space (n x n)
  int dimension = -1;                            // e = n - 1 - #quadrics: Z's projective dimension (proven >= e)
  variety_proof proof = variety_proof::expected_empty;
  mpz_class certificate;                         // the nonzero determinant or discriminant (or 0)
  std::uint64_t prime = 0;                       // macaulay_mod_p: the prime
  int macaulay_degree = 0;                       // macaulay_mod_p: the degree whose forms are all in the ideal
  bool smooth() const { return proof != variety_proof::expected_empty && proof != variety_proof::dimension_only; }
  // As many distinct quadrics as any weight can have: distinctness and smoothness are then open conditions the
  // draw shows nonempty, so the count holds for generic weights and the block bounds for every weight.
  bool generic() const { return static_cast<int>(quadrics.size()) == grouping.most_quadrics; }
  // A smooth complete intersection of m quadrics: degree 2^m (points: that many distinct points).
  big_int degree() const;
  // Independent operators of order k proven: H_Z(2k) = sum_i binom(m, i) mc(e + 1, 2k - i) (smooth complete
  // intersection), mc(e + 1, 2k) (dimension_only: Noether normalization), 0 below the order or when empty.
  // For these weights; for every weight when smooth() and generic(), or for the Noether count when generic().
  big_int operators(unsigned k) const;
};

enum class annihilator_skip {
  none,
  heads,     // H > 1: A_L is a sum of words
  residual,  // degrees mixed: the lemma is stated for the homogeneous network
  zero_row   // u = 0: row p of A_L vanishes identically
};

// A Gram block that loses against min(rows, cols).
struct annihilator_block {
  unsigned k = 0;
  big_int rows, cols, operators, bound;  // bound = min(rows, cols - operators)
};

// What the lemma proves for one configuration and its weights.
struct annihilator_analysis {
  annihilator_skip skipped = annihilator_skip::none;
  std::int64_t C = 0;
  std::vector<mpz_class> u;                   // e_p^T K_0
  dense_matrix<mpz_class> plane_basis;        // d_x x (d_x - 1): integer columns spanning u^perp
  std::vector<annihilator_family> families;   // one per grouping
  std::vector<big_int> operators;             // per block k = 0..C: the most operators of order k one family proves
  std::vector<big_int> bounds;                // per block k: min(rows, cols - operators[k])
  big_int loss;                               // sum_k min(rows, cols) - bounds[k]
  std::vector<annihilator_block> losing;      // the blocks that lose, by k
  // A second method where Z is four points in a plane (L = 3, d_x = 4): the resultant of the two conics with
  // respect to z has degree 4 and a nonzero discriminant (section 14).
  std::vector<mpz_class> resultant;
  mpz_class resultant_discriminant;
  long resultant_points = 0;                  // 4 when that test passed, else 0
  bool proven() const { return skipped == annihilator_skip::none && loss > 0; }
  // Every grouping has as many distinct quadrics as any weight can (annihilator_family::generic): the bounds hold
  // for every weight, not only these.
  bool every_weight() const {
    for (const auto& f : families)
      if (!f.generic()) return false;
    return skipped == annihilator_skip::none;
  }
};
// max_macaulay_entries: the largest Macaulay matrix (rows x cols mod p) tried for three or more quadrics;
// progress: told before each Macaulay matrix of millions of entries (seconds each).
inline constexpr std::uint64_t default_max_macaulay_entries = 20000000;
annihilator_analysis analyse_annihilators(const network_config& cfg, const integer_weights& w,
                                          std::uint64_t max_macaulay_entries = default_max_macaulay_entries,
                                          const progress_fn& progress = {});

// The proven upper bound of every Gram block k = 0..C where it is below min(rows, cols), else -1; empty when
// nothing is proven (the form gram_rank takes).
std::vector<long> annihilator_block_bounds(const annihilator_analysis& a, const network_config& cfg);

}  // namespace seprank
