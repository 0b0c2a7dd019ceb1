// The steps of the proof sketch of Theorem 2 about the kernel psi (docs/theory.md, section 4): the
// monomial space V and the coordinates y_p uses, the separation rank of each basis element, and
// the N-independent upper bound.
#pragma once
#include "seprank/analysis/kernel_space.hpp"
#include "seprank/analysis/paper_comparison.hpp"
#include "seprank/analysis/rank_analysis.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

derivation_step space_step(const structure_analysis& s, const kernel_space_analysis& f, bool basis);
derivation_step element_step(const kernel_space_analysis& f);
// With --basis: the used monomials m, their exponent vectors gamma and prod_v (gamma_v + 1).
result_table basis_table(const structure_analysis& s, const kernel_space_analysis& f);
derivation_step n_free_step(const structure_analysis& s, const kernel_space_analysis& f);

}  // namespace seprank
