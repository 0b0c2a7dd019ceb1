// The certified values of one configuration against the paper's printed bounds (docs/theory.md,
// sections 9 and 13): the facts this run certified (with the shipped table), every statement of
// Theorems 1 and 2 decided from them, and the bounds the kernel-space route and the Gram count give.
#pragma once
#include "seprank/analysis/audit.hpp"
#include "seprank/analysis/bounds.hpp"
#include "seprank/analysis/kernel_space.hpp"
#include "seprank/analysis/rank_analysis.hpp"

namespace seprank {

enum class audit_skip { none, residual, unbalanced };

struct paper_comparison {
  paper_bounds paper;
  big_float count_log3;                  // log_3 of the Gram count
  bool count_within_paper_upper = false; // the Gram count <= the printed upper bound of the regime's theorem
  big_float route_log3;                  // log_3 of sum over the used m of prod (gamma_v + 1)
  bool route_within_paper_upper = false; // the paper's route reaches the printed upper bound
  bool sep_within_counts = true;         // exact sep <= Gram count <= binom(D + C, C) (true when not exact)
  audit_skip skipped = audit_skip::none; // why the paper's statements are not audited here
  sep_facts facts;                       // certified bounds on the generic sep
  std::vector<statement_finding> findings;
};

paper_comparison compare_with_paper(const network_config& cfg, const rank_analysis& r, const kernel_space_analysis& k);

}  // namespace seprank
