// The certified values of one configuration against the paper's printed bounds (docs/theory.md,
// sections 9 and 13): the facts this run certified (with the shipped table), every statement of
// Theorems 1 and 2 decided from them, and the bounds the paper's route and the Gram count give. It reads
// plain numbers (certified_values), so the paper floor needs no engine.
#pragma once
#include "seprank/analysis/paper/statement_findings.hpp"
#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/model/config.hpp"

namespace seprank {

// What one run certified, as plain numbers (filled by the ranks floor: certified_values_of).
struct certified_values {
  bool balanced = true;  // the partition is balanced (the paper's sep is taken over those)
  bool expanded = true;  // sep_lower is the coefficient matrix's rank (else the grid's)
  long sep_lower = 0;    // certified lower bound on sep at the run's N
  bool sep_exact = false;
  long grid_rank = 0;  // the grid-tensor rank at the run's N
  bool gram_computed = false;
  long gram_lower = 0;    // the Gram rank's certified lower bound (sep at balanced N >= 2 d_x + 2)
  big_int gram_count;     // the Gram count (section 4)
  big_int refined_count;  // the Gram count minus the annihilators' loss where that holds for every weight, else 0
  big_int binom_bound;    // binom(D + C, C)
  big_int route_sum;      // the paper's route: sum over the used m of prod (gamma_v + 1)
};

enum class audit_skip { none, residual, unbalanced };

struct paper_comparison {
  paper_bounds paper;
  big_float count_log3;                   // log_3 of the Gram count
  bool count_within_paper_upper = false;  // the Gram count <= the printed upper bound of the regime's theorem
  big_float route_log3;                   // log_3 of sum over the used m of prod (gamma_v + 1)
  bool route_within_paper_upper = false;  // the paper's route reaches the printed upper bound
  bool sep_within_counts = true;          // exact sep <= Gram count <= binom(D + C, C) (true when not exact)
  audit_skip skipped = audit_skip::none;  // why the paper's statements are not audited here
  sep_facts facts;                        // certified bounds on the generic sep
  std::vector<statement_finding> findings;
};

paper_comparison compare_with_paper(const network_config& cfg, const certified_values& v);

}  // namespace seprank
