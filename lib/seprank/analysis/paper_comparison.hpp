// The certified values of one configuration against the paper's bounds in its regime (Theorem 1
// below the threshold, Theorem 2 at and above it; docs/theory.md, section 9), and against the
// N-independent counts of the kernel space. Exact comparisons where both sides are integers;
// 100-digit logarithms where a side is a paper bound.
#pragma once
#include <optional>

#include "seprank/analysis/bounds.hpp"
#include "seprank/analysis/kernel_space.hpp"
#include "seprank/analysis/rank_analysis.hpp"

namespace seprank {

struct paper_comparison {
  paper_bounds paper;
  big_float count_log3;                  // log_3 of the Gram count sum_k min(...)
  bool count_within_paper_upper = false; // the Gram count <= the paper's upper bound
  bool sep_within_counts = true;         // exact sep <= Gram count <= binom(D + C, C) (true when not exact)
  std::optional<bool> sep_within_paper_upper;  // exact sep <= the paper's upper bound
  std::optional<bool> sep_meets_paper_lower;   // exact sep >= the paper's lower bound
  std::optional<bool> gram_meets_paper_lower;  // exact Gram rank >= the paper's lower bound
};

paper_comparison compare_with_paper(const network_config& cfg, const rank_analysis& r, const kernel_space_analysis& k);

}  // namespace seprank
