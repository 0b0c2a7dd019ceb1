// The CLI end to end: the subcommands (audit, annihilators, bounds, corollaries, sweep and its plots, hessian-ranks).
#include "cli_helpers.hpp"

using namespace seprank_cli_test;

TEST_CASE("audit: the map's statuses, its JSON, and the plots") {
  auto r = run("audit --L 2,6 --dx 4,8,728 --format json --quiet");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::ordered_json::parse(r.out);
  std::map<std::pair<int, int>, std::string> printed;
  for (const auto& row : j.at("results").at("rows"))
    for (const auto& s : row.at("statements"))
      if (s.at("name") == "theorem2-upper-printed")
        printed[{row.at("L").get<int>(), row.at("dx").get<int>()}] = s.at("status");
  CHECK(printed[{2, 8}] == "contradicted");
  CHECK(printed[{6, 728}] == "contradicted");
  CHECK(printed[{2, 4}] == "holds");
  for (const char* ext : {".svg", ".png"}) {
    const std::string plot = temp_path(std::string("audit") + ext);
    r = run("audit --L 1..8 --dx 2..40 --plot " + plot);
    CHECK(r.status == 0);
    CHECK(contains(r.out, "wrote " + plot));
    CHECK(std::ifstream(plot).good());
    for (const char* side : {".gp", ".dat", ".log", ".part"}) CHECK_FALSE(std::ifstream(plot + side).good());
    const std::string pic = read_file(plot);
    if (std::string(ext) == ".svg") {  // both panels' legends, as drawn
      CHECK(contains(pic, "<title>contradicted</title>"));
      CHECK(contains(pic, "<title>threshold L = log"));
      CHECK(contains(pic, "printed lower bound in its regime"));
    } else {
      CHECK(pic.rfind("\x89PNG", 0) == 0);
    }
    run_command("rm -f " + plot + " " + plot + ".gp " + plot + ".dat " + plot + ".log");
  }
  expect_usage_errors({{"audit --L 0..3", "--L = 0..3"}, {"audit --dx 1..200000", "more than 100000 values"}});
}

TEST_CASE("annihilators: the refined bound far beyond any rank, in text and JSON; audit rows carry exact counts") {
  // L = 3, d_x = 5: two quadrics in u^perp = P^3 meet in an elliptic quartic curve, H_Z(d) = 4 d, so block 7 gains
  // 4 * 14 = 56 operators. Gram count by hand (block sizes d_x mc(15, 13 - k) vs mc(15, k), crossing at k = 6):
  // binom(21, 6) + 5 binom(21, 6) ... computed below from multichoose, not from the program.
  auto r = run("annihilators --L 3 --dx 5 --quiet");
  REQUIRE(r.status == 0);
  CHECK(contains(r.out, "a smooth curve of degree 4"));
  CHECK(contains(
      r.out,
      "k = 7: 193800 x 116280, 56 operators (grouping 1; every grouping of order <= k counted or inside a counted one): rank <= 116224 (loses 56)"));
  long count = 0;
  for (int k = 0; k <= 13; ++k) {
    auto mc = [](long n, long j) {  // mc(n, j) = binom(n + j - 1, j)
      long b = 1;
      for (long i = 1; i <= j; ++i) b = b * (n + j - i) / i;
      return b;
    };
    count += std::min(5 * mc(15, 13 - k), mc(15, k));
  }
  CHECK(count == 248064);
  CHECK(contains(r.out, "= " + std::to_string(count - 56) + " (the Gram count minus 56)"));
  // L = 4, d_x = 5: three families of order 21 (16 points, 8 and 8 in u^perp; docs/theory.md section 14), pairwise
  // disjoint, act on block 21 together: 32 operators. Block 21 is 5 mc(15, 19) x mc(15, 21), column-limited.
  const auto r4 = run("annihilators --L 4 --dx 5 --quiet");
  REQUIRE(r4.status == 0);
  CHECK(contains(
      r4.out,
      "32 operators (the union of groupings 1, 2, 3: 16 + 8 + 8 points, pairwise disjoint; every grouping of order <= k counted or inside a counted one)"));
  // d_x = 6: the same three are curves, and u with the four forms is one regular sequence, so all three count
  // together. By hand, the faces: the 16 points of all five generators (u and the forms 1..4), the curve of the
  // forms 1..4 at degree 41 (16 * 41 - 16 = 640), and each curve of degree 8 at degree 40 (8 * 40 - 4 = 316).
  CHECK(contains(
      run("annihilators --L 4 --dx 6 --quiet --width 0").out,
      "1288 operators (the union of groupings 1, 2 and 3, whose generators are one regular sequence (intersection 1): "
      "16 + 640 + 316 + 316 over the 4 sets of generators that miss some grouping's; every grouping of order <= k "
      "counted or inside a counted one)"));
  long count4 = 0;
  for (long k = 0; k <= 40; ++k) {
    auto mc = [](long n, long j) {
      long b = 1;
      for (long i = 1; i <= j; ++i) b = b * (n + j - i) / i;
      return b;
    };
    count4 += std::min(5 * mc(15, 40 - k), mc(15, k));
  }
  CHECK(contains(r4.out, "= " + std::to_string(count4 - 32) + " (the Gram count minus 32)"));
  const auto j4 = nlohmann::ordered_json::parse(run("annihilators --L 4 --dx 5 --format json --quiet").out);
  const auto& lose = j4.at("steps").at(0).at("values");
  bool block21 = false;
  for (const auto& v : lose)
    if (v.at("name") == "blocks that lose")
      for (const auto& b : v.at("value"))
        if (b.at("k") == 21) {
          block21 = true;
          CHECK(b.at("union") == "disjoint-points");
          CHECK(b.at("groupings") == nlohmann::ordered_json::array({1, 2, 3}));
          CHECK(b.at("operators") == 32);
          CHECK(b.at("whole") == true);  // the three are every grouping of order 21 (docs/theory.md, section 14)
          CHECK(b.at("left_out").empty());
        }
  CHECK(block21);
  const auto j = nlohmann::ordered_json::parse(run("annihilators --L 3 --dx 4 --format json --quiet").out);
  CHECK(j.at("results").at("gram_count") == 31460);
  CHECK(j.at("results").at("refined_gram_count") == 31456);
  CHECK(j.at("steps").at(0).at("status") == "verified");  // pencil discriminant and resultant agree
  // L = 4, d_x = 3: 3 conditions in P^2 and 4 in P^2: expected empty, nothing claimed.
  CHECK(contains(run("annihilators --L 4 --dx 3 --quiet").out, "= 679581 (the Gram count minus 0)"));
  CHECK(contains(run("annihilators --L 3 --dx 4 --H 2 --quiet").out, "Skipped:  H > 1: A_L is a sum of words"));
  expect_usage_errors({{"annihilators --L 3 --dx 4 --weights symbolic", "--weights symbolic is not supported"},
                       {"annihilators --L 0 --dx 4", "L = 0 is out of range"},
                       {"annihilators --L 30 --dx 4", "L = 30 is out of range"},
                       {"annihilators --L 3 --dx 4 --H 3", "H = 3 does not divide dx = 4"},
                       {"annihilators --L 3 --dx 4 --entry 9", "entry = 9 is out of range"}});
  // The largest size the options allow: an exact count and a nonnegative refined bound (the count there has
  // thousands of digits; a count known only in log space once gave a negative difference).
  const auto big =
      nlohmann::ordered_json::parse(run("annihilators --L 8 --dx 64 --format json --quiet --time-limit 3000").out);
  CHECK(big.at("results").at("refined_gram_count").get<std::string>()[0] != '-');
  // A Macaulay matrix of millions of entries is announced before it is ranked. L = 4, d_x = 12, grouping 2: 3
  // quadrics in the 11 variables of u^perp, degree 4: columns mc(11, 4) = 1001; rows 3 mc(11, 2) = 198 from the
  // quadrics and binom(11, 3) = 165 cubic minors times 11 linear monomials = 1815: 2013 x 1001.
  CHECK(contains(
      run("annihilators --L 4 --dx 12 --time-limit 3000").out,
      "grouping 2: is Z smooth? the Macaulay matrix of its 3 quadrics and their Jacobian minors in degree 4 (2013 x 1001)"));
  // The audit's JSON rows: the exact Gram count and the refined bound for every weight. At L = 3, d_x = 4 the shipped
  // union table's 4 points (31,460 - 4 = 31,456, the certified Gram rank) beat Noether's one operator (31,459);
  // at d_x = 6 the pencil's surface loses 421 on block 7 (docs/theory.md, section 14).
  int seen = 0;
  for (const char* H : {"1", "2"}) {
    const auto audit =
        nlohmann::ordered_json::parse(run(std::string("audit --L 3 --dx 4,6 --format json --quiet --H ") + H).out);
    for (const auto& row : audit.at("results").at("rows")) {
      if (row.at("dx") == 4 && row.at("H") == 1) {
        CHECK(row.at("gram_count") == 31460);
        CHECK(row.at("refined_gram_count") == 31456);
        CHECK(row.at("refined_by") == "annihilator-union");
        ++seen;
      } else if (row.at("dx") == 6 && row.at("H") == 1) {
        CHECK(row.at("gram_count") == 1578720);
        CHECK(row.at("refined_gram_count") == 1578720 - 421);
        ++seen;
      } else if (row.at("H") == 2) {
        CHECK(row.at("refined_gram_count").is_null());  // the lemma is for one word
        CHECK(row.at("refined_by").is_null());
        ++seen;
      }
    }
  }
  CHECK(seen == 4);
}

TEST_CASE("subcommands: bare runs are examples, every --help lists --format, digit counts are integers") {
  auto r = run("corollary1");
  CHECK(r.status == 0);
  CHECK(contains(r.out, "L = 6, d_x = 1000, H = 16"));
  CHECK(contains(r.out, "about 2e17"));
  CHECK(run("corollary2 --quiet").status == 0);
  for (const char* sub : {"bounds", "corollary1", "corollary2", "sweep", "audit", "annihilators"}) {
    CAPTURE(sub);
    r = run(std::string(sub) + " --help");
    CHECK(r.status == 0);
    CHECK(contains(r.out, "--format"));
    CHECK(contains(r.out, "--quiet"));
  }
  // One subcommand a run: a second name is an unexpected argument (it ran one of them, silently, before).
  r = run("plan hessian-ranks --quiet");
  CHECK(r.status == 2);
  CHECK(contains(r.out, "not expected: hessian-ranks"));
  // (d_x + H)^C = 12^((3^30 - 1)/2): 102945566047324 * log_10 12 = 111096924242029.17..., so 111096924242030 digits.
  CHECK(contains(run("bounds --L 30 --dx 10 --H 2").out, "(about 111096924242030 decimal digits)"));
}

TEST_CASE("sweep plots in SVG and PNG: one legend entry per kind and per series, no empty series, 'wrote FILE'") {
  for (const char* ext : {".svg", ".png"}) {
    const std::string plot = temp_path(std::string("sweep") + ext);
    const auto r = run("sweep --dx 2..3 --L 1..2 --plot " + plot);
    REQUIRE(r.status == 0);
    CHECK(contains(r.out, "wrote " + plot));
    CHECK(std::ifstream(plot).good());
    // Nothing is left beside the picture (the script, its data and its log were files of their own before).
    for (const char* side : {".gp", ".dat", ".log", ".part"}) CHECK_FALSE(std::ifstream(plot + side).good());
    if (std::string(ext) == ".svg") {  // the legend as drawn: one titled group per kind and per series
      const std::string svg = read_file(plot);
      std::vector<std::string> titles;
      const std::string open = "\" ><title>";
      for (std::size_t k = 0; (k = svg.find(open, k)) != std::string::npos; k += open.size()) {
        const std::size_t a = k + open.size(), b = svg.find("</title>", a);
        const std::string t = svg.substr(a, b - a);
        if (t.rfind("gnuplot_plot_", 0) != 0) titles.push_back(t);  // untitled curves carry their id
      }
      // Kinds: at most the ten the plot knows (sep certified / lower, Gram rank, Gram count, refined count, proven
      // lower bound, the paper's four bounds); series: d_x = 2, 3.
      CHECK(titles.size() <= 10 + 2);
      CHECK(std::count(titles.begin(), titles.end(), "Gram count (every weight and N)") == 1);
      CHECK(std::count(titles.begin(), titles.end(), "proven lower bound (theory.md 15; N >= 2 dx + 2)") ==
            1);  // at L = 2
      // The series name the proven slopes of log_3 sep in L (D - 1 .. D) and the printed 2 d_x + 1.
      CHECK(std::count(titles.begin(), titles.end(), "dx = 2: slope of log3 sep in L proven in 2..3, printed 5") == 1);
      CHECK(std::count(titles.begin(), titles.end(), "dx = 3: slope of log3 sep in L proven in 5..6, printed 7") == 1);
      CHECK(std::count(titles.begin(), titles.end(), "sep, certified") == 1);
      CHECK(std::count(titles.begin(), titles.end(), "sep, lower bound") ==
            0);  // every rank here is certified: no empty series
    } else {
      CHECK(read_file(plot).rfind("\x89PNG", 0) == 0);
    }
    run_command("rm -f " + plot + " " + plot + ".gp " + plot + ".dat " + plot + ".log");
  }
}

TEST_CASE("sweep --plot-against dx: sep against the width, a series per depth; another axis is refused") {
  const std::string plot = temp_path("sweep-dx.svg");
  auto r = run("sweep --dx 2..4 --L 1..2 --plot-against dx --plot " + plot + " --quiet");
  REQUIRE(r.status == 0);
  const std::string svg = read_file(plot);
  CHECK(contains(svg, "Separation rank against width"));
  CHECK(contains(svg, "<title>L = 1</title>"));
  CHECK(contains(svg, "<title>L = 2</title>"));
  CHECK_FALSE(contains(svg, "<title>dx = 2</title>"));
  CHECK(contains(svg, "<title>proven lower bound (theory.md 15; N >= 2 dx + 2)</title>"));
  // The threshold d_x = 3^L inside 2..4 is 3^1 (3^2 = 9 is outside): gnuplot's enhanced text sets the exponent apart.
  const std::string power = "> = 3</tspan><tspan font-family=\"sans\"  font-size=\"7.2\" dy=\"-4.50px\">";
  CHECK(contains(svg, power + "1</tspan>"));
  CHECK_FALSE(contains(svg, power + "2</tspan>"));
  std::remove(plot.c_str());
  r = run("sweep --dx 2..3 --L 1 --plot-against H --plot " + plot);
  CHECK(r.status == 2);
  CHECK(contains(r.out, "plot-against = H is not one of L, dx"));
  CHECK_FALSE(std::ifstream(plot).good());
}

TEST_CASE("bounds at GPT-3 size, instantly, in every format") {
  auto r = run("bounds --L 96 --dx 12288 --H 96");
  CHECK(r.status == 0);
  CHECK(has_value(r.out, "regime", "Theorem 2 (L > log_3 d_x: depth inefficiency)"));
  CHECK(has_value(r.out, "3^L vs d_x", "6362685441135942358474828762538534230890216321 > 12288"));  // 3^96
  for (const char* f : {"json", "markdown", "latex"})
    CHECK(run(std::string("bounds --L 24 --dx 1024 --H 16 --format ") + f).status == 0);
  r = run("bounds --L 2 --dx 9 --H 1");
  CHECK(contains(r.out, "neither theorem"));
}

TEST_CASE("Corollary 1: the paper's example, computed and quoted side by side") {
  const auto r = run("corollary1 --L 6 --dx 1000 --H 16");
  CHECK(r.status == 0);
  CHECK(has_value(r.out, "the paper quotes", "about 2e17"));
  CHECK(has_value(r.out, "the paper quotes", "about 2e5"));
  CHECK(contains(r.out, "does not divide d_x = 1000"));
  // The disagreement is a finding, first in the answer, and the step is tagged as its value reads (the quote 2e17 is
  // about 27 times the width the printed formulas give, docs/findings.md).
  CHECK(r.out.find("The paper's quoted width, depth 2: contradicted (certified)") < r.out.find("Step 1 "));
  CHECK(contains(r.out, "[contradicted (certified)] corollary1-quoted-depth-2"));
  CHECK(contains(r.out, "Shallow depth 2  [contradicted]"));
}

TEST_CASE("sweep: table and an SVG plot") {
  const std::string svg = temp_path("sweep.svg");
  const auto r = run("sweep --dx 1..2 --L 1..2 --plot " + svg + " --quiet");
  CHECK(r.status == 0);
  CHECK(contains(r.out, "d_x  L  H  d_a"));
  const std::string plot = read_file(svg);
  CHECK(contains(plot, "<svg"));
  CHECK(contains(plot, "depth L"));
  std::remove(svg.c_str());
  std::remove((svg + ".dat").c_str());
  std::remove((svg + ".gp").c_str());
  std::remove((svg + ".log").c_str());
}

TEST_CASE("the lower bound at every size: GPT-3 in the audit and bounds, the growth, hessian-ranks") {
  const result a = run("audit --L 96 --dx 12288 --H 96 --quiet");
  REQUIRE(a.status == 0);
  CHECK(contains(a.out, "holds (N >= 24578)  contradicted (N >= 24578)  contradicted (N >= 24578)"));
  const result b = run("bounds --L 96 --dx 12288 --H 96 --quiet");
  REQUIRE(b.status == 0);
  CHECK(contains(b.out, "(lower-bound)"));
  // d_a = 128 per head: l0 = 5 (g = 243 > 128, rho = D(128) = 8256) beats l0 = 4 (rho_81(128) = 80 * 128 - 3160 =
  // 7080).
  CHECK(has_value(b.out, "level l_0", "5"));
  CHECK(has_value(b.out, "block width d per head", "128 in each of 96 heads"));
  CHECK(has_value(b.out, "r", "792575"));                 // H rho_g(d) - 1 = 96 x 8256 - 1
  CHECK(has_value(b.out, "slope, at least", "792575"));   // H D(d_a) - 1
  CHECK(has_value(b.out, "slope, at most", "75503616"));  // D(12288)
  CHECK(contains(b.out, "[contradicted (certified)] theorem2-upper-printed"));
  // L = 2, d_x = 8 by hand: l0 = 1, rho_3(8) = 15, r = 14, n = 1, 2 binom(15, 1) = 30.
  const result c = run("bounds --L 2 --dx 8 --quiet");
  CHECK(has_value(c.out, "2 binom(r + n, n)", "30"));
  // At N = 10 < 2 d_x + 2: the width-4 network's bound by zero padding (rho_3(4) = 7, r = 6): 2 binom(7, 1) = 14.
  const result cn = run("bounds --L 2 --dx 8 --N 10 --quiet");
  CHECK(has_value(cn.out, "2 binom(r + n, n)", "14"));
  CHECK(has_value(cn.out, "holds for balanced partitions from N", "10"));
  CHECK(run("bounds --L 2 --dx 8 --N 1 --quiet").status == 2);
  const result h = run("hessian-ranks --level 1..2 --d 1..5 --quiet");
  CHECK(h.status == 0);
  CHECK(contains(h.out, "[verified]"));
  CHECK(run("hessian-ranks --check --quiet").status == 2);  // the shipped table and its --check are gone
  // --certificate is the main command's: a subcommand refuses it (it wrote nothing before, with exit 0).
  for (const char* sub : {"bounds", "audit --L 2 --dx 4", "hessian-ranks", "sweep --dx 2 --L 1", "annihilators"}) {
    const result cert = run(std::string("--certificate ") + temp_path("cert-sub") + " " + sub + " --quiet");
    CAPTURE(sub);
    CHECK(cert.status == 2);
    CHECK(contains(cert.out, "--certificate applies to the main command"));
  }
  const result bad = run("hessian-ranks --level 5");
  CHECK(bad.status == 2);
  CHECK(contains(bad.out, "1..4"));
}

TEST_CASE("the audit honours --time-limit (exit 4) and a failed write is exit 6, never 0") {
  const result t = run("audit --L 1..100 --dx 1..100000 --time-limit 0.5 --quiet");
  CHECK(t.status == 4);
  CHECK(contains(t.out, "time limit"));
  // annihilators too (they ignored --time-limit); 1 ns has passed by the first check, on any machine. What was
  // proven before the limit is printed (here: nothing, so the bound is the Gram count itself).
  // d_x = 8, not 64: the word of d_x = 64 in exact integers takes 3 s (20 s sanitized) before the first check.
  const result an = run("annihilators --L 8 --dx 8 --time-limit 1e-9 --quiet --width 0");
  CHECK(an.status == 4);
  CHECK(contains(an.out, "stopped by the time limit (--time-limit)"));
  CHECK(contains(an.out, "= after 0 of "));  // of all the groupings planned: none analysed
  CHECK(contains(an.out, " groupings; "));
  CHECK(contains(an.out, "none proven: no grouping was analysed before the time limit"));
  CHECK(contains(an.out, "(the Gram count minus 0)"));
  const auto an_json =
      nlohmann::json::parse(run("annihilators --L 4 --dx 5 --time-limit 1e-9 --quiet --format json").out);
  CHECK(an_json["results"]["complete"] == false);
  CHECK(an_json["results"]["annihilator_loss"] == 0);
  CHECK(nlohmann::json::parse(run("annihilators --L 4 --dx 5 --quiet --format json").out)["results"]["complete"] ==
        true);
  const result full = run_command(executable() + " bounds --quiet > /dev/full 2>&1; echo status=$?");
  CHECK(contains(full.out, "status=6"));
  const result full_audit =
      run_command(executable() + " audit --L 1..3 --dx 1..5 --quiet 2>/dev/null > /dev/full; echo status=$?");
  CHECK(contains(full_audit.out, "status=6"));
  // inf and values past 10^9 s mean no deadline (9.3e9 used to overflow and stop at once).
  for (const char* limit : {"inf", "9.3e9"}) {
    const result r = run(std::string("--L 2 --dx 3 --quiet --time-limit ") + limit);
    CAPTURE(limit);
    CHECK(r.status == 0);
    CHECK(contains(r.out, "Findings"));
  }
}

TEST_CASE("sweep --time-limit holds for the whole sweep, not per row: exit status 4 with the rows finished before it") {
  // 1 ns has passed before the first row starts, on any machine: no row is computed, and the run says so.
  const result r = run("sweep --dx 2..3 --L 1..2 --quiet --time-limit 0.000000001");
  CHECK(r.status == 4);
  CHECK(contains(r.out, "= 0 of 4 (the time limit was reached)"));
  CHECK(contains(r.out, "the sweep reached its time limit (--time-limit, for the whole sweep)"));
  const result full = run("sweep --dx 2..3 --L 1..2 --quiet");
  CHECK(full.status == 0);
  CHECK(contains(full.out, "= 4 of 4\n"));
}

TEST_CASE("audit and hessian-ranks: --time-limit for the whole command, the rows done shown, exit 4 (issue 49)") {
  // 1 ns has passed by the first check on any machine: nothing is decided, and the output says how much of what.
  const std::string exported = temp_path("audit-stopped.csv");
  std::filesystem::remove(exported);
  const result a = run("audit --L 1..3 --dx 1..5 --quiet --time-limit 1e-9 --export " + exported);
  CHECK(a.status == 4);
  CHECK(contains(a.out, "Step 1 (time-limit). Time limit  [skipped]"));
  CHECK(contains(a.out, "rows decided = 0 of 15"));
  CHECK(std::filesystem::exists(exported));  // the export holds the rows decided (here its header alone)
  const auto aj = nlohmann::json::parse(run("audit --L 1..3 --dx 1..5 --quiet --time-limit 1e-9 --format json").out);
  CHECK(aj["results"]["complete"] == false);
  CHECK(aj["results"]["rows"].empty());
  CHECK(nlohmann::json::parse(run("audit --L 1..3 --dx 1..5 --quiet --format json").out)["results"]["complete"] ==
        true);
  // hessian-ranks ignored --time-limit (a row at l0 = 3, d = 64 takes 8-30 s: one elimination of 2080 x 2080 is
  // stopped from beside it, run_interruptible).
  const result h = run("hessian-ranks --level 3 --d 64 --quiet --time-limit 1");
  CHECK(h.status == 4);
  CHECK(contains(h.out, "rows               = 0 of 1"));
  CHECK(contains(h.out, "Skipped:  no row was ranked before the time limit: nothing was checked"));
  CHECK_FALSE(contains(h.out, "[verified]"));
  CHECK(contains(h.out, "Step 1 (time-limit). Time limit  [skipped]"));  // said first, as in the audit
  const auto hj = nlohmann::json::parse(run("hessian-ranks --level 1 --d 1..3 --quiet --format json").out);
  CHECK(hj["results"]["complete"] == true);
  CHECK(hj["results"]["rows"].size() == 3);
  // The picture: none when no row was decided (it was exit 6, "gnuplot failed"), one width drawn (an empty x range
  // was).
  const std::string none = temp_path("no-rows.svg"), one = temp_path("one-width.svg");
  std::filesystem::remove(none), std::filesystem::remove(one);
  const result no_rows = run("audit --L 1..3 --dx 1..5 --time-limit 1e-9 --plot " + none);
  CHECK(no_rows.status == 4);
  CHECK(contains(no_rows.out, "no picture written to " + none + ": no row was decided before the time limit"));
  CHECK_FALSE(std::filesystem::exists(none));
  CHECK(run("audit --L 1..3 --dx 1 --quiet --plot " + one).status == 0);
  CHECK(std::filesystem::exists(one));
  std::filesystem::remove(one);
  // --export and --plot into a directory that does not exist: refused before anything is computed, exit 2.
  const result nodir = run("audit --L 1 --dx 1..3 --export " + temp_path("nodir") + "/a.csv");
  CHECK(nodir.status == 2);
  CHECK(contains(nodir.out, "does not exist or cannot be written"));
  CHECK_FALSE(contains(nodir.out, "auditing"));
  const auto sj = nlohmann::json::parse(run("sweep --dx 2 --L 1..2 --quiet --time-limit 1e-9 --format json").out);
  CHECK(sj["results"]["complete"] == false);
}

TEST_CASE("audit and hessian-ranks on Ctrl-C: the rows done shown, a message, exit 130 (as sweep)") {
  // SIGINT 1 s after the first progress line (the handler is in place by then, however slowly the process started):
  // 10^7 rows of the audit, 512 of hessian-ranks (the last take seconds each) are far from done on any machine;
  // however many are done (none under load), the output says how many of how many.
  struct stopped {
    int status;
    std::string out, err;
  };
  const auto interrupt = [](const std::string& args, const std::string& progress) {
    const std::string out = temp_path("int.out"), err = temp_path("int.err");
    const auto r = run_command("sh -c '" + executable() + " " + args + " > " + out + " 2> " + err + " & p=$!; " +
                               "for i in $(seq 1 600); do grep -q " + progress + " " + err +
                               " && break; sleep 0.05; done; " + "sleep 1; kill -INT $p; wait $p; echo $?'");
    stopped s{std::atoi(r.out.c_str()), file_text(out), file_text(err)};
    std::filesystem::remove(out), std::filesystem::remove(err);
    return s;
  };
  const stopped a = interrupt("audit --L 1..100 --dx 1..100000 --format json", "auditing");
  CHECK(a.status == 130);
  const auto aj = nlohmann::json::parse(a.out);
  CHECK(aj["results"]["complete"] == false);
  CHECK(aj["steps"][0]["id"] == "interrupted");
  CHECK(aj["steps"][0]["values"][0]["value"] == aj["results"]["rows"].size());
  CHECK(contains(a.err, "interrupted by the user (SIGINT); the rows done so far are shown"));
  const stopped h = interrupt("hessian-ranks --level 1..4 --d 1..128", "ranking");
  CHECK(h.status == 130);
  CHECK(contains(h.out, "Step 1 (interrupted). Interrupted  [skipped]"));
  CHECK(contains(h.out, " of 512"));
  CHECK(contains(h.err, "interrupted by the user (SIGINT); the rows done so far are shown"));
}

TEST_CASE("corollary1 outside its hypothesis: not applicable with the reason, no width, no FAILED") {
  const result r =
      run("corollary1 --L 6 --dx 100 --H 16 --quiet");  // 3^6 = 729 > 100: the deep network is not below its threshold
  CHECK(r.status == 0);
  CHECK(contains(r.out, "not applicable: the deep network is not below its threshold"));
  CHECK_FALSE(contains(r.out, "computed width"));
  CHECK_FALSE(contains(r.out, "FAILED  "));
  CHECK_FALSE(contains(r.out, "[FAILED]"));
  const auto j = nlohmann::json::parse(run("corollary1 --L 6 --dx 100 --H 16 --quiet --format json").out);
  CHECK(j["results"]["rows"][0]["width"].is_null());
}

TEST_CASE(
    "corollary1: its depth range as --help says, the default --shallow 2,3 named when it does not fit, a depth given twice") {
  const result two = run("corollary1 --L 2");
  CHECK(two.status == 2);
  CHECK(
      contains(two.out, "seprank-sym: error: L = 2 is not deeper than the default --shallow 2,3: give --shallow 1\n"));
  CHECK(contains(run("corollary1 --L 3").out,
                 "L = 3 is not deeper than the default --shallow 2,3: give --shallow with depths in 1..2\n"));
  const result one = run("corollary1 --L 1");
  CHECK(one.status == 2);
  CHECK(contains(one.out,
                 "seprank-sym: error: L = 1 is out of range: must satisfy 2 <= L <= 10000\n"));  // as --help says
  CHECK(contains(run("corollary1 --help").out, "depth of the deep network, 2..10000"));
  const result twice = run("corollary1 --shallow 2,2");
  CHECK(twice.status == 2);
  CHECK(contains(twice.out, "shallow depth 2 is given twice"));
  CHECK(run("corollary1 --L 2 --shallow 1 --quiet").status == 0);
  const result given = run("corollary1 --L 2 --shallow 2");  // given: the library's message on the depth given
  CHECK(given.status == 2);
  CHECK(contains(given.out, "shallow depth 2 is out of range: must satisfy 1 <= L_shallow < L_deep = 2"));
}

TEST_CASE("--plot writes the format its extension names (PDF too) or refuses it before writing anything") {
  const std::string pdf = temp_path("audit.pdf");
  const result r = run("audit --L 1..4 --dx 1..20 --quiet --plot " + pdf);
  CHECK(r.status == 0);
  CHECK(read_file(pdf).rfind("%PDF", 0) == 0);
  std::remove(pdf.c_str());
  const std::string jpg = temp_path("audit.jpg");
  const result bad = run("audit --L 1..4 --dx 1..20 --quiet --plot " + jpg);
  CHECK(bad.status == 2);
  CHECK(contains(bad.out, "must end in .svg, .png or .pdf"));
  for (const char* side : {"", ".gp", ".dat", ".log", ".part"}) CHECK_FALSE(std::ifstream(jpg + side).good());
}

TEST_CASE(
    "--plot: gnuplot runs without a shell (a quote or a space in the path is just a character); without gnuplot, exit 6") {
  const std::string dir = temp_path("it's a \"dir\" $(x)");
  std::filesystem::create_directories(dir);
  const std::string png = dir + "/sweep's.png";
  // The path as one argument: single quotes for the shell, a quote inside written '\''.
  std::string arg = "'";
  for (char ch : png) arg += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  arg += "'";
  const result r = run("sweep --dx 2..3 --L 1..2 --quiet --plot " + arg);
  CHECK(r.status == 0);
  CHECK(read_file(png).rfind("\x89PNG", 0) == 0);
  std::size_t beside = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) beside += e.path() != png;
  CHECK(beside == 0);  // no script, data or log left
  // PATH without gnuplot: the run's output error, nothing written.
  const result none = run_command("PATH=/nonexistent " + executable() + " sweep --dx 2 --L 1 --quiet --plot " +
                                  temp_path("none.svg") + " 2>&1");
  CHECK(none.status == 6);
  CHECK(contains(none.out, "gnuplot cannot be started (not installed"));
  for (const char* side : {"", ".gp", ".dat", ".log", ".part"})
    CHECK_FALSE(std::ifstream(temp_path("none.svg") + side).good());
  std::filesystem::remove_all(dir);
}

TEST_CASE("bounds --model: a published model at its context length and at large N, and its comparison row") {
  // The preset is the same network as the options it stands for (Brown et al. 2020, Table 2.1): the same steps.
  const result m = run("bounds --model gpt3-175b");
  const result o = run("bounds --L 96 --dx 12288 --H 96 --N 2048");
  REQUIRE(m.status == 0);
  CHECK(m.out.substr(m.out.find("\nStep 1 ")).find(o.out.substr(o.out.find("\nStep 1 "), 2000)) == 0);
  CHECK(contains(block_of(m.out, "The answer for GPT-3 175B"),
                 "Theorem 2 upper bound, as printed: contradicted (certified)"));
  CHECK(
      contains(m.out, "At large N (every balanced N >= 2 d_x + 2), the printed upper bound: contradicted (certified)"));
  // At large N the bound holds from N = 2 d_x + 2 = 24578 (by hand).
  CHECK(contains(m.out, "for balanced partitions at every N >= 24578"));
  const auto row =
      nlohmann::json::parse(run("bounds --model bert-large --format json --quiet").out)["tables"][0]["rows"];
  REQUIRE(row.size() == 1);
  CHECK(row[0]["context N"] == 512);  // Devlin et al. 2019: 512 positions
  expect_usage_errors({{"bounds --model gpt3-13b", "no such model; the models are gpt3-small"},
                       {"bounds --model gpt3-175b --N 100", "--N cannot be given with it"},
                       {"bounds --model gpt3-175b --L 3", "--L cannot be given with it"}});
}

TEST_CASE("bounds --model all: the comparison table, each row's lower end by a second route") {
  // The table of all models: each row's proven lower end at the context is bounds --N's lower end (a second route).
  const result all = run("bounds --model all --format json");
  REQUIRE(all.status == 0);
  const auto t = nlohmann::json::parse(all.out)["tables"][0];
  CHECK(t["rows"].size() == 8);
  for (const auto& row : t["rows"]) {
    CAPTURE(row["model"]);
    const std::string args = "bounds --L " + row["L"].dump() + " --dx " + row["d_x"].dump() + " --H " +
                             row["H"].dump() + " --N " + row["context N"].dump() + " --format json";
    const auto single = nlohmann::json::parse(run(args).out)["results"];
    CHECK(std::abs(single["lower_bound_log3"].get<double>() - row["proven lower at the context"].get<double>()) < 2e-6);
  }
}

TEST_CASE("audit: the answer by region, and --export to CSV or NDJSON, whole and streamed") {
  temp_dir tmp;
  // L = 2, d_x = 1..10: the regime changes at 3^2 = 9 (by hand): Theorem 2 below, not claimed at 9, Theorem 1 above.
  const result r = run("audit --L 2 --dx 1..10 --export " + tmp / "map.csv");
  REQUIRE(r.status == 0);
  const std::string region = block_of(r.out, "The answer by region");
  CHECK(contains(region, "d_x = 9: not claimed (3^L = d_x); d_x = 10: Th. 1"));
  CHECK(contains(region, "d_x = 8: Th. 2 contradicted (a certified rank of the shipped table)"));
  CHECK(r.out.find("The answer by region") < r.out.find("Step 1 "));
  // The CSV has the JSON's rows: the same statuses, in the same order (a second route through the same records).
  const std::string csv = file_text(tmp / "map.csv");
  CHECK(lines(csv) == 11);
  const auto j = nlohmann::json::parse(run("audit --L 2 --dx 1..10 --format json --quiet").out);
  std::istringstream rows(csv);
  std::string line;
  std::getline(rows, line);
  CHECK(line.rfind("L,dx,H,regime,theorem1_lower,theorem1_lower_log3_bound,", 0) == 0);
  for (const auto& row : j["results"]["rows"]) {
    REQUIRE(std::getline(rows, line));
    std::string expect = row["L"].dump() + "," + row["dx"].dump() + ",1," + row["regime"].get<std::string>() + ",";
    expect += row["statements"][0]["status"].get<std::string>() + ",";
    CHECK(line.rfind(expect, 0) == 0);
  }
  // NDJSON: one record a line, with the JSON rows' statements (the exact counts are JSON's alone).
  REQUIRE(run("audit --L 2 --dx 1..10 --quiet --export " + tmp / "map.ndjson").status == 0);
  std::istringstream nd(file_text(tmp / "map.ndjson"));
  std::size_t k = 0;
  for (std::string l; std::getline(nd, l); ++k) {
    const auto rec = nlohmann::json::parse(l);
    CHECK(rec["dx"] == j["results"]["rows"][k]["dx"]);
    CHECK(rec["statements"] == j["results"]["rows"][k]["statements"]);
  }
  CHECK(k == 10);
  // A bad extension or an empty path is refused before anything is computed or written.
  expect_usage_errors({{"audit --L 2 --dx 1..10 --export " + tmp / "map.txt", "must end in .csv, .ndjson or .jsonl"},
                       {"audit --L 2 --dx 1..10 --export ''", "audit --export needs a path"}});
  CHECK_FALSE(std::filesystem::exists(tmp / "map.txt"));
  CHECK_FALSE(std::filesystem::exists(tmp / "map.txt.part"));
}
