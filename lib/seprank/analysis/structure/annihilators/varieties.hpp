// The variety Z of a grouping at the drawn weights (docs/theory.md, section 14): its quadrics on the linear space
// u^perp (or all of Q^{d_x}), its dimension, and how it is proven smooth, reduced or empty; the operators of order k
// its points give, H_Z(2k).
#pragma once
#include <gmpxx.h>

#include <cstdint>
#include <string>
#include <vector>

#include "seprank/analysis/options.hpp"
#include "seprank/analysis/structure/annihilators/groupings.hpp"
#include "seprank/analysis/structure/annihilators/word.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/support/matrix.hpp"

namespace seprank {

// How the variety Z of a grouping is known for the drawn weights.
enum class variety_proof {
  expected_empty,          // more conditions than dimensions: no operators are claimed (Z may still be nonempty)
  whole_space,             // no quadric: Z is the linear space itself
  nondegenerate_quadric,   // one quadric with nonzero determinant: a smooth quadric
  pencil_discriminant,     // two quadrics whose pencil det(x A + B) has degree n and a nonzero discriminant
  macaulay_mod_p,          // the quadrics and the maximal minors of their Jacobian generate every form of some
                           // degree mod a prime (hence over Q): Z is smooth of the expected dimension
  dimension_only,          // smoothness not shown: only dim Z >= expected (Krull), operators >= mc(e + 1, 2k)
  empty_macaulay_mod_p,    // more conditions than dimensions, and the quadrics alone generate every form of some
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
  int ambient = 0;                                // n: variables of Z's linear space (d_x - 1 with u^T v = 0, else d_x)
  std::vector<dense_matrix<mpz_class>> quadrics;  // the distinct nonzero forms, restricted to that space (n x n)
  int dimension = -1;                             // e = n - 1 - #quadrics: Z's projective dimension (proven >= e)
  variety_proof proof = variety_proof::expected_empty;
  mpz_class certificate;    // the nonzero determinant or discriminant (or 0)
  std::uint64_t prime = 0;  // macaulay_mod_p: the prime
  int macaulay_degree = 0;  // the Macaulay proofs: the degree whose forms are all in the ideal
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

// The coefficient of t^d in (1 + t)^m / (1 - t)^(e + 1): the Hilbert function of a complete intersection of m
// quadrics of projective dimension e (e >= -1; e = -1 is an empty one, (1 + t)^m).
big_int complete_intersection_hilbert(int m, int e, std::uint64_t d);

// The word and the run's limits every family's analysis shares.
struct word_context {
  const gram_word& g;
  std::uint64_t max_entries;    // the largest Macaulay matrix tried
  const progress_fn& progress;  // told before a Macaulay matrix of millions of entries
};

// A grouping's family: its quadrics on the linear space spanned by basis' columns, the dimension of Z and what is
// proven about it (`intersection`: of Z only dim (R/I)_d is needed, so it is shown empty or of the expected dimension).
annihilator_family analyse_family(const annihilator_grouping& gr, const word_context& w,
                                  const dense_matrix<mpz_class>& basis, const std::string& name,
                                  bool intersection = false);

}  // namespace seprank
