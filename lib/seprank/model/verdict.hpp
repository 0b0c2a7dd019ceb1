// The status of one of the paper's statements at a configuration (docs/theory.md, section 13): the one enum the
// audit decides (analysis/paper) and every report and renderer prints.
#pragma once

namespace seprank {

// proved: a certified bound on the generic sep implies the statement; contradicted: one refutes it; undecided;
// not_claimed: the theorem's hypothesis does not hold there, so the paper states nothing.
enum class verdict { proved, contradicted, undecided, not_claimed };

// "proved", "contradicted", "undecided", "not-claimed": the one spelling of JSON, tables and prose.
const char* verdict_name(verdict v);

}  // namespace seprank
