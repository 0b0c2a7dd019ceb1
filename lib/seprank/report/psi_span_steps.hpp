// The steps of the proof sketch of Theorem 2 about the kernel psi (docs/theory.md, section 4): the
// monomial space V and the coordinates y_p uses, the separation rank of each basis element, and
// the N-independent upper bound.
#pragma once
#include "seprank/analysis/structure/psi_span.hpp"
#include "seprank/analysis/paper/paper_comparison.hpp"
#include "seprank/analysis/ranks/element_rank.hpp"
#include "seprank/analysis/ranks/rank_analysis.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

derivation_step space_step(const structure_analysis& s, const psi_span_analysis& f, bool basis);
derivation_step element_step(const psi_span_analysis& f, const element_rank_check& e);
// With --basis: the used monomials m, their exponent vectors gamma and prod_v (gamma_v + 1).
result_table basis_table(const structure_analysis& s, const psi_span_analysis& f);
derivation_step n_free_step(const structure_analysis& s, const psi_span_analysis& f);

}  // namespace seprank
