// Plain-text rendering of derivations and polynomials (deterministic: terms in the ring's
// lexicographic order, factors in variable order).
#pragma once
#include <string>

#include "seprank/derivation.hpp"
#include "seprank/polynomial.hpp"

namespace seprank {

std::string render_text(const derivation& d);

// One term per line: "+3*x1_1^2*x2_1". Variables with index >= first_grouped are printed
// as a parenthesised coefficient group per monomial in the variables before it
// (used for symbolic weights: a polynomial in the inputs with polynomial coefficients).
std::string polynomial_text(const polynomial& p, int first_grouped = -1);
std::string polynomial_latex(const polynomial& p);

}  // namespace seprank
