#include "seprank/report/findings.hpp"

#include "seprank/report/format.hpp"
#include "seprank/support/enum_table.hpp"

namespace seprank {

namespace {

// The one table of paper_statement: its id (JSON, the audit's columns, Python's STATEMENTS) and its words (the
// finding's text, which the caller completes with "= value$").
struct statement_info {
  paper_statement value;
  const char* id;
  const char* text;
};
constexpr statement_info statement_table[] = {
    {paper_statement::theorem1_lower, "theorem1-lower",
     "Theorem 1 lower bound (eq. 7): $log_3 sep >= 3^{L-2} (log_3(d_x - H) + a)"},
    {paper_statement::theorem1_upper, "theorem1-upper",
     "Theorem 1 upper bound (eq. 7): $log_3 sep <= ((3^L - 1)/2) log_3(d_x + H)"},
    {paper_statement::theorem2_lower, "theorem2-lower",
     "Theorem 2 lower bound (eq. 8): $log_3 sep >= (1/2) d_x L + b_1 + b_2"},
    {paper_statement::theorem2_upper_printed, "theorem2-upper-printed",
     "Theorem 2 upper bound (eq. 8), $c_2$ as transcribed from the printed eq. 8, $c_2 = -2 d_x log_3((d_x/2) sqrt(2 sqrt(2e))) + "
     "log_3 d_x$: $log_3 sep <= 2 d_x L + c_1 + c_2"},
    {paper_statement::theorem2_upper_fraction, "theorem2-upper-fraction",
     "Theorem 2 upper bound (eq. 8), $c_2$ read as a fraction (a hypothesis about the print): $log_3 sep <= 2 d_x L + c_1 + c_2'"},
};

struct source_info {
  sep_source value;
  const char* key;
  const char* prose;
};
constexpr source_info source_table[] = {
    {sep_source::nonzero, "nonzero", "sep >= 1: y_p is a nonzero polynomial for almost every weight (section 13)"},
    {sep_source::gram_count, "gram-count", "the Gram count, an upper bound on sep for every weight and N (section 4)"},
    {sep_source::refined_count, "refined-count",
     "the Gram count minus the loss rank-one annihilators force, for every weight and N (section 14)"},
    {sep_source::computed, "computed", "a rank certified by this run for its weights, at its N"},
    {sep_source::table, "certified-table",
     "a separation rank certified by this tool (the shipped certified table), carried to larger widths by zero padding"},
    {sep_source::hessian_bound, "lower-bound",
     "the proven lower bound 2 binom(r + n, n) of section 15 (Theorem 15.2), at every balanced N from holds_from_N"},
};

}  // namespace

const char* sep_source_key(sep_source s) { return table_row_of(source_table, s).key; }
const char* sep_source_prose(sep_source s) { return table_row_of(source_table, s).prose; }

const char* statement_id(paper_statement s) { return table_row_of(statement_table, s).id; }

std::string statement_text(paper_statement s) { return table_row_of(statement_table, s).text; }

std::string hessian_witness_text(const hessian_lower_bound& h) {
  const std::string g = "3^" + str(static_cast<long long>(h.level));
  return "$2 binom(r + n, n)$ with $l_0 = " + str(static_cast<long long>(h.level)) + "$, $rho_{" + g + "}(" +
         str(static_cast<long long>(h.width)) + ") = " + str(h.rho) + "$ (Theorem 15.1)" +
         (h.heads > 1 ? " in each of " + str(static_cast<long long>(h.heads)) + " heads" : std::string()) +
         (h.rest_width > 0 ? " and $rho_{" + g + "}(" + str(static_cast<long long>(h.rest_width)) +
                                 ") = " + str(h.rho_rest) + "$ in one more"
                           : std::string()) +
         (h.padded
              ? " (zero padding: " + str(static_cast<long long>(h.heads * h.width + h.rest_width)) + " coordinates)"
              : std::string()) +
         ", $r = " + str(h.r) + "$, $n = (3^{L - l_0} - 1)/2" +
         (h.n < big_int("1000000000000") ? " = " + str(h.n) : std::string()) + "$";
}

std::string bound_text(const sep_bound& b, bool lower) {
  const std::string rel = lower ? "$sep >= " : "$sep <= ";
  const std::string at_N =
      b.N > 0 ? " at $N = " + str(static_cast<long long>(b.N)) + "$" : " at every balanced $N >= 2 d_x + 2$";
  switch (b.source) {
    case sep_source::nonzero: return "$sep >= 1$ ($y_p$ is a nonzero polynomial for almost every weight)";
    case sep_source::gram_count:
      return b.count_exact ? rel + str(b.value) + "$ (the Gram count, for every weight and $N$; step n-free-bound)"
                           : "$sep <= 3^" + format_log3_fast(b.log3, +1) +
                                 "$ (the Gram count, bounded in log space: for every weight and $N$)";
    case sep_source::refined_count:
      return rel + str(b.value) +
             "$ (the Gram count minus the loss forced by rank-one annihilators, for every weight and $N$: " +
             refined_by_prose(b.refined) + "; docs/theory.md, section 14)";
    case sep_source::computed: {
      const char* how = b.how == computed_by::coefficient_rank ? "rank of the coefficient matrix"
                        : b.how == computed_by::grid_rank      ? "grid-tensor rank"
                                                               : "Gram rank";
      return rel + str(b.value) + "$ (certified here: " + how + at_N + ")";
    }
    case sep_source::table:  // the width and N are the certifying run's, not this row's
      return rel + str(b.value) + "$ (certified by this tool at width " + str(static_cast<long long>(b.dx)) +
             (b.N > 0 ? ", $N = " + str(static_cast<long long>(b.N)) + "$" : ", large $N$ (its Gram rank)") +
             ", carried to larger widths by zero padding)";
    case sep_source::hessian_bound: {
      const std::string head = b.value > 0 && b.value < big_int("1000000000000000000000000")
                                   ? "$sep >= " + str(b.value) + "$"
                                   : "$sep >= 3^" + format_log3_fast(b.log3, -1) + "$";
      // The statements of one row share one witness: its text is made once (the audit map has 10^5 rows and more).
      // (Keyed by the witness's content, never its address: a freed record's address can come back with other values.)
      thread_local hessian_lower_bound last;
      thread_local std::string last_text;
      auto same = [](const hessian_lower_bound& a, const hessian_lower_bound& c) {
        return a.L == c.L && a.level == c.level && a.heads == c.heads && a.width == c.width &&
               a.rest_width == c.rest_width && a.padded == c.padded;
      };
      if (b.hessian && (last_text.empty() || !same(*b.hessian, last)))
        last = *b.hessian, last_text = hessian_witness_text(*b.hessian);
      return head + " (proven at every size, docs/theory.md, section 15: " + (b.hessian ? last_text : std::string()) +
             "; at every balanced $N >= " + str(static_cast<long long>(b.hessian ? b.hessian->from_N : b.from_N())) +
             "$)";
    }
  }
  return "?";
}

namespace {

// The range of N a decided status holds for (sep(N) never decreases; a value certified at N' says
// nothing at a smaller N).
std::string range_text(const statement_finding& f) {
  if (f.from_N <= 0) return "";
  return "; this applies to every balanced partition at $N >= " + str(static_cast<long long>(f.from_N)) + "$";
}

}  // namespace

std::string audit_skip_reason(audit_skip s) {
  switch (s) {
    case audit_skip::residual: return "the paper's theorems are stated for eq. 3 without residual connections";
    case audit_skip::unbalanced:
      return "the paper's sep is taken over balanced partitions; this partition is not balanced and no Gram rank was computed";
    case audit_skip::none: break;
  }
  return "";
}

std::vector<std::string> evidence_steps(const statement_finding& f) {
  if (f.status != verdict::holds && f.status != verdict::contradicted) return {};
  if (f.evidence.source == sep_source::computed && f.evidence.how == computed_by::gram_rank) return {"gram-form"};
  return {};
}

std::string evidence_text(const statement_finding& f) {
  const bool upper = is_upper(f.statement);
  const std::string bound =
      "$3^" + format_log3_fast(f.bound_log3) + "$ (about $" + format_power_of_three_fast(f.bound_log3) + "$)";
  const std::string facts = bound_text(f.evidence, !f.evidence.is_upper());
  switch (f.status) {
    case verdict::not_claimed:
      return std::string("the theorem's hypothesis ($L ") +
             (f.statement == paper_statement::theorem1_lower || f.statement == paper_statement::theorem1_upper ? "<"
                                                                                                               : ">") +
             " log_3 d_x$) does not hold here: the paper claims nothing";
    case verdict::contradicted: return (upper ? facts + " $>$ " + bound : facts + " $<$ " + bound) + range_text(f);
    case verdict::holds:
      if (!upper && f.bound_log3 <= 0) return "vacuous: $sep >= 1$ $>=$ " + bound + " (at every $N$)";
      return (upper ? facts + " $<=$ " + bound : facts + " $>=$ " + bound) + range_text(f);
    case verdict::undecided:
      if (!f.defined) return "undefined: $d_x = H$ makes $log_3(d_x - H)$ undefined";
      return "certified " + facts + (f.other ? " and " + bound_text(*f.other, false) : std::string()) + "; the bound " +
             bound + " lies between them";
  }
  return "?";
}

namespace {

json fact_json(const sep_bound& b) {
  json j{{"source", sep_source_key(b.source)},
         {"log3", full_double(b.log3, b.is_upper() ? +1 : -1)}};  // full precision, safe side
  if (b.value > 0 && b.value < big_int("1" + std::string(30, '0'))) j["value"] = exact_json(b.value);
  return j;
}

}  // namespace

json evidence_json(const statement_finding& f) {
  if (f.status == verdict::not_claimed || !f.defined) return nullptr;
  json j = fact_json(f.evidence);
  if (f.status == verdict::undecided && f.other) j["other"] = fact_json(*f.other);
  return j;
}

std::vector<finding> findings_of(const std::vector<statement_finding>& fs) {
  std::vector<finding> out;
  for (const auto& f : fs)
    out.push_back({statement_id(f.statement),
                   statement_text(f.statement) + (f.defined ? " = " + format_log3_fast(f.bound_log3) : "") + "$",
                   f.status, f.defined ? json(full_double(f.bound_log3)) : json(), evidence_text(f), f.from_N,
                   evidence_steps(f)});
  return out;
}

}  // namespace seprank
