// The whole analysis behind the Theorem 2 (or 1) derivation of one configuration, computed once: the
// structure (sections 2-3), the ranks (sections 5-8), the span V of psi with its element-rank check
// (section 4), the comparison with the paper's printed bounds (section 13) and, when asked for, the
// certificate grid. The report only reads this record; the app writes files.
#pragma once
#include <optional>

#include "seprank/analysis/options.hpp"
#include "seprank/analysis/paper/proven_bounds.hpp"
#include "seprank/analysis/paper/lower_bound.hpp"
#include "seprank/analysis/paper/paper_comparison.hpp"
#include "seprank/analysis/ranks/bound_consistency.hpp"
#include "seprank/analysis/ranks/grid_certificate.hpp"
#include "seprank/analysis/ranks/grid_tensor.hpp"
#include "seprank/analysis/ranks/element_rank.hpp"
#include "seprank/analysis/ranks/rank_analysis.hpp"
#include "seprank/analysis/structure/psi_span.hpp"
#include "seprank/analysis/structure/structure_analysis.hpp"

namespace seprank {

struct theorem_request {
  network_config cfg;
  weight_choice weights;
  resource_limits limits;
  rank_options ranks;
  int threads = 1;
  bool structure_only = false;  // the structural analysis only (no ranks, no comparison)
  long verify_elements = 60;    // used monomials whose element rank is checked by an exact rank
  long listed_monomials = 0;    // used monomials listed with their element ranks (--basis)
  bool certificate = false;     // keep a grid with its points for a certificate
  bool deadline = true;         // --time-limit stops this process (false: the other processes of a run)
};

struct theorem_analysis {
  structure_analysis structure;
  rank_analysis ranks;
  psi_span_analysis psi_span;
  element_rank_check element_check;  // the sample psi_span.checked_gammas, ranked by their matrices
  paper_comparison comparison;
  std::optional<grid_certificate> certificate;
  // The proven lower bound at every size (docs/theory.md, section 15); none for the residual network, L = 1 or
  // d_x = 1 with one head.
  std::optional<hessian_lower_bound> lower_bound;
  // What the rules prove without the network (the lower bound is bounds.lower); empty with residual.
  proven_bounds bounds;
  // Non-empty: the time limit was reached in the structure stage, while this (its progress message) ran; nothing
  // of the network is complete, only lower_bound is set.
  std::string stopped_in_structure;
  // A consistency check decided here (the report maps it to FAILED): an exact sep never exceeds the Gram count,
  // which bounds it for every weight and N (docs/theory.md, section 4).
  bool sep_within_gram_count = true;
  // Every certified lower bound against every upper bound of the run (FAILED on a conflict): catches a wrong stored
  // unit as well as a bug, with or without --verify.
  bound_consistency consistency;
};

theorem_analysis analyse_theorem(const theorem_request& r, const progress_fn& progress);

}  // namespace seprank
