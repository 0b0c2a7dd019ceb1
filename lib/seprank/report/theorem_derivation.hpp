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
  bool basis = false;                        // list the whole basis of V (when small)
  long basis_print_limit = 2000;             // --basis prints at most this many elements
  bool timings = false;                      // append the wall-clock time of each rank stage
  std::string certificate_dir;               // where the certificate was written (with --certificate)
};

derivation theorem_derivation(const theorem_analysis& a, const derivation_options& opt);

}  // namespace seprank
