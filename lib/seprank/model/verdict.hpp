// The status of one of the paper's statements at a configuration (docs/theory.md, section 13): the one enum the
// audit decides (analysis/paper) and every report and renderer prints.
#pragma once

#include <string>

namespace seprank {

// holds: a certified bound on the generic sep implies the statement at this size (the statement holds here, which
// is not a proof of the theorem); contradicted: one refutes it; undecided; not_claimed: the theorem's hypothesis
// does not hold there, so the paper states nothing.
enum class verdict { holds, contradicted, undecided, not_claimed };

// "holds", "contradicted", "undecided", "not-claimed": the one spelling of JSON, tables and the audit's map.
const char* verdict_name(verdict v);

// The same in words with its certainty, for findings and the answer: "holds (certified)", "contradicted
// (certified)", "holds (probabilistic)" when the deciding value rests on a probabilistic step, "undecided",
// "not claimed".
std::string verdict_words(verdict v, bool probabilistic);

}  // namespace seprank
