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
#include <utility>
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
// forms[j] names the quadric v^T K_j v for every weight: factors with one label are equal or transposed.
struct gram_word {
  std::vector<dense_matrix<mpz_class>> factors;
  std::vector<int> forms;
};
gram_word gram_word_of(const network_config& cfg, const integer_weights& w);
// The labels of the word of A_L: 0 for K_0, l >= 1 for the junction F_0^T W^{K,l T} W^{Q,l} F_0 of layer l and
// every copy of it (K_C is layer 1's). The interior K_1, ..., K_{C-1} carry the labels 1..L.
std::vector<int> gram_word_forms(int L);

// e_p^T A_L(M) mod `prime` for a symmetric M (dx x dx, entries mod prime), by multiplying out the word.
std::vector<std::uint64_t> gram_word_row(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M, std::uint64_t prime);
// max_r deg_t of P_r(M + t v v^T) mod `prime` (C + 1 evaluations and interpolation); -1 when every P_r vanishes.
int degree_along(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M, const std::vector<std::uint64_t>& v,
                 std::uint64_t prime);

// A grouping of the C M's: pairs (M K_j M) at non-adjacent positions j, the other M's alone (section 14). With
// v^T K_j v = 0 at every paired j, and u^T v = 0 when `linear` (then the first M is alone), P_r(M + t v v^T) has
// degree <= t_degree = C - pairs - [linear] in t: a pair and a single M add 1 each, the first M with u^T v = 0
// adds 0. Its variety depends only on the labels it pairs (`forms`) and `linear`.
struct annihilator_grouping {
  bool linear = false;          // the first M stands alone: u^T v = 0
  std::vector<int> positions;   // j with v^T K_j v = 0: the factors between paired M's
  int t_degree = 0;             // P_r(M + t v v^T) has degree <= t_degree in t
  std::vector<int> forms;       // the labels at those positions (sorted, distinct)
  int most_quadrics = 0;        // distinct forms the positions can carry for any weight: forms.size()
  unsigned order() const { return static_cast<unsigned>(t_degree) + 1; }
};
// Every grouping that is not dominated: for each set of labels S and each choice of the linear condition, the
// most pairs at positions labelled in S (position 1 excluded when linear; the leftmost choice on each run of
// allowed positions is a largest set of non-adjacent ones); a grouping is dropped when another has a subset
// of its labels, no linear condition it lacks, and an order no higher (its variety contains this one's and
// its operators start no later). Sorted by order, then without the linear condition first, then by labels.
std::vector<annihilator_grouping> annihilator_groupings(const std::vector<int>& forms);
std::vector<annihilator_grouping> annihilator_groupings(int L);

// How the variety Z of a grouping is known for the drawn weights.
enum class variety_proof {
  expected_empty,         // more conditions than dimensions: no operators are claimed (Z may still be nonempty)
  whole_space,            // no quadric: Z is the linear space itself
  nondegenerate_quadric,  // one quadric with nonzero determinant: a smooth quadric
  pencil_discriminant,    // two quadrics whose pencil det(x A + B) has degree n and a nonzero discriminant
  macaulay_mod_p,         // the quadrics and the maximal minors of their Jacobian generate every form of some
                          // degree mod a prime (hence over Q): Z is smooth of the expected dimension
  dimension_only,         // smoothness not shown: only dim Z >= expected (Krull), operators >= mc(e + 1, 2k)
  empty_macaulay_mod_p,   // more conditions than dimensions, and the quadrics alone generate every form of some
                          // degree mod a prime (hence over Q): Z is empty (an intersection of two families)
  regular_sequence_mod_p,  // an intersection of two families: on a linear space of projective dimension m - 1 the
                           // quadrics generate every form of some degree mod a prime, so Z has the expected
                           // dimension and they are a regular sequence (its ideal's Hilbert function is known)
  reduced_section_mod_p    // the smooth test on a linear space Lambda of projective dimension m (when the test in all
                           // n variables is beyond the size limit): Z cap Lambda is 2^m smooth points, so Z is a
                           // complete intersection of the expected dimension, smooth at a point of every component
                           // (each meets Lambda), hence reduced: its ideal is radical (section 14)
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
  int macaulay_degree = 0;                       // the Macaulay proofs: the degree whose forms are all in the ideal
  // A complete intersection of dimension e >= 0 with a radical ideal (what the counts need): smooth everywhere, or
  // (reduced_section_mod_p) at a point of every component.
  bool smooth() const {
    return proof != variety_proof::expected_empty && proof != variety_proof::dimension_only &&
           proof != variety_proof::empty_macaulay_mod_p && proof != variety_proof::regular_sequence_mod_p;
  }
  // As many distinct quadrics as any weight can have: distinctness and smoothness are then open conditions the
  // draw shows nonempty, so the count holds for generic weights and the block bounds for every weight.
  bool generic() const { return static_cast<int>(quadrics.size()) == grouping.most_quadrics; }
  // A smooth complete intersection of m quadrics: degree 2^m (points: that many distinct points).
  big_int degree() const;
  // Independent operators of order k proven: H_Z(2k) = sum_i binom(m, i) mc(e + 1, 2k - i) (smooth complete
  // intersection), mc(e + 1, 2k) (dimension_only: Noether normalization), 0 below the order or when empty.
  // For these weights; for every weight when smooth() and generic(), or for the Noether count when generic().
  big_int operators(unsigned k) const;
  // dim (R/I)_d of the ideal I of its quadrics (and u^T v): the complete-intersection value when smooth() or a
  // regular sequence, 0 when shown empty in degree <= d; -1 when unknown.
  big_int ideal_hilbert(std::uint64_t d) const;
};

enum class annihilator_skip {
  none,
  heads,     // H > 1: A_L is a sum of words
  residual,  // degrees mixed: the lemma is stated for the homogeneous network
  zero_row   // u = 0: row p of A_L vanishes identically
};

// How the operators on one block are counted (section 14, "All groupings together"): the operators of order k
// from the points of every family with order <= k span a space of dimension H_Y(2k), Y the union of their
// varieties, and any sub-union gives a lower bound. Four rules are proven:
enum class annihilator_union {
  single,            // one family: H_Z(2k)
  pair,              // two smooth families: H_Z(2k) + H_Z'(2k) - dim (R/(I + I'))_2k (exact: I, I' are radical)
  disjoint_points,   // finite smooth families, pairwise disjoint: their a points in all, once 2k >= a - 1
  regular_sequence   // every smooth family, when u^T v and the quadrics of their labels together are a regular
                     // sequence: each ideal is generated by part of it, and H_Y(2k) is a sum over the sets F of
                     // generators that miss some family's (union_face; exact)
};

// One term of the regular-sequence rule: F, a set of the generators that misses some family's, and the Hilbert
// function at 2k - deg F of the complete intersection of the other generators (docs/theory.md, section 14).
struct union_face {
  bool linear = false;    // u^T v is in F
  std::vector<int> forms; // the labels of the quadrics in F
  unsigned shift = 0;     // deg F: 1 for u^T v, 2 for each quadric
  big_int term;
};

// The operators proven on block k, and where they come from.
struct annihilator_count {
  big_int operators = 0;
  annihilator_union method = annihilator_union::single;
  std::vector<int> families;       // indices into annihilator_analysis::families
  std::vector<int> intersections;  // indices into annihilator_analysis::intersections: the pair's, every two
                                   // point sets' (each shown empty), or the regular sequence's (all generators)
  std::vector<big_int> parts;      // pair: H_Z(2k), H_Z'(2k), dim (R/(I + I'))_2k; points: each family's points
                                   // (regular sequence: none, its terms are `faces`)
  // operators is H_Y(2k) exactly for Y the union of every grouping of order <= k (the whole span of the lemma's
  // powers (v^T d_M v)^k on this block; products with lower-order powers are not counted, section 14): every such family is counted exactly or shown empty (`shown_empty`, indices into
  // annihilator_analysis::intersections: a family with more quadrics than dimensions, shown empty there).
  bool whole = false;
  std::vector<int> shown_empty;
  std::vector<int> left_out;  // not whole: the families of order <= k neither counted, contained nor shown empty
  bool dimension_only = false;  // a counted variety is known by its dimension only: the count is a lower bound
  std::vector<union_face> faces;  // regular sequence: the terms whose sum is `operators`
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
  std::vector<mpz_class> u;                   // e_p^T K_0
  dense_matrix<mpz_class> plane_basis;        // d_x x (d_x - 1): integer columns spanning u^perp
  std::vector<annihilator_family> families;   // the groupings whose order reaches a block that can lose (or, when
                                              // none does, those of the lowest order), analysed
  std::vector<annihilator_family> intersections;  // Z_g and Z_h together (or more: a regular sequence's), for the
                                                  // unions and disjointness used
  std::vector<std::vector<int>> intersection_of;  // per intersection: the families it joins (one: that family's
                                                  // own variety, tested for emptiness)
  std::vector<annihilator_count> counts;      // per block k = 0..C: the most operators proven
  std::vector<big_int> operators;             // per block k: counts[k].operators
  std::vector<big_int> bounds;                // per block k: min(rows, cols - operators[k])
  big_int loss;                               // sum_k min(rows, cols) - bounds[k]
  std::vector<annihilator_block> losing;      // the blocks that lose, by k
  // A second method where Z is four points in a plane (L = 3, d_x = 4): the resultant of the two conics with
  // respect to z has degree 4 and a nonzero discriminant (section 14).
  std::vector<mpz_class> resultant;
  mpz_class resultant_discriminant;
  long resultant_points = 0;                  // 4 when that test passed, else 0
  // --time-limit stopped the analysis: the families analysed before it are kept (families.size() of
  // groupings_planned), and the blocks still to count when it came are counted from single families only. Every
  // count is still proven (a sub-union of the full one), so every bound is still an upper bound.
  bool time_limited = false;
  std::size_t groupings_planned = 0;          // the groupings whose order reaches a block that can lose
  std::size_t blocks_single_only = 0;         // blocks counted without unions because the time limit came
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
// The terms of H_Y(d) for Y a union of varieties, each cut out by part of one regular sequence G of forms in d_x
// variables (u^T v when `linear`, and the quadrics of `labels`, sorted), each part radical (`sets`: each a
// grouping's linear condition and labels): one term per set F of generators that misses some part, the Hilbert
// function of the complete intersection of G - F at d - deg F (section 14, "One regular sequence").
std::vector<union_face> regular_sequence_faces(int dx, bool linear, const std::vector<int>& labels,
                                               const std::vector<annihilator_grouping>& sets, std::uint64_t d);

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
