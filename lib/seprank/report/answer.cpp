#include "seprank/report/answer.hpp"

#include <algorithm>

#include "seprank/report/findings.hpp"
#include "seprank/report/format.hpp"

namespace seprank {
namespace {

const char* statement_label(paper_statement s) {
  switch (s) {
    case paper_statement::theorem1_lower: return "Theorem 1 lower bound";
    case paper_statement::theorem1_upper: return "Theorem 1 upper bound";
    case paper_statement::theorem2_lower: return "Theorem 2 lower bound";
    case paper_statement::theorem2_upper_printed: return "Theorem 2 upper bound, as printed";
    case paper_statement::theorem2_upper_fraction: return "Theorem 2 upper bound, $c_2$ read as a fraction";
  }
  return "?";
}

// A fact in a few words: its value (an integer of at most 24 digits, else a power of 3 rounded toward safety) and
// where it comes from.
std::string fact_text(const sep_bound& b) {
  const bool lower = !b.is_upper();
  const std::string value = b.value > 0 && b.value < big_int("1000000000000000000000000")
                                ? str(b.value)
                                : "3^" + format_log3_fast(b.log3, lower ? -1 : +1);
  const std::string at_N = b.N > 0 ? " at $N = " + str(static_cast<long long>(b.N)) + "$" : "";
  std::string source;
  switch (b.source) {
    case sep_source::nonzero: return "$sep >= 1$ ($y_p$ is nonzero)";
    case sep_source::gram_count: source = "the Gram count, for every weight and $N$"; break;
    case sep_source::refined_count:
      source = "the Gram count less the forced annihilators, for every weight and $N$";
      break;
    case sep_source::computed:
      source = std::string("certified here: ") +
               (b.how == computed_by::coefficient_rank ? "coefficient rank"
                : b.how == computed_by::grid_rank      ? "grid-tensor rank"
                                                       : "Gram rank") +
               (b.N > 0 ? at_N : " at $N >= 2 d_x + 2$");
      break;
    case sep_source::table:  // the certifying run's width and N
      source = "certified by this tool at width " + str(static_cast<long long>(b.dx)) +
               (b.N > 0 ? ", $N = " + str(static_cast<long long>(b.N)) + "$" : ", large $N$");
      break;
    case sep_source::hessian_bound: source = "the proven lower bound, docs/theory.md section 15"; break;
  }
  return std::string("$sep ") + (lower ? ">=" : "<=") + " " + value + "$ (" + source + ")";
}

std::string from_N_text(long n) {
  return n > 0 ? ", for balanced partitions at every $N >= " + str(static_cast<long long>(n)) + "$" : "";
}

std::string statement_text_of(const statement_finding& f) {
  const bool upper = is_upper(f.statement);
  const std::string bound = "$3^" + format_log3_fast(f.bound_log3) + "$";
  switch (f.status) {
    case verdict::holds:
      if (!upper && f.bound_log3 <= 0)
        return "$sep >= 1$ $>=$ " + bound + ", the printed bound (vacuous: it is below 1)";
      return fact_text(f.evidence) + (upper ? " $<=$ " : " $>=$ ") + bound + ", the printed bound" +
             from_N_text(f.from_N);
    case verdict::contradicted:
      return fact_text(f.evidence) + (upper ? " $>$ " : " $<$ ") + bound + ", the printed bound" +
             from_N_text(f.from_N);
    case verdict::undecided:
      return "the printed bound " + bound + " lies between " + fact_text(f.evidence) +
             (f.other ? " and " + fact_text(*f.other) : std::string(" and the best known upper bound"));
    case verdict::not_claimed: break;
  }
  return "";
}

json statement_data(const statement_finding& f) {
  return json{{"status", f.claimed && !f.defined ? "undefined" : verdict_name(f.status)},
              {"log3_bound", f.defined ? json(full_double(f.bound_log3)) : json()},
              {"evidence", evidence_json(f)},
              {"holds_from_N", f.from_N > 0 ? json(f.from_N) : json()}};
}

std::string bounds_command(long L, long dx, long H) {
  return "seprank-sym bounds --L " + str(static_cast<long long>(L)) + " --dx " + str(static_cast<long long>(dx)) +
         (H > 1 ? " --H " + str(static_cast<long long>(H)) : std::string());
}

// The claimed statements, each on its line (upper bounds first), then the theorems not claimed here.
void add_statement_lines(derivation& d, const answer_input& in) {
  // The statements of a theorem whose hypothesis fails go on one line.
  std::vector<std::string> not_claimed;
  std::vector<statement_finding> ordered;  // the upper bounds first (the question users come with), then the lower
  for (const auto& f : in.findings)
    if (is_upper(f.statement)) ordered.push_back(f);
  for (const auto& f : in.findings)
    if (!is_upper(f.statement)) ordered.push_back(f);
  for (const auto& f : ordered) {
    if (!f.claimed) {
      const std::string theorem =
          f.statement == paper_statement::theorem1_lower || f.statement == paper_statement::theorem1_upper
              ? "Theorem 1"
              : "Theorem 2";
      if (std::find(not_claimed.begin(), not_claimed.end(), theorem) == not_claimed.end())
        not_claimed.push_back(theorem);
      continue;
    }
    std::string verdict = answer_verdict(f),
                text = f.defined ? statement_text_of(f) : "$d_x = H$ makes $log_3(d_x - H)$ undefined";
    for (const auto& shown : d.findings)
      if (shown.id == statement_id(f.statement) && shown.probabilistic && f.defined && f.status != verdict::undecided) {
        verdict = verdict_words(f.status, true);
        text += "; it rests on " +
                (shown.rests_on.empty() ? std::string("a probabilistic step") : "step " + shown.rests_on.front());
      }
    d.answer.push_back({statement_id(f.statement), statement_label(f.statement), verdict, text, statement_data(f)});
  }
  for (const auto& theorem : not_claimed)
    d.answer.push_back(
        {theorem == "Theorem 1" ? "theorem1" : "theorem2", theorem, "not claimed",
         std::string("its hypothesis $L ") + (theorem == "Theorem 1" ? "<" : ">") + " log_3 d_x$ does not hold here",
         nullptr});
}

// The proven interval of log_3 sep at this configuration.
answer_line interval_line(const sep_facts& f) {
  const long from = f.lower.from_N();
  const bool meet = f.upper && f.lower.value > 0 && f.upper->value == f.lower.value;  // exact values that meet
  std::string text =
      (meet ? "exactly $sep = " + str(f.lower.value) + "$ ($log_3$ " + format_log3_fast(f.lower.log3) + "): "
            : "between " + format_log3_fast(f.lower.log3, -1) + " and " +
                  (f.upper ? format_log3_fast(f.upper->log3, +1) : std::string("(no upper bound known)")) + ": ") +
      fact_text(f.lower) + (f.upper ? " and " + fact_text(*f.upper) : std::string()) + from_N_text(from);
  return {"interval", "$log_3 sep$, proven", "", text,
          json{{"lower_log3", full_double(f.lower.log3, -1)},
               {"upper_log3", f.upper ? json(full_double(f.upper->log3, +1)) : json()},
               {"lower_source", sep_source_key(f.lower.source)},
               {"upper_source", f.upper ? json(sep_source_key(f.upper->source)) : json()},
               {"from_N", from > 0 ? json(from) : json()}}};
}

// The slope of log_3 sep in L (Corollary 15.3) against the printed upper bound's.
answer_line slope_line(const growth_slopes& s) {
  const std::string range =
      s.has_lower ? "in $[" + str(s.lower) + ", " + str(s.upper) + "]$" : "at most " + str(s.upper);
  const std::string reading = s.has_lower && s.printed < s.lower
                                  ? "below the proven slope: the printed upper bound fails at every large enough $L$"
                              : s.printed >= s.upper ? "at or above the proven slopes: they do not contradict it"
                                                     : "within the proven slopes: they do not decide it";
  return {"slope", "Growth in $L$ at this width", "",
          "the slope of $log_3 sep$ per layer at large $L$ is " + range +
              " (Corollary 15.3); the printed upper bound's slope $2 d_x + 1 = " + str(s.printed) + "$ is " + reading,
          json{{"lower", s.has_lower ? exact_json(s.lower) : json()},
               {"upper", exact_json(s.upper)},
               {"printed", exact_json(s.printed)}}};
}

// Where the printed upper bound first fails at this width and at this depth.
answer_line elsewhere_line(const printed_upper_failure& e, const answer_input& in) {
  // Each first failure holds from its own N (the N of the fact that decides it), which may exceed this run's.
  const auto at_N = [&](long n) {
    return n > 0 && (in.N == 0 || n > in.N)
               ? ", for balanced partitions at $N >= " + str(static_cast<long long>(n)) + "$"
               : std::string();
  };
  const std::string depth =
      e.L > 0 ? "at this width it first fails at $L = " + str(static_cast<long long>(e.L)) + "$" + at_N(e.L_from_N) +
                    " (" + bounds_command(e.L, in.dx, in.H) + ")"
              : "at this width the rules contradict it at no $L <= " + str(static_cast<long long>(e.max_L)) + "$";
  const std::string width =
      e.dx > 0 ? "at this depth it first fails at $d_x = " + str(static_cast<long long>(e.dx)) + "$" +
                     at_N(e.dx_from_N) + " (" + bounds_command(in.L, e.dx, in.H) + ")"
               : "at this depth they contradict it at no $d_x <= " + str(static_cast<long long>(e.max_dx)) + "$";
  return {"elsewhere", "The printed upper bound nearby", "",
          depth + "; " +
              (e.max_dx > 0 ? width
                            : "the widths are scanned for $L <= " + str(static_cast<long long>(e.max_L)) + "$ only") +
              "; across sizes: docs/findings.md",
          json{{"first_L", e.L > 0 ? json(e.L) : json()},
               {"first_L_from_N", e.L > 0 && e.L_from_N > 0 ? json(e.L_from_N) : json()},
               {"first_dx", e.dx > 0 ? json(e.dx) : json()},
               {"first_dx_from_N", e.dx > 0 && e.dx_from_N > 0 ? json(e.dx_from_N) : json()}}};
}

}  // namespace

std::string answer_text(const statement_finding& f) {
  if (!f.claimed) return "not claimed here";
  return f.defined ? statement_text_of(f) : "$d_x = H$ makes $log_3(d_x - H)$ undefined";
}

std::string answer_verdict(const statement_finding& f) {
  if (!f.claimed) return "not claimed";
  if (!f.defined) return "undefined";
  return verdict_words(f.status, false);
}

void add_answer(derivation& d, const answer_input& in) {
  d.answer_title = "The answer at $L = " + str(static_cast<long long>(in.L)) +
                   "$, $d_x = " + str(static_cast<long long>(in.dx)) + "$, $H = " + str(static_cast<long long>(in.H)) +
                   "$ (the steps below give the detail)";
  d.answer.clear();
  if (!in.skipped.empty()) d.answer.push_back({"audit", "The paper's statements", "not audited", in.skipped, nullptr});
  add_statement_lines(d, in);
  if (in.facts) d.answer.push_back(interval_line(*in.facts));
  if (in.slopes && in.slopes->upper > 0) d.answer.push_back(slope_line(*in.slopes));
  if (in.elsewhere) {
    answer_line line = elsewhere_line(*in.elsewhere, in);
    // Right after the claimed statements: what fails elsewhere comes before the theorems not claimed here and the
    // numbers of this configuration (within a newcomer's first ten lines).
    auto at = d.answer.begin();
    while (at != d.answer.end() && at->key != "interval" && at->key != "slope" && at->key != "theorem1" &&
           at->key != "theorem2")
      ++at;
    d.answer.insert(at, std::move(line));
  }
}

}  // namespace seprank
