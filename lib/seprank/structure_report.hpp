// The structural facts of one configuration as a derivation (steps with claims, values and
// statuses): configuration, regime, C and the degree, the exact expansion and its checks.
#pragma once
#include "seprank/analysis.hpp"
#include "seprank/derivation.hpp"

namespace seprank {

struct report_options {
  bool print_polynomial = false;
};

derivation structure_derivation(const structure_analysis& a, const report_options& opt);

// The pieces, for the full derivation: the structural steps, the polynomial appendix, and the
// configuration as JSON.
std::vector<derivation_step> structure_steps(const structure_analysis& a);
std::vector<appendix_block> polynomial_appendix(const structure_analysis& a, const report_options& opt);
json configuration_json(const structure_analysis& a);

// Formats a double with `digits` significant digits (display only).
std::string display_double(double v, int digits = 6);

}  // namespace seprank
