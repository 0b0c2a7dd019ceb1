// Integer matrices and the forms they define: products, symmetric parts and proportionality of integer matrices,
// residues mod a word-size prime, conics and quadratic forms as polynomials (used by analysis/structure/annihilators).
#pragma once
#include <gmpxx.h>

#include <cstdint>
#include <vector>

#include "seprank/engine/polynomial.hpp"
#include "seprank/support/matrix.hpp"

namespace seprank {

using zmatrix = dense_matrix<mpz_class>;

zmatrix zmatrix_mul(const zmatrix& x, const zmatrix& y);  // x y, also with an empty side (matrix_product needs entries)
zmatrix zmatrix_of(const dense_matrix<long>& m);
zmatrix zmatrix_symmetric(const zmatrix& K);  // K + K^T: v^T K v = (1/2) v^T (K + K^T) v
bool zmatrix_is_zero(const zmatrix& S);
bool zmatrix_proportional(const zmatrix& a, const zmatrix& b);  // a = c b for a rational c != 0 (b = 0: a = 0)

std::uint64_t mod_mul(std::uint64_t a, std::uint64_t b, std::uint64_t p);
std::uint64_t mod_inverse(std::uint64_t a, std::uint64_t p);
std::uint64_t mod_reduce(const mpz_class& x, std::uint64_t p);  // in [0, p)

// The conic w^T S w in Z[x, y, z] after the shear z -> z + a x + b y (w = (x, y, z)).
polynomial sheared_conic(const zmatrix& S, const ring_ptr& ring, int a, int b);
// The quadrics x^T S x in `ring`'s variables.
std::vector<polynomial> quadratic_forms_of(const std::vector<zmatrix>& quadrics, const ring_ptr& ring);

}  // namespace seprank
