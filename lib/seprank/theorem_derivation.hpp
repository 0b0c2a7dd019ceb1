// The main derivation (paper, section 4.2, "Proof sketch for the upper bound in theorem 2", and
// its Theorem 1 analogue): the structural steps, the monomial space V of the kernel psi, the
// separation rank of each basis element, the N-independent bound, the paper's closed forms, the
// exact ranks, and a summary. Built from computed results only; renderers print it.
#pragma once
#include "seprank/analysis.hpp"
#include "seprank/derivation.hpp"
#include "seprank/rank_analysis.hpp"
#include "seprank/structure_report.hpp"

namespace seprank {

struct derivation_options {
  report_options report;
  bool basis = false;            // list the whole basis of V (when small)
  long basis_print_limit = 2000; // --basis prints at most this many elements
  long verify_elements = 60;     // basis elements whose separation rank is checked by an exact rank
};

derivation theorem_derivation(const structure_analysis& s, const rank_analysis& r, const derivation_options& opt);

}  // namespace seprank
