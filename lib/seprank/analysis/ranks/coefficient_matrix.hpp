// The coefficient matrix of a polynomial for a split of its variables (paper, eq. 5;
// docs/theory.md, section 5): rows are the monomials in the A-variables, columns those in the
// B-variables, so that sep(y; A, B) is its rank over Q. It is built once from the terms and
// split into diagonal blocks by degree (a monomial pairs only with monomials of complementary
// degree).
#pragma once
#include <cstdint>
#include <vector>

#include "seprank/analysis/estimates.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/engine/polynomial.hpp"
#include "seprank/model/config.hpp"
#include "seprank/model/partition.hpp"

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
std::vector<block_shape> block_shapes_of(const coefficient_matrix& m);

// The coefficient matrix of y for the variable split is_A (true: A side), built from the terms
// once and split into connected blocks (a row and a column share a block when their degrees
// co-occur in a term).
coefficient_matrix coefficient_matrix_of(const polynomial& y, const std::vector<bool>& is_A);
// is_A for the input variables of a partition of the positions.
std::vector<bool> partition_mask(const network_config& cfg, const partition& p);

}  // namespace seprank
