// The structural facts of one configuration as derivation steps (docs/theory.md, sections 1-3):
// configuration, regime, C and the degree, the exact expansion and its checks (homogeneity, the
// literal forward pass, eq. 4), the Gram form, symbolic weights; and the polynomial appendix.
#pragma once
#include <vector>

#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/analysis/structure/structure_analysis.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

struct report_options {
  bool print_polynomial = false;
};

// The structure-only derivation (--structure-only).
derivation structure_derivation(const structure_analysis& a, const paper_bounds& b, const report_options& opt);

// The pieces, for the full derivation: the structural steps, the polynomial appendix, and the
// configuration as JSON.
std::vector<derivation_step> structure_steps(const structure_analysis& a, const paper_bounds& b);
std::vector<appendix_block> polynomial_appendix(const structure_analysis& a, const report_options& opt);
json configuration_json(const structure_analysis& a);

// How the Gram form was checked on this configuration, for the steps that rest on it.
std::string gram_form_citation(const structure_analysis& a);

}  // namespace seprank
