// The main derivation (paper, section 4.2, "Proof sketch for the upper bound in theorem 2", and
// its Theorem 1 analogue; docs/theory.md): the structural steps, the monomial space V of the kernel
// psi, the separation rank of each basis element, the N-independent bound, the paper's closed
// forms, the certified ranks, and a summary. Assembled from analysis records; computes nothing.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "seprank/analysis/theorem/theorem_analysis.hpp"
#include "seprank/report/derivation.hpp"
#include "seprank/report/structure_steps.hpp"

namespace seprank {

struct derivation_options {
  report_options report;
  bool basis = false;                // list the whole basis of V (when small)
  long basis_print_limit = 2000;     // --basis prints at most this many elements
  bool timings = false;              // append the wall-clock time of each rank stage
  std::string certificate_dir;       // where the certificate was written (with --certificate)
  bool certificate_removed = false;  // asked for one, not finished: an earlier certificate there was removed
};

derivation theorem_derivation(const theorem_analysis& a, const derivation_options& opt);

// When the time limit stopped the structure stage (a.stopped_in_structure): the steps that need no network (the
// paper's closed forms and the proven lower bound, as `bounds` prints them) after a skipped step naming the stage
// that was running; marked time_limited.
derivation time_limited_structure_derivation(const theorem_analysis& a, const network_config& c, const paper_bounds& p,
                                             double seconds);

}  // namespace seprank
