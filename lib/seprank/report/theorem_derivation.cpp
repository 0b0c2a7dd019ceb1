#include "seprank/report/theorem_derivation.hpp"

#include "seprank/report/answer.hpp"
#include "seprank/report/atlas_report.hpp"
#include "seprank/report/bounds_steps.hpp"
#include "seprank/report/findings.hpp"
#include "seprank/report/format.hpp"
#include "seprank/report/annihilator_steps.hpp"
#include "seprank/report/psi_span_steps.hpp"
#include "seprank/report/rank_steps.hpp"
#include "seprank/report/structure_steps.hpp"

namespace seprank {
namespace {

using S = claim_status;

// A summary row, typed: an integer row's value is the integer, a paper row's (key *_log3) its log_3 (JSON value,
// Python value(key)); from_step names the step a rank comes from.
step_value summary_row(const char* key, const std::string& name, const std::string& value, const std::string& l3,
                       json data, std::string from_step = {}) {
  return keyed({name, value + "  ($log_3$ " + l3 + ")", {}, std::move(data), {}, std::move(from_step)}, key);
}

json log3_number(const big_float& v) { return json(v.convert_to<double>()); }

// The summary's lower bounds and ranks: the paper's lower bound, the proven one, and the ranks that finished.
void summary_rank_rows(const theorem_analysis& a, std::vector<step_value>& rows) {
  const structure_analysis& s = a.structure;
  const rank_analysis& r = a.ranks;
  const paper_bounds& p = a.comparison.paper;
  const std::optional<hessian_lower_bound>& lower = a.lower_bound;
  const bool th2 = p.theorem() == 2;
  auto row = [&](auto&&... args) { rows.push_back(summary_row(args...)); };
  const big_float& plow = p.lower_log3();
  const bool low_defined = p.lower_defined();
  if (low_defined)
    row("paper_lower_log3", "paper lower bound (" + std::string(th2 ? "Th. 2" : "Th. 1") + ")",
        plow <= 0 ? "vacuous" : "$" + format_power_of_three(plow) + "$", format_float(plow), log3_number(plow));
  if (lower)  // docs/theory.md, section 15: from N = 2 d_x + 2 on, for almost every weight
    row("lower_bound", "proven lower bound, $N >= 2 d_x + 2$ (step lower-bound)",
        lower->exact ? str(lower->value) : "$>= 3^{" + format_float(rounded_toward(lower->log3_lower, 6, true)) + "}$",
        format_float(rounded_toward(lower->log3_lower, 6, true)), lower->exact ? exact_json(lower->value) : json());
  const bool gridded = r.stopped_at == rank_stage::none || r.stopped_at > rank_stage::grid;
  const bool ranked = r.stopped_at == rank_stage::none || r.stopped_at > rank_stage::coefficient_rank;
  if (gridded)
    row("grid_rank",
        "grid-tensor rank at $N = " + str(static_cast<long long>(s.cfg.N)) +
            "$ (a lower bound on $sep$; step grid-rank)",
        str(static_cast<long long>(r.grid.rank)), log3_text(r.grid.rank),
        exact_json(static_cast<long long>(r.grid.rank)), "grid-rank");
  if (((r.expanded && ranked) || r.sep.exact()) && gridded)
    row("separation_rank",
        "$sep$ at $N = " + str(static_cast<long long>(s.cfg.N)) + "$" +
            (r.sep.exact() ? " (exact; step separation-rank)" : " (lower bound; step separation-rank)"),
        str(static_cast<long long>(r.sep.lower)), log3_text(r.sep.lower),
        exact_json(static_cast<long long>(r.sep.lower)), "separation-rank");
  if (r.gram.computed())
    row("gram_rank",
        std::string("Gram rank, $N -> infinity$") +
            (r.gram.rank.exact() ? " (exact; step gram-rank)" : " (lower bound; step gram-rank)"),
        str(static_cast<long long>(r.gram.rank.lower)), log3_text(r.gram.rank.lower),
        exact_json(static_cast<long long>(r.gram.rank.lower)), "gram-rank");
}

// The summary's upper bounds (the counts, the paper's route and upper bounds) and the slopes in L.
void summary_bound_rows(const theorem_analysis& a, std::vector<step_value>& rows) {
  const structure_analysis& s = a.structure;
  const psi_span_analysis& f = a.psi_span;
  const paper_bounds& p = a.comparison.paper;
  const growth_slopes& slopes = a.bounds.slopes;
  const bool th2 = p.theorem() == 2;
  auto row = [&](auto&&... args) { rows.push_back(summary_row(args...)); };
  // With the residual connection the A side has the monomials of degree <= C - k in M_A: mc(D + 1, C - k) of them.
  row("gram_count",
      s.cfg.residual ? "Gram count $sum_k min(d_x mc(D+1,C-k), mc(D,k))$"
                     : "Gram count $sum_k min(d_x mc(D,C-k), mc(D,k))$",
      str(f.gram_count), log3_text(f.gram_count), exact_json(f.gram_count));
  if (f.refined_gram_count < f.gram_count)  // docs/theory.md, section 14: a proven upper bound, not the rank
    row("refined_gram_count", "Gram count minus the proven rank-one annihilators (upper bound)",
        str(f.refined_gram_count), log3_text(f.refined_gram_count), exact_json(f.refined_gram_count));
  row("binomial_bound", "$binom(D + C, C)$", str(f.binom_bound), log3_text(f.binom_bound), exact_json(f.binom_bound));
  row("paper_route_bound", "paper's route: sum over the used $m$ of $prod (gamma_v + 1)$", str(f.element_rank_sum),
      log3_text(f.element_rank_sum), exact_json(f.element_rank_sum));
  const big_float& pup = p.upper_log3();
  row("paper_upper_log3", "paper upper bound (" + std::string(th2 ? "Th. 2, $c_2$ as transcribed" : "Th. 1") + ")",
      th2 || !p.t1.upper_exact ? "$" + format_power_of_three(pup) + "$" : str(p.t1.upper), format_float(pup),
      log3_number(pup));
  if (th2)
    row("paper_upper_fraction_log3", "paper upper bound (Th. 2, $c_2$ read as a fraction)",
        "$" + format_power_of_three(p.t2.upper_log3_fraction) + "$", format_float(p.t2.upper_log3_fraction),
        log3_number(p.t2.upper_log3_fraction));
  // Corollary 15.3: the growth of log_3 sep in L above the threshold, proven, against the printed slope (none for the
  // residual network, whose bounds are not those of section 15).
  if (slopes.upper > 0)
    rows.push_back(keyed({"slope of $log_3 sep$ in $L$, large $L$ (Corollary 15.3)",
                          (slopes.has_lower ? str(slopes.lower) + ".." : std::string("at most ")) + str(slopes.upper) +
                              "  (printed: " + str(slopes.printed) + ")",
                          {},
                          json{{"lower", slopes.has_lower ? exact_json(slopes.lower) : json()},
                               {"upper", exact_json(slopes.upper)},
                               {"printed", exact_json(slopes.printed)}}},
                         "slope"));
}

// Our bounds against each other: a certified lower bound above an upper bound is one of our checks failing.
void summary_consistency_rows(const bound_consistency& consistency, std::vector<step_value>& rows) {
  json conflicts = json::array();
  for (const auto& c : consistency.conflicts) {
    rows.push_back({"CONFLICT (one of our own bounds is wrong)",
                    "$" + str(c.lower.value) + "$ (" + c.lower.name + ", a lower bound; step " + c.lower.step +
                        ") $>$ $" + str(c.upper.value) + "$ (" + c.upper.name + ", an upper bound on it; step " +
                        c.upper.step + ")"});
    conflicts.push_back(json{{"lower", c.lower.name},
                             {"lower_step", c.lower.step},
                             {"lower_value", exact_json(c.lower.value)},
                             {"upper", c.upper.name},
                             {"upper_step", c.upper.step},
                             {"upper_value", exact_json(c.upper.value)}});
  }
  rows.push_back(
      keyed({"our bounds: each certified lower <= each upper",
             consistency.pairs == 0 ? std::string("nothing to compare: no rank of these weights finished")
             : consistency.holds()  ? "yes (" + str(static_cast<long long>(consistency.pairs)) + " pairs)"
                                    : "NO: " + str(static_cast<long long>(consistency.conflicts.size())) + " of " +
                                         str(static_cast<long long>(consistency.pairs)) + " pairs conflict (FAILED)",
             {},
             json{{"pairs", consistency.pairs}, {"conflicts", conflicts}}},
            "consistency"));
}

derivation_step summary_step(const theorem_analysis& a) {
  const bound_consistency& consistency = a.consistency;
  std::vector<step_value> rows;
  summary_rank_rows(a, rows);
  summary_bound_rows(a, rows);
  summary_consistency_rows(consistency, rows);
  // The summary repeats the ranks, each no more certain than the step that found it: a rank's row names its step, and
  // propagate_certainty marks that row, not the whole table, when the step is probabilistic (a certified contradiction
  // beside a probabilistic Gram rank stays certified).
  return {
      "Summary: every bound and the exact values",
      "",
      rows,
      status_of_check(consistency.holds(), S::computed),
      "integers exact; $log_3$ values to 6 decimals (display only); paper values are the printed formulas; a rank is "
      "as certain as its step (a row says when it is probabilistic)",
      "summary",
      {}};
}

json results_json(const structure_analysis& s, const rank_analysis& r, const psi_span_analysis& f,
                  const paper_bounds& p, const std::optional<hessian_lower_bound>& lower) {
  json j = json::object();
  j["terms"] = s.expanded() ? exact_json(s.y.term_count()) : json();
  j["separation_rank"] = json{{"value", exact_json(static_cast<long long>(r.sep.lower))},
                              {"exact", r.sep.exact()},
                              {"certificate", r.sep.lower == 0 && r.stopped_at != rank_stage::none
                                                  ? std::string("not finished: the run reached its time limit")
                                              : r.expanded ? rank_summary(r.sep)
                                                           : bracket_certificate(r)},
                              {"N", s.cfg.N}};
  j["grid_rank"] = json{{"value", exact_json(static_cast<long long>(r.grid.rank))}, {"points", r.grid.points}};
  j["gram_rank"] = r.gram.computed() ? json{{"value", exact_json(static_cast<long long>(r.gram.rank.lower))},
                                            {"exact", r.gram.rank.exact()}}
                                     : json();
  j["kernel_dimension"] = r.expanded ? exact_json(static_cast<long long>(r.kernel.dimension)) : json();
  j["monomial_space_dimension"] = exact_json(f.dim_formula);
  j["bounds"] = json{{"regime", regime_key(p.reg)},
                     {"gram_count", exact_json(f.gram_count)},
                     {"refined_gram_count", exact_json(f.refined_gram_count)},
                     {"binomial_bound", exact_json(f.binom_bound)},
                     {"paper_upper_log3", full_double(p.upper_log3())},
                     {"paper_lower_log3", p.lower_defined() ? json(full_double(p.lower_log3())) : json()},
                     {"lower_bound_log3", lower ? json(full_double(lower->log3_lower, -1)) : json()}};
  return j;
}

std::string findings_note(const paper_comparison& cmp) {
  switch (cmp.skipped) {
    case audit_skip::residual: return audit_skip_reason(cmp.skipped) + ": nothing to audit";
    case audit_skip::unbalanced: return audit_skip_reason(cmp.skipped);
    case audit_skip::none: break;
  }
  return "each statement: holds (here, certified: a certified upper bound at or below an upper bound, or a "
         "certified lower bound at or above a lower bound), contradicted (it fails here: the reverse), undecided, or not "
         "claimed here (docs/theory.md, section 13). "
         "Certified lower bounds hold for the drawn weights and so bound the generic $sep$ from below; the Gram count holds "
         "for every weight and $N$";
}

// The answer block (report/answer): the verdicts on the paper's statements, preceded by what
// makes them suspect or moot: a check of ours that FAILED, the zero network.
void add_theorem_answer(derivation& d, const theorem_analysis& a) {
  const structure_analysis& s = a.structure;
  answer_input in{s.cfg.L,
                  s.cfg.dx,
                  s.cfg.H,
                  a.comparison.findings,
                  &a.comparison.facts,
                  s.cfg.residual ? nullptr : &a.bounds.slopes,
                  s.cfg.residual ? nullptr : &a.bounds.elsewhere,
                  a.comparison.skipped == audit_skip::none ? "" : audit_skip_reason(a.comparison.skipped),
                  s.cfg.N};
  if (a.comparison.skipped != audit_skip::none) in.findings.clear(), in.facts = nullptr;
  add_answer(d, in);
  // The zero network (e.g. all-zero weights) is said first: its ranks are 0 and decide nothing about the generic sep.
  if (s.expanded() && s.y.term_count() == 0)
    d.answer.insert(d.answer.begin(),
                    {"zero-network", "The network at these weights", "",
                     "$y_p = 0$ (the zero polynomial): every rank of these weights is 0; the verdicts rest on the "
                     "bounds that hold for every weight",
                     nullptr});
  // Before any verdict: a check of ours that failed makes every number below suspect.
  std::string failed;
  for (const auto& st : d.steps)
    if (st.status == S::failed) failed += (failed.empty() ? "" : ", ") + st.id;
  if (!failed.empty())
    d.answer.insert(
        d.answer.begin(),
        {"failed", "One of our own checks FAILED", "",
         "in step " + failed + ": the verdicts below rest on numbers that may be wrong (exit status 1)", nullptr});
}

}  // namespace

derivation theorem_derivation(const theorem_analysis& a, const derivation_options& opt) {
  const structure_analysis& s = a.structure;
  const rank_analysis& r = a.ranks;
  const paper_bounds& p = a.comparison.paper;
  derivation d;
  d.title = std::string("seprank-sym: the Theorem ") + (p.theorem() == 2 ? "2" : "1") +
            " upper-bound derivation, self-attention (Levine et al., NeurIPS 2020)";
  d.config = configuration_json(s);
  d.steps = structure_steps(s, p);
  d.steps.push_back(partition_step(s, r));
  d.steps.push_back(space_step(s, a.psi_span, opt.basis));
  d.steps.push_back(element_step(a.psi_span, a.element_check));
  d.steps.push_back(n_free_step(s, a.psi_span));
  if (s.annihilators.proven())
    d.steps.push_back(annihilator_step(s.cfg, s.annihilators, a.psi_span.gram_count));  // section 14
  append_rank_steps(d, s, r, a.psi_span.gram_count, a.sep_within_gram_count);
  if (a.element_check.stopped) d.time_limited = true;  // after the rank steps, which set it from their stages
  if (a.certificate)
    d.steps.push_back(certificate_step(r, *a.certificate, opt.certificate_dir));
  else if (!opt.certificate_dir.empty())
    d.steps.push_back(identified(
        {"Certificate (a grid anyone can re-check)",
         "",
         {{"files",
           "none written to " + opt.certificate_dir +
               (opt.certificate_removed ? "; the earlier certificate.json and check.py there were removed (they "
                                          "were another run's)"
                                        : "")}},
         S::skipped,
         "the run did not finish the ranks the certificate needs (its time limit)"},
        "certificate"));
  d.steps.push_back(paper_upper_step(a.comparison));
  d.steps.push_back(paper_lower_step(a.comparison));
  d.steps.push_back(lower_bound_step(a.lower_bound, s.cfg.residual
                                                        ? "the theorem is proven for eq. 3 without residual connections"
                                                        : "the theorem needs $L >= 2$, and $d_x >= 2$ when $H = 1$"));
  d.steps.push_back(summary_step(a));
  // A conflict between our own bounds fails the steps of both bounds, not only the summary.
  for (const auto& c : a.consistency.conflicts)
    for (auto& st : d.steps)
      if (st.id == c.lower.step || st.id == c.upper.step) {
        st.status = status_of_check(a.consistency.holds(), st.status);
        st.values.push_back({"CONFLICT", "$" + str(c.lower.value) + "$ (" + c.lower.name + ") $>$ $" +
                                             str(c.upper.value) + "$ (" + c.upper.name +
                                             "): one of them is wrong (step summary)"});
      }
  d.results = results_json(s, r, a.psi_span, p, a.lower_bound);
  d.audited = true;
  d.findings = findings_of(a.comparison.findings);
  d.findings_note = findings_note(a.comparison);
  propagate_certainty(d);
  add_theorem_answer(d, a);
  if (opt.basis) d.tables.push_back(basis_table(s, a.psi_span));
  d.appendix = polynomial_appendix(s, opt.report);
  if (opt.timings) {
    std::string lines;
    for (const auto& t : r.timings) lines += "  " + t.stage + ": " + display_double(t.seconds, 3) + " s\n";
    d.appendix.push_back({"Timings (wall clock; they vary between runs):", lines, ""});
  }
  return d;
}

derivation time_limited_structure_derivation(const theorem_analysis& a, const network_config& c, const paper_bounds& p,
                                             double seconds) {
  const atlas_config atlas{c.L, c.dx, c.H};
  derivation d = bounds_derivation(atlas, p, a.bounds);
  d.title =
      "seprank-sym: the time limit was reached before the network was analysed; the paper's closed forms and the "
      "proven lower bound for " +
      config_text(atlas);
  d.steps.insert(
      d.steps.begin(),
      identified(
          {"The network: its expansion, eq. 4, the Gram form and every rank",
           "",
           {{"time limit", display_double(seconds, 6) + " s"}, {"running when it was reached", a.stopped_in_structure}},
           S::skipped,
           "the time limit was reached in the structure stage, before any step of the network was complete; "
           "raise --time-limit (0: none) to compute them. The steps below need no network"},
          "network"));
  d.time_limited = true;
  return d;
}

}  // namespace seprank
