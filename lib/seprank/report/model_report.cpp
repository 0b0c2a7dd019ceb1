#include "seprank/report/model_report.hpp"

#include "seprank/report/answer.hpp"
#include "seprank/report/atlas_report.hpp"
#include "seprank/report/format.hpp"

namespace seprank {
namespace {

const statement_finding* printed_upper(const proven_bounds& b) {
  for (const auto& f : b.findings)
    if (f.statement == paper_statement::theorem2_upper_printed ||
        (f.statement == paper_statement::theorem1_upper && f.claimed))
      if (f.claimed) return &f;
  return nullptr;
}

std::string lower_cell(const proven_bounds& b) {
  return b.lower ? format_log3_fast(b.lower->log3_lower, -1) : std::string("none");
}

// Each model's sources are said once, beside the table: in the title (one model) or the step "models" (all). A
// column of them squeezed the table past the page in LaTeX ("(BERT_LARGE:" overran its column).
result_table comparison_table(const std::vector<model_bounds>& ms) {
  result_table t;
  t.title =
      "Published models: the paper's printed upper bound against the proven lower bound (docs/theory.md, section 15), "
      "$log_3 sep$; the lower ends rounded down";
  t.header = {"model",
              "$L$",
              "$d_x$",
              "$H$",
              "context $N$",
              "printed upper",
              "proven lower at the context",
              "verdict at the context",
              "proven lower, $N >= 2 d_x + 2$",
              "verdict at large $N$"};
  for (const auto& m : ms) {
    const model_preset& p = m.preset;
    const statement_finding* at = printed_upper(m.at_context);
    const statement_finding* large = printed_upper(m.large_N);
    t.rows.push_back(
        {p.name,
         {str(static_cast<long long>(p.L)), exact_json(p.L)},
         {str(static_cast<long long>(p.dx)), exact_json(p.dx)},
         {str(static_cast<long long>(p.H)), exact_json(p.H)},
         {str(static_cast<long long>(p.context)), exact_json(p.context)},
         {format_log3_fast(m.paper.upper_log3()), full_double(m.paper.upper_log3())},
         {lower_cell(m.at_context),
          m.at_context.lower ? json(full_double(m.at_context.lower->log3_lower, -1)) : json()},
         at ? answer_verdict(*at) : "not claimed",
         {lower_cell(m.large_N), m.large_N.lower ? json(full_double(m.large_N.lower->log3_lower, -1)) : json()},
         large
             ? answer_verdict(*large) +
                   (large->from_N > 0 ? " ($N >= " + str(static_cast<long long>(large->from_N)) + "$)" : std::string())
             : "not claimed"});
  }
  return t;
}

answer_line large_N_line(const model_bounds& m) {
  const statement_finding* f = printed_upper(m.large_N);
  return {"large-N", "At large $N$ (every balanced $N >= 2 d_x + 2$), the printed upper bound",
          f ? answer_verdict(*f) : "not claimed", f ? answer_text(*f) : "its theorem's hypothesis does not hold here",
          nullptr};
}

}  // namespace

derivation model_derivation(const model_bounds& m) {
  const model_preset& p = m.preset;
  derivation d = bounds_derivation(atlas_config{p.L, p.dx, p.H}, m.paper, m.at_context);
  d.title = "seprank-sym bounds --model " + std::string(p.key) + ": " + p.name + " (" + p.source +
            "), at its context length $N = " + str(static_cast<long long>(p.context)) + "$";
  d.answer_title = "The answer for " + std::string(p.name) + " ($L = " + str(static_cast<long long>(p.L)) +
                   "$, $d_x = " + str(static_cast<long long>(p.dx)) + "$, $H = " + str(static_cast<long long>(p.H)) +
                   "$) at its context length $N = " + str(static_cast<long long>(p.context)) +
                   "$ (the steps below give the detail)";
  auto at = d.answer.begin();
  while (at != d.answer.end() && at->key != "elsewhere" && at->key != "interval") ++at;
  d.answer.insert(at, large_N_line(m));
  d.config["model"] = p.key;
  d.tables.push_back(comparison_table({m}));
  return d;
}

derivation models_derivation(const std::vector<model_bounds>& ms) {
  derivation d;
  d.title = "seprank-sym bounds --model: published models against the paper's Theorem 2 and the proven lower bound";
  d.config = json{{"models", json::array()}};
  for (const auto& m : ms) d.config["models"].push_back(m.preset.key);
  d.answer_title = "The answer: the printed Theorem 2 upper bound ($c_2$ as printed) at each model's context length";
  for (const auto& m : ms) {
    const statement_finding* f = printed_upper(m.at_context);
    d.answer.push_back({m.preset.key,
                        m.preset.name + std::string(" at $N = ") + str(static_cast<long long>(m.preset.context)) + "$",
                        f ? answer_verdict(*f) : "not claimed",
                        f ? answer_text(*f) : "its theorem's hypothesis does not hold here", nullptr});
  }
  std::vector<step_value> sources;
  for (const auto& m : ms) sources.push_back({m.preset.name, m.preset.source});
  d.steps.push_back(
      identified({"The models and the rule",
                  "at each model's $L$, $d_x$, $H$ and context length $N$: the printed Theorem 2 upper bound "
                  "$log_3 sep <= 2 d_x L + c_1 + c_2$ against the proven lower bound $2 binom(r + n, n)$ of "
                  "docs/theory.md, section 15 (by zero padding when $N < 2 d_x + 2$), and at every balanced "
                  "$N >= 2 d_x + 2$",
                  sources,
                  claim_status::computed,
                  "closed forms only; each row is seprank-sym bounds --model KEY in full (its steps and the "
                  "Gram count); the lower ends rounded down",
                  {}},
                 "models"));
  d.tables.push_back(comparison_table(ms));
  return d;
}

}  // namespace seprank
