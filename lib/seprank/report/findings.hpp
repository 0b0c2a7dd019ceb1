// The paper's statements at one configuration as findings: the statement with its value, the status
// the certified facts give it, and the evidence in words (docs/theory.md, section 13).
#pragma once
#include <string>
#include <vector>

#include "seprank/analysis/paper/statement_findings.hpp"
#include "seprank/analysis/paper/paper_comparison.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

// "theorem2-upper-printed", ... (the JSON names of the statements).
const char* statement_id(paper_statement s);
// "Theorem 2 upper bound (eq. 8), c_2 as printed: log_3 sep <= 2 d_x L + c_1 + c_2".
std::string statement_text(paper_statement s);
// A certified bound in words: "sep >= 999 (certified here: grid-tensor rank at N = 4)".
// The level, blocks, ranks and exponents of a proven lower bound (docs/theory.md, section 15).
std::string hessian_witness_text(const hessian_lower_bound& h);
std::string bound_text(const sep_bound& b, bool lower);
// Why a configuration's statements are not audited ("the paper's theorems are stated for eq. 3 without residual
// connections", ...), lower case, without a final stop.
std::string audit_skip_reason(audit_skip s);
// The derivation steps a decided statement's evidence rests on: the Gram form for the Gram rank (its lower
// bound is certain only when the Gram form was verified exactly).
std::vector<std::string> evidence_steps(const statement_finding& f);
// Why the statement has its status, with the numbers and the N it holds from.
std::string evidence_text(const statement_finding& f);
std::vector<finding> findings_of(const std::vector<statement_finding>& fs);

// The evidence as data, for maps of many rows (the audit's compact JSON): {"source": key, "log3": its logarithm
// rounded toward safety (down for a lower bound, up for an upper one), "value": the integer when it has at most 30
// digits}, with "other" (the fact on the other side) when undecided; null when not claimed or undefined.
json evidence_json(const statement_finding& f);
// The key of a fact's source ("nonzero", "gram-count", "refined-count", "computed", "certified-table",
// "lower-bound") and what it is, in words (the audit's legend of sources).
const char* sep_source_key(sep_source s);
const char* sep_source_prose(sep_source s);

}  // namespace seprank
