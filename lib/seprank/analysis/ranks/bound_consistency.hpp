// Our own bounds checked against each other (docs/theory.md, sections 4-8): every certified lower bound on the
// separation rank of the drawn weights is at most every upper bound the run holds that applies to it. A violation
// means a bug or a corrupted results-store unit (the report marks it FAILED, naming both numbers); it is checked on
// every run, stored units and computed ones alike.
#pragma once
#include <string>
#include <vector>

#include "seprank/analysis/ranks/rank_analysis.hpp"
#include "seprank/model/quantities.hpp"

namespace seprank {

// One bound: what it is, its step, its value and the N it is about: a lower bound on sep(N) at this N (N_every: at
// every large balanced N, the Gram rank's); an upper bound on sep at this N and this partition only (N_every: at
// every N and every partition).
struct bound_fact {
  static constexpr long N_every = -1;
  std::string name;  // e.g. "the grid rank at N = 6 of the sep(N) ladder"
  std::string step;  // the step that found it, e.g. "gram-rank"
  big_int value;
  long N = N_every;
};

struct bound_conflict {
  bound_fact lower, upper;  // lower.value > upper.value although upper applies to lower
};

struct bound_consistency {
  long pairs = 0;  // the pairs compared
  std::vector<bound_conflict> conflicts;
  bool holds() const { return conflicts.empty(); }
};

// The lower bounds: the coefficient-matrix rank and the grid rank at the run's N, each row of the sep(N) ladder, the
// Gram rank's certified lower bound. The upper bounds: the exact sep at the run's N (for the grid rank of the same
// partition only: the ladder's partitions differ), the Gram rank's proven upper bound (sep(N) <= the Gram rank for
// the drawn weights at every N and partition, section 5), the refined count (0: none) and the Gram count (for every
// weight and N, sections 4 and 14).
bound_consistency check_bound_consistency(const rank_analysis& r, long N, const big_int& gram_count,
                                          const big_int& refined_count);

}  // namespace seprank
