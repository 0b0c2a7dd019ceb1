// The report builders (report/): statuses and texts derived from analysis records, including a
// check that fails (through the Gram-form seam) and the exit status it earns.
#include <algorithm>
#include <tuple>
#include <doctest/doctest.h>

#include "seprank/analysis/paper/audit_map.hpp"
#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/analysis/structure/structure_analysis.hpp"
#include "seprank/analysis/theorem/theorem_analysis.hpp"
#include "seprank/render/formats.hpp"
#include "seprank/report/audit_report.hpp"
#include "seprank/report/format.hpp"
#include "seprank/report/hessian_report.hpp"
#include "seprank/report/psi_span_steps.hpp"
#include "seprank/report/rank_steps.hpp"
#include "seprank/report/structure_steps.hpp"
#include "seprank/report/theorem_derivation.hpp"
#include "seprank/analysis/ranks/rank_analysis.hpp"
#include "seprank/support/errors.hpp"
#include "seprank/support/interrupt.hpp"

using namespace seprank;

namespace {

network_config report_cfg(int L, int dx, int N) {
  network_config c;
  c.L = L, c.dx = dx, c.N = N;
  return c;
}

derivation structure_of(const network_config& c, const resource_limits& lim = {},
                        const gram_form_seam& seam = nullptr) {
  const auto a = analyse_structure(c, {weight_choice{}, lim, 1, true, seam}, [](const std::string&) {});
  return structure_derivation(a, paper_bounds_of(c.L, c.dx, c.H), {});
}

const derivation_step& step(const derivation& d, const std::string& title_start) {
  for (const auto& s : d.steps)
    if (s.title.rfind(title_start, 0) == 0) return s;
  FAIL("no step " << title_start);
  return d.steps.front();
}

}  // namespace

TEST_CASE("every structural check of a small configuration is verified, and the exit status is 0") {
  const auto d = structure_of(report_cfg(2, 2, 2));
  CHECK(step(d, "Homogeneity").status == claim_status::verified);
  CHECK(step(d, "Index structure").status == claim_status::verified);
  CHECK(step(d, "Gram form").status == claim_status::verified);
  CHECK(step(d, "Cross-check").status == claim_status::probabilistic);
  CHECK(exit_status_of(d) == exit_ok);
}

TEST_CASE("a corrupted Gram form is FAILED, and the exit status is 1") {
  const auto d =
      structure_of(report_cfg(2, 2, 2), {}, [](gram_form& g) { g.row[0] += polynomial::constant(g.ring, 1); });
  const auto& s = step(d, "Gram form");
  CHECK(s.status == claim_status::failed);
  CHECK(s.values.back().value == "DIFFERENT");
  CHECK(exit_status_of(d) == exit_check_failed);
  const std::string text = render(d, output_format::text);
  CHECK(text.find("Gram form (docs/theory.md, section 3)  [FAILED]") != std::string::npos);
  CHECK(text.find("(A_L(M) x^i)_p vs the expansion = DIFFERENT") != std::string::npos);
}

TEST_CASE("a refused expansion is a skipped step naming the refusal") {
  resource_limits lim;
  lim.max_terms = 100;  // the Gram row (at most 2 * multichoose(3, 4) = 30 terms) fits, the expansion does not
  const auto d = structure_of(report_cfg(2, 2, 4), lim);
  const auto& s = step(d, "Exact expansion and its checks");
  CHECK(s.status == claim_status::skipped);
  CHECK(s.check.find("--max-terms 100") != std::string::npos);
}

TEST_CASE("rank summary: exact with the certificates by kind, or a lower bound with its probability") {
  rank_result r;
  r.prime = 5;
  r.lower = r.upper = 7;
  block_rank a;
  a.certificate = block_certificate::full_rank_mod_p;
  block_rank b;
  b.certificate = block_certificate::meets_gram_bound;
  r.blocks = {a, b, a};
  CHECK(rank_summary(r) ==
        "exact (certified: 2 blocks: full rank $mod p$; 1 block: rank $mod p$ meets the Gram-form bound)");
  r.upper = -1;
  r.error_bound = 1e-15;
  const std::string bounded = rank_summary(r);
  CHECK(bounded.rfind("lower bound (certain: the rank $mod p$ is $7$", 0) == 0);
  CHECK(bounded.find("probability $<= 1e-15$") != std::string::npos);
  // A block ranked on a random submatrix: no probability is claimed for equality.
  r.equality_bounded = false;
  const std::string sampled = rank_summary(r);
  CHECK(sampled.find("probability $<=") == std::string::npos);
  CHECK(sampled.find("no probability is claimed") != std::string::npos);
}

TEST_CASE("a step is never more certain than the steps it rests on; findings likewise") {
  derivation d;
  auto add = [&d](const char* id, claim_status st, std::vector<std::string> rests) {
    derivation_step s{id, "", {}, st, "checked", id, std::move(rests)};
    d.steps.push_back(s);
  };
  add("gram-form", claim_status::probabilistic, {});
  add("gram-rank", claim_status::verified, {"gram-form"});
  add("grid-rank", claim_status::verified, {"gram-rank"});  // a chain: two steps away
  add("count", claim_status::computed, {});
  add("separation-rank", claim_status::verified, {"grid-rank", "count"});
  add("paper-upper-bound", claim_status::contradicted, {"gram-form"});
  add("independent", claim_status::verified, {"count"});
  d.findings.push_back({"theorem2-upper-printed", "", verdict::contradicted, "", "", 4, {"gram-form"}});
  d.findings.push_back({"theorem2-upper-fraction", "", verdict::holds, "", "", 0, {}});
  propagate_certainty(d);
  for (const char* id : {"gram-rank", "grid-rank", "separation-rank", "paper-upper-bound"})
    for (const auto& s : d.steps)
      if (s.id == id) {
        CAPTURE(id);
        CHECK(s.status == claim_status::probabilistic);
        CHECK(s.check.find("rests on step") != std::string::npos);
      }
  CHECK(d.steps[3].status == claim_status::computed);
  CHECK(d.steps[6].status == claim_status::verified);
  CHECK(d.findings[0].probabilistic);
  CHECK_FALSE(d.findings[1].probabilistic);
  // With the Gram form verified exactly, nothing is lowered.
  d.steps.clear();
  add("gram-form", claim_status::verified, {});
  add("gram-rank", claim_status::verified, {"gram-form"});
  propagate_certainty(d);
  CHECK(d.steps[1].status == claim_status::verified);
}

TEST_CASE(
    "a time limit in the structure stage: the stage is named, only the steps without the network follow, exit 4") {
  theorem_request t;
  t.cfg = report_cfg(2, 4, 4);
  t.limits.max_seconds = 1e6;  // a deadline, far off: the progress message below brings it forward
  const std::string stop_at = "checking the index structure of eq. 4";
  std::vector<std::string> seen;
  const theorem_analysis a = analyse_theorem(t, [&](const std::string& m) {
    seen.push_back(m);
    if (m == stop_at) set_deadline(0);  // passed at the stage's first check, whatever the machine's speed
  });
  REQUIRE(a.stopped_in_structure == stop_at);
  CHECK(seen.back() == stop_at);  // nothing ran after it (no rank stage, no assembling)
  REQUIRE(a.lower_bound);
  // L = 2: level l0 = 1, n = (3^1 - 1)/2 = 1, so 2 binom(r + 1, 1) = 2 (r + 1)
  CHECK(a.lower_bound->n == 1);
  CHECK(a.lower_bound->value == 2 * (a.lower_bound->r + 1));
  const derivation d = time_limited_structure_derivation(a, t.cfg, paper_bounds_of(2, 4, 1), 1e6);
  REQUIRE(d.steps.size() >= 2);
  CHECK(d.steps[0].id == "network");
  CHECK(d.steps[0].status == claim_status::skipped);
  CHECK(d.steps[0].values.at(1).value == stop_at);
  std::vector<std::string> ids;
  for (std::size_t k = 1; k < d.steps.size(); ++k) ids.push_back(d.steps[k].id);
  CHECK(ids == std::vector<std::string>{"regime", "theorem1", "theorem2", "lower-bound", "proven-interval", "growth"});
  CHECK(d.time_limited);
  CHECK_FALSE(d.has_failure());
  CHECK(exit_status_of(d) == exit_time_limit);
  // Without the early deadline the same request analyses the network.
  const theorem_analysis full = analyse_theorem(t, [](const std::string&) {});
  CHECK(full.stopped_in_structure.empty());
  CHECK(full.structure.expanded());
}

TEST_CASE("the run's time limit: the stage it reaches and every later one are skipped, and the exit status is 4") {
  const auto c = report_cfg(2, 2, 4);
  const auto s =
      analyse_structure(c, {weight_choice{}, resource_limits{}, 1, true, nullptr}, [](const std::string&) {});
  set_deadline(0);  // already passed: the first check in the rank stage stops it
  const rank_analysis r = analyse_ranks(s, rank_options{}, resource_limits{}, 1, [](const std::string&) {});
  clear_deadline();
  CHECK(r.stopped_at == rank_stage::gram_rank);
  derivation d;
  append_rank_steps(d, s, r, 18, true);
  CHECK(d.time_limited);
  REQUIRE_FALSE(d.steps.empty());
  for (const auto& st : d.steps) {
    CAPTURE(st.id);
    CHECK(st.status == claim_status::skipped);
    CHECK(st.check.find("time limit") != std::string::npos);
  }
  CHECK(exit_status_of(d) == exit_time_limit);
  // Without a deadline the same analysis runs every stage.
  const rank_analysis full = analyse_ranks(s, rank_options{}, resource_limits{}, 1, [](const std::string&) {});
  CHECK(full.stopped_at == rank_stage::none);
  // The Gram count by hand (D = 3, C = 4): min(2 mc(3, 4 - k), mc(3, k)) = 1, 3, 6, 6, 2, sum 18; it bounds sep.
  CHECK(full.sep.exact());
  CHECK(full.sep.lower > 0);
  CHECK(full.sep.lower <= 18);
}

TEST_CASE(
    "typed values for JSON: integers up to 15 digits are numbers, longer ones decimal strings, decimals as shown") {
  CHECK(exact_json(999999999999999LL) == json(999999999999999LL));
  CHECK(exact_json(1000000000000000LL) == json("1000000000000000"));
  CHECK(exact_json(-999999999999999LL) == json(-999999999999999LL));
  CHECK(exact_json(big_int("123456789012345")) == json(123456789012345LL));
  CHECK(exact_json(big_int("-1234567890123456")) == json("-1234567890123456"));
  CHECK(shown_decimal("4.278562") == json(4.278562));
  CHECK(shown_decimal("-3.000000") == json(-3.0));
  CHECK(shown_decimal("2e17") == json(2e17));
  CHECK(shown_decimal("42") == json(42));
  CHECK(shown_decimal("-infinity") == json("-infinity"));
  CHECK(shown_decimal("1e999") == json("1e999"));  // beyond a double: the text
  CHECK(shown_decimal("3.") == json("3."));
  const step_value v = exact_value("$C$", 13LL);
  CHECK(v.value == "13");
  CHECK(v.data == json(13));
  CHECK(decimal_value("b", big_float("0.315465")).data == json(0.315465));
}

TEST_CASE("the refined count under the every-weight claim says for which weights it holds") {
  structure_analysis s;
  s.cfg = report_cfg(3, 4, 4);
  s.annihilators.loss = 4;
  annihilator_family f;
  f.grouping.most_quadrics = 2;
  f.quadrics.resize(2);  // as many as any weight can have: the bound holds for every weight
  s.annihilators.families.push_back(f);
  psi_span_analysis p;
  p.gram_count = 31460;
  p.refined_gram_count = 31456;
  const auto refined_text = [&] {
    for (const auto& v : n_free_step(s, p).values)
      if (v.name.find("annihilators") != std::string::npos) return v.value;
    return std::string("(no refined value)");
  };
  CHECK(refined_text().find("for every weight") != std::string::npos);
  s.annihilators.families[0].quadrics.resize(1);  // fewer than a generic weight: these weights only
  const std::string only = refined_text();
  CHECK(only.find("for these weights only") != std::string::npos);
  CHECK(only.find("31456") == 0);
}

TEST_CASE("checks as data: the analysis decides each consistency check, the report maps a failed one to FAILED") {
  const auto c = report_cfg(2, 2, 4);
  structure_analysis s =
      analyse_structure(c, {weight_choice{}, resource_limits{}, 1, true, nullptr}, [](const std::string&) {});
  rank_analysis r = analyse_ranks(s, rank_options{}, resource_limits{}, 1, [](const std::string&) {});
  CHECK(s.C_agrees);  // C = 4 both ways
  CHECK(r.grid_within_sep);
  REQUIRE(r.sep.exact());
  // The Gram count by hand (D = 3, C = 4): 1 + 3 + 6 + 6 + 2 = 18.
  const auto status_of = [](const derivation& d, const std::string& id) {
    for (const auto& st : d.steps)
      if (st.id == id) return st.status;
    FAIL("no step " << id);
    return claim_status::skipped;
  };
  derivation fine;
  append_rank_steps(fine, s, r, 18, true);
  CHECK(status_of(fine, "separation-rank") == claim_status::verified);
  CHECK(status_of(fine, "grid-rank") == claim_status::verified);
  CHECK_FALSE(fine.has_failure());
  derivation over;
  append_rank_steps(over, s, r, 18, false);  // the theorem floor found sep above the Gram count
  CHECK(status_of(over, "separation-rank") == claim_status::failed);
  r.grid_within_sep = false;
  derivation grid;
  append_rank_steps(grid, s, r, 18, true);
  CHECK(status_of(grid, "grid-rank") == claim_status::failed);
  CHECK(exit_status_of(grid) == exit_check_failed);
  s.C_agrees = false;
  const auto steps = structure_steps(s, paper_bounds_of(2, 2, 1));
  bool found = false;
  for (const auto& st : steps)
    if (st.id == "summed-indices") {
      found = true;
      CHECK(st.status == claim_status::failed);
    }
  CHECK(found);
  // The checks that moved onto the records, each planted both ways.
  CHECK(s.degrees_hold);  // homogeneous of degree 3^2 = 9
  s.degrees_hold = false;
  long homogeneity = 0;
  for (const auto& st : structure_steps(s, paper_bounds_of(2, 2, 1)))
    if (st.id == "homogeneity") homogeneity += st.status == claim_status::failed;
  CHECK(homogeneity == 1);
  CHECK(r.partitions_agree());  // none ranked: nothing disagrees
  r.partitions = {{partition{}, 5, true}, {partition{}, 5, true}};
  CHECK(r.partitions_agree());
  r.partitions[1].rank = 4;
  CHECK_FALSE(r.partitions_agree());
  CHECK(r.partitions_disagree());
  r.partitions[1] = {partition{}, 5, false};  // a lower bound only: equality not shown, nor refuted
  CHECK_FALSE(r.partitions_agree());
  CHECK_FALSE(r.partitions_disagree());
  const auto proposition1 = [&] {
    derivation d;
    append_rank_steps(d, s, r, 18, true);
    return status_of(d, "proposition-1");
  };
  CHECK(proposition1() == claim_status::paper);  // was FAILED: 5 exact and >= 5 do not show the ranks differ
  r.partitions[1].rank = 6;  // a certified lower bound above an exact rank of 5: they cannot be equal
  CHECK(r.partitions_disagree());
  CHECK(proposition1() == claim_status::failed);
  r.partitions[0].exact = false;  // two lower bounds (5 and 6): undecided
  CHECK_FALSE(r.partitions_disagree());
  CHECK(proposition1() == claim_status::paper);
  r.partitions = {{partition{}, 5, true}, {partition{}, 5, true}};
  CHECK(proposition1() == claim_status::verified);
  r.sep.lower = 7;
  r.gram.rank.lower = r.gram.rank.upper = 6;  // an exact Gram rank below a certified lower bound
  CHECK(r.bracket_contradicted());
  r.gram.rank.upper = 8;  // not exact: no proven value to pass
  CHECK_FALSE(r.bracket_contradicted());
  element_rank_check e;
  e.checked = 3, e.agree = 3;
  CHECK(e.holds());
  e.agree = 2;
  CHECK_FALSE(e.holds());
  unit_provenance u;
  CHECK((u.all_intact() && u.all_agree()));
  u.impossible.push_back("k=2: rank 56 > min(rows, cols) = 55");
  u.disagreed = 1;
  CHECK_FALSE(u.all_intact());
  CHECK_FALSE(u.all_agree());
  CHECK(status_of_check(true, claim_status::probabilistic) == claim_status::probabilistic);
  CHECK(status_of_check(false, claim_status::skipped) == claim_status::failed);
}

TEST_CASE("our bounds against each other: planted conflicts are found, with both numbers; honest runs have none") {
  // L = 2, d_x = 2, N = 4: sep = Gram rank = 18 = the Gram count by hand (D = 3, C = 4: 1 + 3 + 6 + 6 + 2).
  const auto c = report_cfg(2, 2, 4);
  structure_analysis s =
      analyse_structure(c, {weight_choice{}, resource_limits{}, 1, true, nullptr}, [](const std::string&) {});
  rank_analysis r = analyse_ranks(s, rank_options{}, resource_limits{}, 1, [](const std::string&) {});
  REQUIRE(r.sep.exact());
  REQUIRE(r.gram.computed());
  const bound_consistency honest = check_bound_consistency(r, 4, 18, 0);
  CHECK(honest.holds());
  CHECK(honest.pairs > 0);
  // A planted Gram count below the exact sep: every lower bound above it is one conflict, named with both values.
  const bound_consistency low_count = check_bound_consistency(r, 4, 17, 0);
  REQUIRE_FALSE(low_count.holds());
  for (const auto& k : low_count.conflicts) {
    CHECK(k.upper.value == 17);
    CHECK(k.lower.value > 17);
    CHECK(k.upper.step == "n-free-bound");
  }
  // A planted Gram rank of 17 "exact" (a forged store block): the ladder's and the coefficient matrix's 18 conflict.
  r.gram.rank.lower = r.gram.rank.upper = 17;
  const bound_consistency forged = check_bound_consistency(r, 4, 18, 0);
  bool ladder = false, matrix = false;
  for (const auto& k : forged.conflicts) {
    if (k.upper.step != "gram-rank") continue;
    CHECK(k.upper.value == 17);
    ladder = ladder || k.lower.step == "stabilization";
    matrix = matrix || (k.lower.step == "separation-rank" && k.lower.value == 18);
  }
  CHECK(matrix);
  CHECK(ladder == !r.stabilization.empty());
  // A refined count of 16 (planted): below the Gram rank's lower bound 17 too.
  const bound_consistency refined = check_bound_consistency(r, 4, 18, 16);
  CHECK(std::any_of(refined.conflicts.begin(), refined.conflicts.end(), [](const bound_conflict& k) {
    return k.upper.step == "annihilators" && k.lower.step == "gram-rank" && k.lower.value == 17;
  }));
  // The exact sep bounds the grid rank of the same N: a grid rank of 19 (planted) conflicts with it.
  r = analyse_ranks(s, rank_options{}, resource_limits{}, 1, [](const std::string&) {});
  r.grid.rank = 19;
  const bound_consistency grid = check_bound_consistency(r, 4, 100, 0);
  CHECK(std::any_of(grid.conflicts.begin(), grid.conflicts.end(), [](const bound_conflict& k) {
    return k.lower.step == "grid-rank" && k.upper.name == "the exact sep at N = 4";
  }));
}

TEST_CASE("an audit stopped by its time limit reports the rows decided before it, and says how many of how many") {
  // Rows run d_x outside, L inside: (4, 1), (4, 2), (8, 1) decided, (8, 2) not. Planted by hand: L = 2's region then
  // ends at d_x = 4, L = 1's at 8.
  const audit_map whole = audit_map_of({1, 2}, {4, 8}, 1);
  REQUIRE(whole.rows.size() == 4);
  audit_report_builder b(4, true);
  for (std::size_t k = 0; k < 3; ++k) b.add(whole.rows[k]);
  CHECK(b.rows_added() == 3);
  audit_map m;
  m.L = whole.L, m.dx = whole.dx, m.H = 1;
  const derivation d = b.finish(m, stop_reason::time_limit);
  CHECK(d.time_limited);
  CHECK(exit_status_of(d) == exit_time_limit);
  CHECK(d.answer_title.find("(stopped by the time limit after 3 of 4 rows") != std::string::npos);
  REQUIRE(!d.steps.empty());
  CHECK(d.steps.front().id == "time-limit");
  CHECK(d.steps.front().status == claim_status::skipped);
  CHECK(d.steps.front().values.at(0).value == "3 of 4");
  CHECK(d.results["complete"] == false);
  CHECK(d.results["rows"].size() == 3);
  REQUIRE(d.answer.size() == 2);
  CHECK(d.answer[0].data["runs"].back()["dx_to"] == 8);  // L = 1
  CHECK(d.answer[1].data["runs"].back()["dx_to"] == 4);  // L = 2: width 8 not decided
  audit_report_builder all(4, true);
  for (const auto& row : whole.rows) all.add(row);
  const derivation full = all.finish(m);
  CHECK_FALSE(full.time_limited);
  CHECK(full.results["complete"] == true);
  CHECK(full.steps.front().id != "time-limit");
  // Ctrl-C: the same rows, said as interrupted, exit 130 (before any FAILED: as sweep).
  audit_report_builder user(4, true);
  for (std::size_t k = 0; k < 3; ++k) user.add(whole.rows[k]);
  const derivation i = user.finish(m, stop_reason::interrupted);
  CHECK(i.interrupted);
  CHECK_FALSE(i.time_limited);
  CHECK(exit_status_of(i) == exit_interrupted);
  CHECK(i.answer_title.find("(interrupted by the user after 3 of 4 rows") != std::string::npos);
  CHECK(i.steps.front().id == "interrupted");
  CHECK(i.steps.front().values.at(0).value == "3 of 4");
  CHECK(i.results["complete"] == false);
  CHECK(i.results["rows"].size() == 3);
}

TEST_CASE("hessian-ranks stopped after some rows: how many of how many, said first, and the exit status of the stop") {
  const std::vector<moment_hessian_row> rows{moment_hessian_row_of(2, 1, 1)};  // l0 = 1, d = 2: rho_3(2) = D(2) = 3
  REQUIRE(rows[0].agrees());
  for (const auto& [stop, id, status] : {std::tuple{stop_reason::time_limit, "time-limit", exit_time_limit},
                                         std::tuple{stop_reason::interrupted, "interrupted", exit_interrupted}}) {
    const derivation d = hessian_ranks_derivation(rows, 1, 4, stop);
    CHECK(d.steps.front().id == id);
    CHECK(d.steps.front().values.at(0).value == "1 of 4");
    CHECK(exit_status_of(d) == status);
    CHECK(d.results["complete"] == false);
  }
  const derivation whole = hessian_ranks_derivation(rows, 1, 1);
  CHECK(whole.steps.front().id == "hessian-ranks");
  CHECK(exit_status_of(whole) == exit_ok);
  CHECK(whole.results["complete"] == true);
}
