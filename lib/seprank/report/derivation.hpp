// A derivation as data: ordered steps, each with a claim, its values for the configuration,
// and a status saying how the claim is known (docs/theory.md, section 12). Report builders
// (report/) fill it from analysis records; renderers (render/) turn it into text, Markdown,
// LaTeX or JSON and compute nothing.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "seprank/model/verdict.hpp"

namespace seprank {

// JSON values with keys in insertion order (the documented schema order).
using json = nlohmann::ordered_json;

enum class claim_status {
  computed,       // an exact computation
  verified,       // an identity checked exactly, two independent computations agree, or a certified bound implies
                  // the paper's statement (a paper bound that holds here)
  probabilistic,  // holds with the stated error probability
  paper,          // the paper's statement, not checked here
  contradicted,   // a statement of the paper refuted by a certified computation (the evidence is printed)
  skipped,        // not carried out (the reason is given)
  failed,         // one of our own checks did not hold
};

const char* status_name(claim_status s);

// The one place a step is made FAILED (docs/architecture.md, "checks"): a check of our own, decided by the analysis
// (a record's boolean), that did not hold. One that held keeps the status its method earns. The layer test
// (tests/check_layers.py) finds any other FAILED made in report/.
claim_status status_of_check(bool holds, claim_status when_held);

// The status legend, in display order: each status with what it means.
struct status_meaning {
  claim_status status;
  const char* meaning;
};
const std::vector<status_meaning>& status_legend();

// Strings of steps, findings and tables use the math markup of render/math_markup.hpp: prose with
// formulas between dollar signs in the tool's ASCII notation ("$sep <= 3^L$").
struct step_value {
  std::string name;
  std::string value;
  std::vector<std::string> items = {};  // a list shown below the value, one entry per line
  // The typed value for JSON (a number, or arrays of objects for lists); null: the text, or the items.
  // Set by the report from the number itself (report/number_text), never recovered from the text.
  json data = nullptr;
  // A stable name for programs (JSON "key", Python's Step.value(key)), independent of the display name; empty:
  // none yet (docs/json-schema.md lists the keys that exist).
  std::string key = {};
  // The step this one value's certainty comes from (a table of values of different certainty, like the summary):
  // propagate_certainty marks the value, not the whole step, when that step is probabilistic.
  std::string rests_on = {};
};

// v with its stable key.
inline step_value keyed(step_value v, std::string key) {
  v.key = std::move(key);
  return v;
}

struct derivation_step {
  std::string title;
  std::string claim;               // the statement or formula
  std::vector<step_value> values;  // its values for this configuration
  claim_status status = claim_status::computed;
  std::string check;    // how it was checked, or why skipped / failed
  std::string id = {};  // stable across configurations ("gram-form", "separation-rank", ...)
  // The steps whose certainty this one's claim inherits: a step is never more certain than the weakest
  // of them (propagate_certainty).
  std::vector<std::string> rests_on = {};
};

// The step with its id set (for builders whose steps are written as brace lists).
inline derivation_step identified(derivation_step s, std::string id) {
  s.id = std::move(id);
  return s;
}

// One statement of the paper at this configuration and what the certified computations say of it.
struct finding {
  std::string id;         // "theorem2-upper-printed", ...
  std::string statement;  // the inequality, with its value here
  verdict status = verdict::undecided;
  json log3_bound = nullptr;  // the paper's bound, log_3, as shown (null when undefined)
  std::string evidence;       // the certified facts that decide it, with their source
  int holds_from_N = 0;       // proved, contradicted: holds for balanced partitions at every N >= this (0: every N)
  std::vector<std::string> rests_on = {};  // the steps its evidence rests on
  bool probabilistic = false;              // some step it rests on is only probabilistic (propagate_certainty)
};

// A finding's status key (verdict_name, or "undefined" where its bound is undefined, as in the audit) and its words
// with their certainty (verdict_words, or "undefined"): what every renderer prints.
std::string finding_key(const finding& f);
std::string finding_words(const finding& f);

// A titled block after the steps (a polynomial, a basis, timings): plain text, and optionally a
// LaTeX math form (empty: renderers show the text verbatim).
struct appendix_block {
  std::string title;
  std::string text;
  std::string latex;
};

// One cell of a table: its text and, for a number, its typed value for JSON (null: the text).
struct table_cell {
  std::string text;
  json data = nullptr;
  table_cell(std::string t, json d = nullptr) : text(std::move(t)), data(std::move(d)) {}
  table_cell(const char* t) : text(t) {}
};

// The texts of a row's cells.
inline std::vector<std::string> cell_texts(const std::vector<table_cell>& row) {
  std::vector<std::string> out;
  for (const auto& c : row) out.push_back(c.text);
  return out;
}

// A table (e.g. a sweep): a header and rows of cells.
struct result_table {
  std::string title;
  std::vector<std::string> header;
  std::vector<std::vector<table_cell>> rows;
};

// One line of the answer, printed before the steps (report/answer.hpp): a question, its answer in plain words and
// the fact that decides it.
struct answer_line {
  std::string key;      // "theorem2-upper-printed", ..., "interval", "slope", "elsewhere" (JSON answer[].key)
  std::string label;    // "Theorem 2 upper bound, as printed"
  std::string verdict;  // verdict_words (e.g. "holds (certified)") or "undefined"; "" for a fact
  std::string text;     // the deciding numbers, in words (math markup)
  json data = nullptr;  // the numbers, for JSON
};

struct derivation {
  std::string title;
  json config = json::object();     // the configuration, for machine-readable output
  std::string answer_title;         // empty: no answer block
  std::vector<answer_line> answer;  // the answer first: before the legend and the steps
  std::vector<derivation_step> steps;
  json results = json::object();  // the main numbers (big integers as strings)
  std::vector<appendix_block> appendix;
  std::vector<result_table> tables;
  bool audited = false;  // the derivation has a findings section (results.findings in JSON)
  std::vector<finding> findings;
  std::string findings_note;  // why there are none, or what they rest on
  bool brief = false;         // a summary view (summary_view): text names the status words in one line, and
                              // the findings are left to the answer (shows_findings)

  bool time_limited = false;  // the run reached its time limit: some steps are skipped for it
  bool interrupted = false;   // the user stopped a command of many rows (Ctrl-C): the rows done are shown
  bool has_failure() const;
};

// Why a command of many rows (audit, hessian-ranks) stopped before its last row: the rows done are shown, and a
// step says how many of how many (exit status 4 for the time limit, 130 for Ctrl-C).
enum class stop_reason { none, time_limit, interrupted };

// Whether renderers show the findings section: always when audited, except in the summary view, whose answer states
// them (JSON keeps them in results either way).
inline bool shows_findings(const derivation& d) { return d.audited && !(d.brief && !d.answer.empty()); }

// Lowers every verified, computed or contradicted step that rests on a probabilistic step to
// probabilistic (in step order, so it carries along chains), saying which step it rests on; marks
// the findings that rest on a probabilistic step. A status is never more certain than what it rests on.
void propagate_certainty(derivation& d);

// The answer first and short (--summary): the answer, the configuration, the summary of every bound (the findings are
// left to the answer: shows_findings), and every
// step that FAILED (never hidden); the other steps are left out, and the title says how many. The exit status
// is the full derivation's (its failures are kept; time_limited is kept).
derivation summary_view(const derivation& d);

// The process exit status a derivation earns: 1 when one of our own checks failed, else 4 when the run
// reached its time limit, else 0 (a contradicted statement of the paper is a finding, not a failure).
int exit_status_of(const derivation& d);

}  // namespace seprank
