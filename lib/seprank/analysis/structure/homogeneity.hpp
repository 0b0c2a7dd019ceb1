// The output's degrees (eq. 4's first claim, docs/theory.md, section 2): y is homogeneous of degree 3^L; with the
// residual connection it is not, and its top-degree part is the plain network's output.
#pragma once
#include "seprank/engine/polynomial.hpp"

namespace seprank {

// Total degrees found among the terms of a polynomial.
struct degree_summary {
  long terms = 0;
  int min_degree = -1, max_degree = -1;
  bool all_odd = true;
};
degree_summary degree_summary_of(const polynomial& y);

// The homogeneous component of y of total degree d.
polynomial homogeneous_part(const polynomial& y, int d);

}  // namespace seprank
