#include "seprank/report/sweep_report.hpp"

#include <algorithm>
#include <set>

#include "seprank/report/format.hpp"

namespace seprank {
namespace {

std::string ranks_text(const std::vector<long>& ranks) {
  if (ranks.empty()) return "-";
  long lo = ranks.front(), hi = ranks.front();
  for (long r : ranks) lo = std::min(lo, r), hi = std::max(hi, r);
  return lo == hi ? str(lo) : str(lo) + ".." + str(hi);
}

// The same, typed for JSON: one rank is a number, a range its text.
table_cell ranks_cell(const std::vector<long>& ranks) {
  const std::string t = ranks_text(ranks);
  return ranks.empty() || t.find("..") != std::string::npos ? table_cell(t) : table_cell(t, exact_json(ranks.front()));
}

// log_3 of a rank, 3 decimals, its typed value the number shown ("-" for 0).
// log_3 of a rank: to nearest when exact, rounded down when it is a lower bound (a lower end never shown rounded up).
table_cell log3_cell(long v, bool exact) {
  if (v <= 0) return table_cell("-", json());
  const big_float l = log3(big_float(v));
  return table_cell(format_float(exact ? l : rounded_toward(l, 3, true), 3), full_double(l, exact ? 0 : -1));
}

std::string status_text(const sweep_row& row) {
  switch (row.status) {
    case sweep_row_status::ok: return row.sep_exact ? "ok" : "lower bound";
    case sweep_row_status::head_not_dividing: return "$H$ does not divide $d_x$";
    case sweep_row_status::refused: return "refused: " + row.refusal;
    case sweep_row_status::invalid: return "invalid: " + row.refusal;
  }
  return "?";
}

}  // namespace

namespace {

std::size_t total_rows(const sweep_spec& s) { return s.dx.size() * s.L.size() * s.H.size(); }

}  // namespace

derivation sweep_derivation(const sweep_result& r) {
  derivation d;
  d.title = "seprank-sym sweep: certified separation ranks next to the paper's bounds (N = " + str(r.spec.N) + ")";
  d.config = json{{"N", r.spec.N}};
  d.steps.push_back(
      {"How to read the table",
       "sep: the certified separation rank at this $N$ for the seeded draw (\">=\" marks a lower bound); Gram: "
       "the rank for $N -> infinity$; bounds in $log_3$, from the paper's Theorem 1 ($L < log_3 d_x$) or 2 ($L > log_3 d_x$)",
       {{"$W^Q^T W^K$ rank",
         "exact rank of each head's bilinear form (at most $d_a = d_x / H$): small heads cap what one head can express"},
        {"rows",
         str(static_cast<long long>(r.rows.size())) + " of " + str(static_cast<long long>(total_rows(r.spec))) +
             (r.interrupted    ? " (interrupted by the user)"
              : r.time_limited ? " (the time limit was reached)"
                               : ""),
         {},
         exact_json(static_cast<long long>(r.rows.size()))}},
       r.interrupted || r.time_limited ? claim_status::skipped : claim_status::computed,
       r.interrupted ? "the sweep was interrupted (SIGINT); the rows done so far are shown"
       : r.time_limited
           ? "the sweep reached its time limit (--time-limit, for the whole sweep); the rows finished before it are shown, the rest skipped (exit status 4)"
           : "",
       "how-to-read"});
  d.time_limited = r.time_limited;
  d.interrupted = r.interrupted;
  result_table t;
  t.title = "Sweep";
  t.header = {"$d_x$",       "$L$",         "$H$",  "$d_a$",      "regime", "sep",
              "sep exact",   "$log_3 sep$", "Gram", "Gram exact", "grid",   "$W^Q^T W^K$ rank",
              "paper lower", "paper upper", "note"};
  json rows = json::array();
  for (const auto& row : r.rows) {
    const paper_bounds& p = row.paper;
    const bool low_def = p.lower_defined();
    const bool at_threshold = !p.hypothesis_holds();  // neither theorem claims anything there
    // The table shows 3 decimals; its typed cells and the JSON rows keep 6, as the derivation's JSON does.
    const bool has_lower = !at_threshold && low_def, has_upper = !at_threshold;
    const auto paper_cell = [&](bool has, const char* none, const big_float& v) {
      return has ? table_cell(format_float(v, 3), full_double(v)) : table_cell(none);
    };
    const std::string status = status_text(row);
    const auto number = [](long v) { return table_cell(str(v), exact_json(v)); };
    // A lower bound shows as ">=v"; its typed value is the number v, and the column beside it says whether it is exact
    // (a numeric column stays numeric: the flag is its own column).
    const auto maybe = [&](bool exact, long v) { return exact ? number(v) : table_cell(">=" + str(v), exact_json(v)); };
    const auto flag = [](bool exact) { return table_cell(exact ? "yes" : "no", exact); };
    const table_cell head_ranks = ranks_cell(row.head_ranks);
    t.rows.push_back(
        {number(row.dx), number(row.L), number(row.H), row.dx % row.H == 0 ? number(row.dx / row.H) : "-",
         table_cell(regime_short(p.reg), regime_key(p.reg)), row.ranked ? maybe(row.sep_exact, row.sep) : "-",
         row.ranked ? flag(row.sep_exact) : "-", row.ranked ? log3_cell(row.sep, row.sep_exact) : "-",
         row.ranked && row.gram_computed ? maybe(row.gram_exact, row.gram) : "-",
         row.ranked && row.gram_computed ? flag(row.gram_exact) : "-", row.ranked ? number(row.grid) : "-", head_ranks,
         paper_cell(has_lower, at_threshold ? "n/a" : "undef.", has_lower ? p.lower_log3() : big_float(0)),
         paper_cell(has_upper, "n/a", has_upper ? p.upper_log3() : big_float(0)), status});
    rows.push_back(json{{"dx", row.dx},
                        {"L", row.L},
                        {"H", row.H},
                        {"status", status},
                        {"separation_rank", row.ranked ? exact_json(row.sep) : json()},
                        {"separation_rank_exact", row.sep_exact},
                        {"gram_rank", row.ranked && row.gram_computed ? exact_json(row.gram) : json()},
                        {"gram_rank_exact", row.ranked && row.gram_computed ? json(row.gram_exact) : json()},
                        {"grid_rank", row.ranked ? exact_json(row.grid) : json()},
                        {"head_form_ranks", head_ranks.data.is_null() ? json(head_ranks.text) : head_ranks.data},
                        {"paper_lower_log3", has_lower ? json(full_double(p.lower_log3())) : json()},
                        {"paper_upper_log3", has_upper ? json(full_double(p.upper_log3())) : json()}});
  }
  d.tables.push_back(t);
  d.results = json{{"rows", rows},
                   {"interrupted", r.interrupted},
                   {"time_limited", r.time_limited},
                   {"complete", !r.interrupted && !r.time_limited}};
  return d;
}

namespace {

// One point of a sweep row: its x (L or d_x) and every log_3 value it has.
plot_point plot_point_of(const sweep_row& row, bool against_dx) {
  const paper_bounds& p = row.paper;
  const bool th2 = p.reg == regime::depth_inefficient, th1 = p.reg == regime::depth_efficient;
  plot_point pt;
  pt.x = against_dx ? row.dx : row.L;
  const auto l3 = [](const big_float& v) { return log3(v).convert_to<double>(); };
  if (row.ranked && row.sep > 0) (row.sep_exact ? pt.sep_certified : pt.sep_lower) = l3(big_float(row.sep));
  if (row.ranked && row.gram_computed && row.gram > 0) pt.gram = l3(big_float(row.gram));
  if (row.counted && row.gram_count > 0) pt.gram_count = l3(big_float(row.gram_count));
  if (row.counted && row.refined_count > 0 && row.refined_count < row.gram_count)
    pt.refined_count = l3(big_float(row.refined_count));
  if (row.has_lower_bound)
    pt.lower_bound = row.lower_bound_exact ? l3(big_float(row.lower_bound)) : row.lower_bound_log3.convert_to<double>();
  if (th1 || th2) (th1 ? pt.th1_upper : pt.th2_upper) = p.upper_log3().convert_to<double>();
  const bool low_ok = (th1 || th2) && p.lower_defined() && p.lower_log3() > 0;
  if (low_ok) (th1 ? pt.th1_lower : pt.th2_lower) = p.lower_log3().convert_to<double>();
  return pt;
}

}  // namespace

sweep_plot sweep_plot_data(const sweep_result& r, bool against_dx) {
  sweep_plot plot;
  plot.against_dx = against_dx;
  plot.N = r.spec.N;
  std::set<int> dxs, Ls, heads;
  for (const auto& row : r.rows) dxs.insert(row.dx), Ls.insert(row.L), heads.insert(row.H);
  if (!against_dx) {
    for (int dx : dxs)
      for (const auto& row : r.rows)
        if (row.dx == dx) {
          plot.thresholds.push_back({row.paper.threshold, "L_{th} = log_3 " + std::to_string(dx)});
          break;
        }
  } else {
    long three_L = 1;
    for (int L = 1; L <= *Ls.rbegin(); ++L)
      if ((three_L *= 3) >= *dxs.begin() && three_L <= *dxs.rbegin() && Ls.count(L))
        plot.thresholds.push_back({static_cast<double>(three_L), "d_x = 3^" + std::to_string(L)});
  }
  for (int outer : against_dx ? Ls : dxs)
    for (int H : heads) {
      plot_series s;
      s.label = (against_dx ? "L = " : "d_x = ") + std::to_string(outer) +
                (heads.size() > 1 ? ", H = " + std::to_string(H) : "");
      for (const auto& row : r.rows)
        if ((against_dx ? row.L : row.dx) == outer && row.H == H) s.points.push_back(plot_point_of(row, against_dx));
      std::sort(s.points.begin(), s.points.end(), [](const plot_point& a, const plot_point& b) { return a.x < b.x; });
      // Against L: the proven slopes of log_3 sep in L (Corollary 15.3) against the printed Theorem 2 upper bound's.
      for (const auto& row : r.rows)
        if (!against_dx && row.dx == outer && row.H == H) {
          s.label += ": slope of log_3 sep in L proven " +
                     (row.slopes.has_lower ? "in " + row.slopes.lower.str() + ".." : std::string("at most ")) +
                     row.slopes.upper.str() + ", printed " + row.slopes.printed.str();
          break;
        }
      if (!s.points.empty()) plot.series.push_back(s);
    }
  return plot;
}

}  // namespace seprank
