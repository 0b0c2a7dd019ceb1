#include "seprank/report/audit_report.hpp"

#include <algorithm>
#include <array>
#include <map>

#include "seprank/analysis/paper/annihilator_table.hpp"
#include "seprank/analysis/paper/certified_table.hpp"
#include "seprank/report/findings.hpp"
#include "seprank/report/format.hpp"

namespace seprank {
namespace {

// The statement whose status colours the map: the printed upper bound of the regime's theorem.
paper_statement headline(regime r) {
  return r == regime::depth_efficient ? paper_statement::theorem1_upper : paper_statement::theorem2_upper_printed;
}

// The second panel: the printed lower bound of the regime's theorem.
paper_statement lower_headline(regime r) {
  return r == regime::depth_efficient ? paper_statement::theorem1_lower : paper_statement::theorem2_lower;
}

// [statement][status], in the enums' order, and at index 4 the rows where the bound is undefined (d_x = H): counted
// apart from the undecided ones, as the answer, the rows and Python name them.
using status_counts = std::array<std::array<long, 5>, 5>;
constexpr std::size_t undefined_index = 4;

// A statement's status as the map's rows, table and counts write it: "undefined" where its bound is undefined.
const char* row_status(const statement_finding& f) {
  return !f.defined && f.status == verdict::undecided ? "undefined" : verdict_name(f.status);
}

// The first step: the rules by which a status is decided, and what the map covers.
derivation_step rules_step(const audit_map& m, std::size_t row_count) {
  return {"The rules (docs/theory.md, section 13)",
          "an upper bound is contradicted by a certified lower bound above it and holds by a certified upper bound "
          "at or below it; a lower bound holds by a certified lower bound at or above it and is contradicted by a "
          "certified upper bound below it; a statement outside its theorem's hypothesis is not claimed",
          {{"$sep >= 1$", "$y_p$ is a nonzero polynomial for almost every weight, so $log_3 sep >= 0$"},
           {"the Gram count",
            "$sep <= sum_k min(d_x mc(D, C-k), mc(D, k))$ for every weight and $N$ (section 4); "
            "exact (two binomials at the crossing degree) up to 1,000 digits, else bounded in "
            "log space with its rounding pointed upward"},
           {"the refined count",
            "at $H = 1$ and $d_x >= L + 1$ every weight has rank-one annihilators: $Z$ has "
            "dimension $e >= d_x - L - 1$, so block $k > C/2$ has at least $mc(e + 1, 2k)$ of "
            "them (Noether's count), and for $L <= " +
                str(static_cast<long long>(annihilator_table_max_L)) +
                "$, $d_x <= " + str(static_cast<long long>(annihilator_table_max_dx)) +
                "$ the union of the annihilator families counted per block, generic at every weight (the "
                "shipped table, re-derived by `seprank-sym annihilators`; docs/theory.md, section 14); the "
                "Gram count minus the larger loss is used where the count is exact (JSON rows: gram_count, "
                "refined_gram_count, refined_by)"},
           {"the proven lower bound",
            "$sep >= 2 binom(r + n, n)$ at every size (docs/theory.md, section 15): $y_p = "
            "gamma^n f$ at special weights, $gamma = b^T M^g b$, $r = H rho_g(d_x/H) - 1$ with "
            "$rho_g$ the Hessian rank of the moment form in closed form (Theorem 15.1); at every "
            "balanced $N >= 2 d_x + 2$; compared by the lower end of its outward-rounded interval"},
           {"certified values", str(static_cast<long long>(certified_table().size())) +
                                    " separation ranks certified by this tool (bench/certified_table.sh), each "
                                    "carried to every larger width with the same $L$, $H$ and $N$ by zero padding"},
           {"which $N$",
            std::string("the Gram count and $sep >= 1$ hold at every $N$; a value certified at $N$ holds at every "
                        "larger $N$ ($sep(N)$ never decreases) and says nothing at a smaller one, so a status it "
                        "decides is marked with the $N$ it holds from, e.g. contradicted ($N >= 4$)") +
                (m.N > 0 ? "; this map uses only the facts that hold at $N = " + str(static_cast<long long>(m.N)) +
                               "$ (the lower bound of section 15 by zero padding where $N < 2 d_x + 2$)"
                         : std::string())},
           {"arithmetic",
            "long double, with any comparison closer than 1e-9 (relative) or than the Gram "
            "count's rounding bound decided again in 100-digit arithmetic (every comparison there "
            "when long double cannot bound the count to 1e-6)"},
           {"configurations", str(static_cast<long long>(row_count)) + " ($L$ in " +
                                  str(static_cast<long long>(m.L.size())) + " values, $d_x$ in " +
                                  str(static_cast<long long>(m.dx.size())) + " values" +
                                  (m.skipped_not_dividing ? ", " + str(static_cast<long long>(m.skipped_not_dividing)) +
                                                                " widths left out: $H$ does not divide them"
                                                          : "") +
                                  ")"}},
          claim_status::computed,
          "every statement of the paper is evaluated as transcribed from the print (eq. 8: $c_2 = -2 d_x log_3((d_x/2) "
          "sqrt(2 sqrt(2e))) + log_3 d_x$); $c_2$ also as a fraction (a hypothesis about the "
          "print). JSON lists each statement with its bound ($log_3$) and evidence",
          "audit-rules"};
}

// Maps of at most this many rows carry each statement's evidence in words (JSON "evidence_text", and a table in
// every format); larger ones the evidence as data and the legend of its sources once.
constexpr std::size_t evidence_text_rows = 1000, evidence_table_rows = 20;

// One row of the map: its cells in t (counted in counts) and its JSON record.
json map_row(const audit_row& row, result_table& t, status_counts& counts, bool with_text, bool with_json) {
  std::vector<table_cell> cells{{str(static_cast<long long>(row.L)), exact_json(row.L)},
                                {str(static_cast<long long>(row.dx)), exact_json(row.dx)},
                                table_cell(regime_short(row.reg), regime_key(row.reg))};
  json statements = json::array();
  for (const auto& f : row.findings) {
    const bool undefined = !f.defined && f.status == verdict::undecided;
    ++counts[static_cast<std::size_t>(f.statement)][undefined ? undefined_index : static_cast<std::size_t>(f.status)];
    cells.emplace_back(std::string(row_status(f)) +
                       (f.from_N > 0 ? " (N >= " + str(static_cast<long long>(f.from_N)) + ")" : ""));
    if (!with_json) continue;
    json st = json::object();
    st["name"] = statement_id(f.statement);
    st["status"] = row_status(f);
    st["log3_bound"] = f.defined ? json(f.bound_log3.convert_to<double>()) : json();
    st["evidence"] = evidence_json(f);
    if (with_text) st["evidence_text"] = evidence_text(f);
    st["holds_from_N"] = f.from_N > 0 ? json(f.from_N) : json();
    statements.push_back(std::move(st));
  }
  t.rows.push_back(std::move(cells));
  if (!with_json) return nullptr;
  json r = json::object();
  r["L"] = row.L, r["dx"] = row.dx, r["H"] = row.H, r["regime"] = regime_key(row.reg);
  if (row.counts_exact) {  // exact integers (decimal strings beyond 2^53), at most 1,000 digits
    r["gram_count"] = exact_json(row.gram_count);
    r["refined_gram_count"] = row.H == 1 ? exact_json(row.refined_count) : json();
    r["refined_by"] = row.refined == refined_by::none ? json() : json(refined_by_key(row.refined));
  }
  r["statements"] = std::move(statements);
  return r;
}

// The counts per statement and status, with the undecided share of the rows where the paper claims it.
derivation_step counts_step(const status_counts& counts, long row_count, json& summary_json, json& undecided_json) {
  derivation_step summary{
      "Counts",
      "configurations per statement and status",
      {},
      claim_status::computed,
      "contradicted: a certified computation refutes the printed statement there; the evidence is in the "
      "table Evidence for maps of at most 20 rows, else in JSON (per row, by source)",
      "audit-counts"};
  for (paper_statement s : all_paper_statements) {
    const auto& of = counts[static_cast<std::size_t>(s)];
    std::string line;
    json per = json::object();
    for (verdict st : {verdict::holds, verdict::contradicted, verdict::undecided, verdict::not_claimed}) {
      const long n = of[static_cast<std::size_t>(st)];
      line += std::string(line.empty() ? "" : ", ") + verdict_name(st) + " " + str(static_cast<long long>(n));
      per[verdict_name(st)] = n;
    }
    line += ", undefined " + str(static_cast<long long>(of[undefined_index]));
    per["undefined"] = of[undefined_index];
    // The undecided share of the rows where the paper claims the statement (the audit's open part).
    const long claimed =
        row_count ? row_count - of[static_cast<std::size_t>(verdict::not_claimed)] - of[undefined_index] : 0;
    const long undecided = of[static_cast<std::size_t>(verdict::undecided)];
    if (claimed > 0) {
      const double share = 100.0 * static_cast<double>(undecided) / static_cast<double>(claimed);
      line += "; undecided " + format_float(big_float(share), 1) + " % of the " + str(static_cast<long long>(claimed)) +
              " rows where it is claimed and defined";
      undecided_json[statement_id(s)] = static_cast<double>(undecided) / static_cast<double>(claimed);
    } else {
      undecided_json[statement_id(s)] = nullptr;
    }
    summary.values.push_back({statement_id(s), line});
    summary_json[statement_id(s)] = per;
  }
  return summary;
}

// A small map's evidence in words: each claimed statement of each row, with its status (a table, so that LaTeX can
// break it across pages).
result_table evidence_table(const std::vector<audit_row>& rows) {
  result_table t;
  t.title =
      "Evidence: why each claimed statement has its status (the facts of the rules above, with the N it holds from)";
  t.header = {"configuration and statement", "status", "evidence"};
  for (const auto& row : rows)
    for (const auto& f : row.findings) {
      if (f.status == verdict::not_claimed) continue;
      t.rows.push_back({"$L = " + str(static_cast<long long>(row.L)) +
                            "$, $d_x = " + str(static_cast<long long>(row.dx)) + "$: " + statement_id(f.statement),
                        {row_status(f), row_status(f)},
                        evidence_text(f)});
    }
  return t;
}

}  // namespace

// A run of consecutive widths (in the map's order) at one depth where the headline statement has one status from
// one kind of fact: the region summary that opens the audit. Outside the anonymous namespace: a member of
// audit_report_builder::state holds it (-Wsubobject-linkage in a unity build).
struct region_run {
  long dx_from = 0, dx_to = 0;
  paper_statement statement = paper_statement::theorem2_upper_printed;
  verdict status = verdict::undecided;
  bool defined = true;
  sep_source source = sep_source::nonzero;  // proved, contradicted: the evidence's kind
  bool same_kind(const region_run& o) const {
    return statement == o.statement && status == o.status && defined == o.defined &&
           (source == o.source || (status != verdict::holds && status != verdict::contradicted));
  }
};

namespace {

const char* source_words(sep_source s) {
  switch (s) {
    case sep_source::nonzero: return "$sep >= 1$";
    case sep_source::gram_count: return "the Gram count";
    case sep_source::refined_count: return "the refined count";
    case sep_source::computed: return "a computed rank";
    case sep_source::table: return "a certified rank of the shipped table";
    case sep_source::hessian_bound: return "the proven lower bound";
  }
  return "?";
}

std::string run_text(const region_run& r) {
  const std::string widths = r.dx_from == r.dx_to ? "$d_x = " + str(static_cast<long long>(r.dx_from)) + "$"
                                                  : "$d_x$ " + str(static_cast<long long>(r.dx_from)) + ".." +
                                                        str(static_cast<long long>(r.dx_to));
  const std::string theorem = r.statement == paper_statement::theorem1_upper ? "Th. 1" : "Th. 2";
  switch (r.status) {
    case verdict::holds: return widths + ": " + theorem + " holds (" + source_words(r.source) + ")";
    case verdict::contradicted: return widths + ": " + theorem + " contradicted (" + source_words(r.source) + ")";
    case verdict::undecided: return widths + ": " + theorem + (r.defined ? " undecided" : " undefined");
    case verdict::not_claimed: return widths + ": not claimed ($3^L = d_x$)";
  }
  return "?";
}

// The answer of a map: for each depth, the widths where the printed upper bound of the regime's theorem holds, is
// contradicted or undecided, and the kind of fact that decides it (at most max_runs runs a depth; the rest counted).
void add_region_answer(derivation& d, const std::map<int, std::vector<region_run>>& regions, long H) {
  constexpr std::size_t max_runs = 8;
  d.answer_title =
      "The answer by region ($H = " + str(static_cast<long long>(H)) +
      "$): where the printed upper bound of the regime's theorem (Theorem 1 below $L = log_3 d_x$, Theorem 2 above; "
      "$c_2$ as printed) holds, is contradicted or is undecided, over the widths given, and the fact that decides it";
  for (const auto& [L, runs] : regions) {
    std::string text;
    json data = json::array();
    for (std::size_t k = 0; k < runs.size(); ++k) {
      const region_run& r = runs[k];
      if (k < max_runs) text += (text.empty() ? "" : "; ") + run_text(r);
      const bool decided = r.status == verdict::holds || r.status == verdict::contradicted;
      data.push_back(json{{"dx_from", r.dx_from},
                          {"dx_to", r.dx_to},
                          {"statement", statement_id(r.statement)},
                          {"status", r.defined ? verdict_name(r.status) : "undefined"},
                          {"source", decided ? json(sep_source_key(r.source)) : json()}});
    }
    if (runs.size() > max_runs)
      text += "; and " + str(static_cast<long long>(runs.size() - max_runs)) +
              " more runs (the table; or --export FILE.csv)";
    d.answer.push_back({"region", "$L = " + str(static_cast<long long>(L)) + "$", "", text,
                        json{{"L", L}, {"runs", std::move(data)}}});
  }
}

}  // namespace

struct audit_report_builder::state {
  bool json_rows = true, with_text = false, keep_rows = false;
  std::size_t added = 0, planned = 0;
  status_counts counts{};
  result_table table;
  json rows = json::array();
  std::vector<audit_row> kept;  // small maps: the rows, for the evidence table
  audit_plot plot;
  std::map<int, std::vector<region_run>> regions;  // per depth, the runs of the headline statement
  std::function<void(const json&)> export_row;     // each row's record, to a CSV or NDJSON file
};

audit_report_builder::audit_report_builder(std::size_t rows, bool json_rows,
                                           std::function<void(const json&)> export_row)
    : s_(std::make_unique<state>()) {
  s_->json_rows = json_rows;
  s_->planned = rows;
  s_->export_row = std::move(export_row);
  s_->with_text = rows <= evidence_text_rows;
  s_->keep_rows = rows <= evidence_table_rows;
  s_->table.title = "Audit map (statuses; JSON adds bounds and evidence)";
  s_->table.header = {"$L$",
                      "$d_x$",
                      "regime",
                      "theorem1-lower",
                      "theorem1-upper",
                      "theorem2-lower",
                      "theorem2-upper-printed",
                      "theorem2-upper-fraction"};
  s_->plot.statuses = {verdict_name(verdict::holds), verdict_name(verdict::contradicted),
                       verdict_name(verdict::undecided), verdict_name(verdict::not_claimed)};
}
audit_report_builder::~audit_report_builder() = default;

void audit_report_builder::add(const audit_row& row) {
  state& s = *s_;
  if (json r = map_row(row, s.table, s.counts, s.with_text, s.json_rows || s.export_row); s.json_rows || s.export_row) {
    if (s.export_row) s.export_row(r);
    if (s.json_rows) s.rows.push_back(std::move(r));
  }
  for (const auto& f : row.findings) {
    if (f.statement != headline(row.reg)) continue;
    region_run run{row.dx, row.dx, f.statement, f.status, f.defined, f.evidence.source};
    auto& runs = s.regions[row.L];
    if (!runs.empty() && runs.back().same_kind(run))
      runs.back().dx_to = row.dx;
    else
      runs.push_back(run);
  }
  if (s.keep_rows) s.kept.push_back(row);
  audit_plot& p = s.plot;
  for (const auto& f : row.findings) {
    if (f.statement == headline(row.reg)) p.cells.push_back({row.dx, row.L, static_cast<int>(f.status)});
    if (f.statement == lower_headline(row.reg)) p.lower_cells.push_back({row.dx, row.L, static_cast<int>(f.status)});
    if (f.statement == headline(row.reg) && f.claimed && f.defined)
      (row.reg == regime::depth_efficient ? p.margins_theorem1 : p.margins_theorem2)
          .push_back({row.dx, row.L, printed_margin_log3(f)});
  }
  const bool first = s.added++ == 0;
  p.dx_min = first ? row.dx : std::min(p.dx_min, row.dx);
  p.dx_max = first ? row.dx : std::max(p.dx_max, row.dx);
  p.L_min = first ? row.L : std::min(p.L_min, row.L);
  p.L_max = first ? row.L : std::max(p.L_max, row.L);
}

std::size_t audit_report_builder::rows_added() const { return s_->added; }

audit_plot audit_report_builder::plot(long H) const {
  audit_plot p = s_->plot;
  p.H = H;
  return p;
}

derivation audit_report_builder::finish(const audit_map& m, stop_reason stop) {
  state& s = *s_;
  derivation d;
  d.title =
      "seprank-sym audit: the paper's printed bounds against certified facts (H = " + str(static_cast<long long>(m.H)) +
      (m.N > 0 ? ", at N = " + str(static_cast<long long>(m.N)) : std::string()) + ")";
  d.config = json{{"H", m.H}, {"N", m.N > 0 ? json(m.N) : json()}};
  add_region_answer(d, s.regions, m.H);
  const std::string done = str(static_cast<long long>(s.added)) + " of " + str(static_cast<long long>(s.planned));
  if (stop != stop_reason::none) {  // the rows run d_x first: the regions end at the last width decided
    const bool user = stop == stop_reason::interrupted;
    d.answer_title += (user ? " (interrupted by the user after " : " (stopped by the time limit after ") + done +
                      " rows: only the widths decided before it)";
    d.steps.push_back(
        {user ? "Interrupted" : "Time limit",
         user ? "the audit was interrupted by the user (Ctrl-C)"
              : "the audit reached its time limit (--time-limit, for the whole audit)",
         {{"rows decided", done, {}, static_cast<long long>(s.added)}},
         claim_status::skipped,
         std::string("the rows decided before ") + (user ? "it" : "the limit") +
             " are shown (the widths run in order, every depth at each); the rest are skipped (exit status " +
             (user ? "130" : "4") + ")",
         user ? "interrupted" : "time-limit"});
    (user ? d.interrupted : d.time_limited) = true;
  }
  d.steps.push_back(rules_step(m, s.added));
  json summary_json = json::object();
  json undecided_json = json::object();  // per statement: undecided / rows where the paper claims it (null: none)
  d.steps.push_back(counts_step(s.counts, static_cast<long>(s.added), summary_json, undecided_json));
  d.tables.push_back(std::move(s.table));
  if (s.keep_rows) d.tables.push_back(evidence_table(s.kept));
  d.results = json::object();
  d.results["H"] = m.H;
  json sources = json::object();
  for (sep_source src : {sep_source::nonzero, sep_source::gram_count, sep_source::refined_count, sep_source::computed,
                         sep_source::table, sep_source::hessian_bound})
    sources[sep_source_key(src)] = sep_source_prose(src);
  d.results["evidence_sources"] = std::move(sources);
  d.results["counts"] = std::move(summary_json);
  d.results["undecided_fraction"] = std::move(undecided_json);
  if (s.json_rows) d.results["rows"] = std::move(s.rows);
  d.results["complete"] = stop == stop_reason::none;
  return d;
}

std::vector<std::string> audit_csv_columns() {
  std::vector<std::string> c{"L", "dx", "H", "regime"};
  for (paper_statement st : all_paper_statements)
    for (const char* part : {"", "_log3_bound", "_holds_from_N", "_evidence", "_evidence_log3"}) {
      std::string id = statement_id(st);  // snake_case, as Python's to_dataframe() names the columns
      std::replace(id.begin(), id.end(), '-', '_');
      c.push_back(id + part);
    }
  return c;
}

std::vector<json> audit_csv_cells(const json& row) {
  std::vector<json> c{row["L"], row["dx"], row["H"], row["regime"]};
  for (const auto& st : row["statements"]) {
    const json& e = st["evidence"];
    c.insert(c.end(), {st["status"], st["log3_bound"], st["holds_from_N"], e.is_null() ? json() : e["source"],
                       e.is_null() ? json() : e["log3"]});
  }
  return c;
}

derivation audit_derivation(const audit_map& m, bool with_rows) {
  audit_report_builder b(m.rows.size(), with_rows, {});
  for (const auto& row : m.rows) b.add(row);
  return b.finish(m);
}

audit_plot audit_plot_data(const audit_map& m) {
  audit_report_builder b(m.rows.size(), false, {});
  for (const auto& row : m.rows) b.add(row);
  return b.plot(m.H);
}

}  // namespace seprank
