// Polynomials and monomials as text and LaTeX (the expanded y_p, kernel relations, basis elements). Display only.
#pragma once
#include <string>
#include <vector>

#include "seprank/engine/polynomial.hpp"

namespace seprank {

// One term per line: "+3*x1_1^2*x2_1". Variables with index >= first_grouped are printed
// as a parenthesised coefficient group per monomial in the variables before it
// (used for symbolic weights: a polynomial in the inputs with polynomial coefficients).
// Deterministic: terms in the ring's lexicographic order, factors in variable order.
std::string polynomial_text(const polynomial& p, int first_grouped = -1);
std::string polynomial_latex(const polynomial& p);
// The monomial with exponents e over the ring variables vars[k] (or over all variables when vars
// is empty), e.g. "m1_1^2*m1_2"; "1" for the empty monomial.
std::string monomial_text(const std::vector<unsigned long>& e, const ring_ptr& ring, const std::vector<int>& vars = {});

}  // namespace seprank
