// The answer first (the verdict block before the steps): for each statement of the paper at one configuration,
// holds / fails / undecided / not claimed / undefined in plain words with the fact that decides it and the N it
// holds from; then the proven interval of log_3 sep, the growth in L, and where the printed upper bound fails
// nearby (docs/findings.md). It words what analysis decided; it decides nothing.
#pragma once
#include <string>
#include <vector>

#include "seprank/analysis/paper/proven_bounds.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

// What the answer is built from: the statements as decided, the facts they were decided from, the slopes and the
// scan for the nearest failure (proven_bounds, or a run's paper_comparison with its slopes).
struct answer_input {
  long L = 0, dx = 0, H = 1;
  std::vector<statement_finding> findings;
  const sep_facts* facts = nullptr;
  const growth_slopes* slopes = nullptr;             // null: no growth line (residual networks)
  const printed_upper_failure* elsewhere = nullptr;  // null: no line on the neighbourhood
  std::string skipped;  // why the statements are not audited here (residual, unbalanced); empty: audited
  long N = 0;           // the N the output is about (0: every balanced N): a failure from a larger N says its N
};

// verdict_words ("holds (certified)", "contradicted (certified)", "undecided", "not claimed") or "undefined": the
// answer's words for a statement, certified here (the answer lowers a line to probabilistic where it rests on one).
std::string answer_verdict(const statement_finding& f);
// The deciding numbers of a decided statement in words ("sep >= 3^5351241.772390 (the proven lower bound, ...) >
// 3^2147039.738269, the printed bound, for balanced partitions at every N >= 2048").
std::string answer_text(const statement_finding& f);

// The answer's title and lines; the findings' certainty is read back from d.findings (propagate_certainty), so
// call it after that.
void add_answer(derivation& d, const answer_input& in);

}  // namespace seprank
