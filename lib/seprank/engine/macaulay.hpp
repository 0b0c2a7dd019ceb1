// Macaulay matrices (docs/theory.md, section 14): the ideal of some forms contains every form of degree d exactly
// when their Macaulay matrix in degree d has full column rank; full column rank mod a prime implies it over Q.
// The annihilators' smoothness and emptiness tests rest on this.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "seprank/engine/linalg.hpp"
#include "seprank/engine/polynomial.hpp"
#include "seprank/support/matrix.hpp"

namespace seprank {

// Z[x_0, ..., x_{n-1}] with the names x0, x1, ... (for forms built from integer matrices).
ring_ptr form_ring(int n);
// The quadric x^T S x of a square integer matrix S (n x n) in form_ring(n)'s variables.
polynomial quadratic_form(const dense_matrix<mpz_class>& S, const ring_ptr& ring);
// The determinant of a square matrix of polynomials (Laplace expansion along the first row; small sizes only).
polynomial determinant(const std::vector<std::vector<polynomial>>& m);

// The Macaulay matrix of the nonzero forms `gens` (homogeneous, one ring) in degree d: a row for each generator g
// times each monomial of degree d - deg g, a column for each monomial of degree d (model/monomial_index's order).
integer_matrix macaulay_matrix(const std::vector<polynomial>& gens, int d);
// Its rows and columns by formula, as doubles (a size guard before anything is built; 1e300 beyond 2^62).
double macaulay_rows(const std::vector<polynomial>& gens, int d);
double macaulay_cols(int n, int d);

// The smallest degree d in [first, last] whose forms all lie in the ideal of `gens` mod p (then over Q, and every
// degree >= d too); 0 when none does or when rows x cols would exceed max_entries. `announce(rows, cols, d)` is
// told before each matrix is ranked; each rank runs through run_interruptible (Ctrl-C and --time-limit answer at
// once), on BLAS where it can (rank_mod_p_fastest).
int macaulay_span_degree(const std::vector<polynomial>& gens, int first, int last, std::uint64_t p,
                         std::uint64_t max_entries, const std::function<void(double, double, int)>& announce);

}  // namespace seprank
