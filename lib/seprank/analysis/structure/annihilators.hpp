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
//
// The lemma's parts, one file each in annihilators/: the word (word), its groupings (groupings), the variety of each
// grouping and its proofs (varieties), and the union's count on a block (union). This file runs them.
#pragma once
#include <gmpxx.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "seprank/analysis/options.hpp"
#include "seprank/analysis/paper/refined_gram_count.hpp"
#include "seprank/analysis/structure/annihilators/groupings.hpp"
#include "seprank/analysis/structure/annihilators/union.hpp"
#include "seprank/analysis/structure/annihilators/varieties.hpp"
#include "seprank/analysis/structure/annihilators/word.hpp"
#include "seprank/model/config.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/model/weights.hpp"
#include "seprank/support/matrix.hpp"

namespace seprank {

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
  annihilator_count count;               // how `operators` is proven
};

// What the lemma proves for one configuration and its weights.
struct annihilator_analysis {
  annihilator_skip skipped = annihilator_skip::none;
  std::int64_t C = 0;
  std::vector<mpz_class> u;                       // e_p^T K_0
  dense_matrix<mpz_class> plane_basis;            // d_x x (d_x - 1): integer columns spanning u^perp
  std::vector<annihilator_family> families;       // the groupings whose order reaches a block that can lose (or, when
                                                  // none does, those of the lowest order), analysed
  std::vector<annihilator_family> intersections;  // Z_g and Z_h together (or more: a regular sequence's), for the
                                                  // unions and disjointness used
  std::vector<std::vector<int>> intersection_of;  // per intersection: the families it joins (one: that family's
                                                  // own variety, tested for emptiness)
  std::vector<annihilator_count> counts;          // per block k = 0..C: the most operators proven
  std::vector<big_int> operators;                 // per block k: counts[k].operators
  std::vector<big_int> bounds;                    // per block k: min(rows, cols - operators[k])
  big_int loss;                                   // sum_k min(rows, cols) - bounds[k]
  std::vector<annihilator_block> losing;          // the blocks that lose, by k
  // A second method where Z is four points in a plane (L = 3, d_x = 4): the resultant of the two conics with
  // respect to z has degree 4 and a nonzero discriminant (section 14).
  std::vector<mpz_class> resultant;
  mpz_class resultant_discriminant;
  long resultant_points = 0;  // 4 when that test passed, else 0
  // --time-limit stopped the analysis: the families analysed before it are kept (families.size() of
  // groupings_planned), and the blocks still to count when it came are counted from single families only. Every
  // count is still proven (a sub-union of the full one), so every bound is still an upper bound.
  bool time_limited = false;
  std::size_t groupings_planned = 0;   // the groupings whose order reaches a block that can lose
  std::size_t blocks_single_only = 0;  // blocks counted without unions because the time limit came
  bool proven() const { return skipped == annihilator_skip::none && loss > 0; }
  // Every family and every intersection used has as many distinct quadrics as any weight can
  // (annihilator_family::generic): the bounds hold for every weight, not only these.
  bool every_weight() const {
    for (const auto& f : families)
      if (!f.generic()) return false;
    for (const auto& c : counts)  // the intersections the counts rest on (not those only shown empty)
      for (int j : c.intersections)
        if (!intersections.at(static_cast<std::size_t>(j)).generic()) return false;
    return skipped == annihilator_skip::none;
  }
};
// max_macaulay_entries: the largest Macaulay matrix (rows x cols mod p) tried for three or more quadrics;
// progress: told before each Macaulay matrix of millions of entries (seconds each).
inline constexpr std::uint64_t default_max_macaulay_entries = 20000000;
annihilator_analysis analyse_annihilators(const network_config& cfg, const integer_weights& w,
                                          std::uint64_t max_macaulay_entries = default_max_macaulay_entries,
                                          const progress_fn& progress = {});
// The same for any word (a synthetic one in the tests): row `entry` of K_0 is u, block k of the Gram form is
// dx mc(D, C - k) x mc(D, k) with D = dx (dx + 1) / 2.
annihilator_analysis analyse_word_annihilators(const gram_word& g, int entry,
                                               std::uint64_t max_macaulay_entries = default_max_macaulay_entries,
                                               const progress_fn& progress = {});

// The proven upper bound of every Gram block k = 0..C where it is below min(rows, cols), else -1; empty when
// nothing is proven (the form gram_rank takes).
std::vector<long> annihilator_block_bounds(const annihilator_analysis& a, const network_config& cfg);

}  // namespace seprank
