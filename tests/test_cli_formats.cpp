// The CLI end to end: its output formats (golden text, JSON and its schema, Markdown through pandoc, LaTeX through
// pdflatex, the man page, --width, --summary and the answer first).
#include "cli_helpers.hpp"

using namespace seprank_cli_test;

TEST_CASE("output is byte-identical across runs") {
  CHECK(run("--L 2 --dx 2 --N 3 --quiet --print-polynomial").out ==
        run("--L 2 --dx 2 --N 3 --quiet --print-polynomial --threads 1").out);
}

TEST_CASE("JSON: stable step ids and the findings") {
  const auto j = nlohmann::ordered_json::parse(run("--L 2 --dx 3 --format json --quiet").out);
  std::vector<std::string> ids;
  for (const auto& s : j.at("steps")) ids.push_back(s.at("id"));
  for (const char* id : {"gram-form", "kernel-space", "element-ranks", "n-free-bound", "paper-upper-bound",
                         "paper-lower-bound", "separation-rank", "gram-rank", "partition", "grid-rank", "summary"})
    CHECK(std::count(ids.begin(), ids.end(), id) == 1);
  // The partition (which defines M_A and M_B) comes before the kernel space; the ranks before the paper's bounds.
  auto at = [&](const char* id) { return std::find(ids.begin(), ids.end(), id) - ids.begin(); };
  CHECK(at("partition") < at("element-ranks"));
  CHECK(at("separation-rank") < at("paper-upper-bound"));
  CHECK(at("gram-rank") < at("separation-rank"));
  const auto& f = j.at("results").at("findings");
  REQUIRE(f.size() == 5);
  for (const auto& x : f) {
    CHECK((x.at("status") == "holds" || x.at("status") == "contradicted" || x.at("status") == "undecided" ||
           x.at("status") == "not-claimed"));
    CHECK(!x.at("evidence").get<std::string>().empty());
  }
  // L = 2, d_x = 3: the Gram count 49 <= 3^(printed bound), so the printed upper bound holds.
  CHECK(f[3].at("id") == "theorem2-upper-printed");
  CHECK(f[3].at("status") == "holds");
}

TEST_CASE("golden outputs (reviewed by hand; see tests/golden/README.md)") {
  // Run from the source root (meson sets the working directory), so the weight file path is stable.
  CHECK(run("--L 1 --dx 1 --N 2 --weights examples/weights_L1_dx1.txt --print-polynomial --quiet").out ==
        read_file("tests/golden/L1_dx1_N2_hand.txt"));
  CHECK(run("--L 1 --dx 2 --N 2 --weights symbolic --print-polynomial --quiet").out ==
        read_file("tests/golden/L1_dx2_N2_symbolic.txt"));
}

TEST_CASE("JSON output: documented keys, exact values, and a lossless round trip") {
  const auto r = run("--L 2 --dx 2 --N 4 --format json --quiet");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::ordered_json::parse(r.out);
  CHECK(j.dump(2) + "\n" == r.out);  // keys in the written order, nothing lost
  for (const char* key : {"schema", "title", "config", "steps", "results", "appendix"}) CHECK(j.contains(key));
  const auto& res = j.at("results");
  for (const char* key : {"terms", "separation_rank", "grid_rank", "gram_rank", "kernel_dimension"})
    CHECK(res.contains(key));
  // L = 2, d_x = 2: D = 3, C = 4, and sum_k min(2 multichoose(3, 4-k), multichoose(3, k)) = 1+3+6+6+2 = 18.
  CHECK(res.at("separation_rank").at("value") == 18);
  CHECK(res.at("separation_rank").at("exact") == true);
  CHECK(res.at("gram_rank").at("value") == 18);
  CHECK(j.at("config").at("dx") == 2);
  for (const auto& step : j.at("steps")) {
    for (const char* key : {"title", "claim", "values", "status"}) CHECK(step.contains(key));
    CHECK(step.at("status") != "");
  }
}

TEST_CASE("Markdown output has every step with its status") {
  const auto r = run("--L 1 --dx 2 --N 2 --format markdown --quiet");
  CHECK(r.status == 0);
  CHECK(contains(r.out, "## Step 1 (`configuration`). Configuration"));
  CHECK(contains(r.out, "— *verified*"));
  CHECK(contains(r.out, "| quantity | value |"));
  CHECK(!contains(r.out, "<br>"));
}

TEST_CASE("Markdown: pandoc reads every output as GitHub Markdown with math, without warnings") {
  const char* pandoc = std::getenv("PANDOC");
  REQUIRE_MESSAGE(pandoc != nullptr, "PANDOC must name pandoc (meson passes it when found)");
  for (const char* args : {"--L 2 --dx 3 --kernel --basis --seeds 2", "bounds", "corollary1", "corollary2",
                           "audit --L 1..3 --dx 1..6", "sweep --L 1..2 --dx 2..3"}) {
    const std::string shown = args;
    CAPTURE(shown);
    const std::string file = output_file(args, "markdown", "d.md");
    // tex_math_dollars: the $...$ formulas are parsed and converted to MathML (a formula texmath cannot read warns).
    const auto p = run_command(std::string(pandoc) + " -f gfm+tex_math_dollars -t html5 --mathml --fail-if-warnings " +
                               file + " -o " + file + ".html 2>&1");
    CHECK_MESSAGE(p.status == 0, p.out);
    CHECK(p.out.empty());
    const auto html = read_file(file + ".html");
    CHECK(contains(html, "<math"));
    CHECK(!contains(html, "<br"));
    std::system(("rm -f " + file + " " + file + ".html").c_str());
  }
}

TEST_CASE("JSON: every subcommand's output validates against docs/derivation.schema.json") {
  const char* validator = std::getenv("SCHEMA_CHECK");
  REQUIRE_MESSAGE(validator != nullptr, "SCHEMA_CHECK must name tests/check_json_schema.py (meson passes it)");
  for (const char* args : {"--L 2 --dx 3 --kernel --basis --seeds 2 --all-partitions", "--L 2 --dx 2 --structure-only",
                           "--L 2 --dx 5 --max-terms 20000 --max-grid-points 64", "bounds", "bounds --dx 1000 --H 16",
                           "corollary1", "corollary2", "audit --L 1..3 --dx 1..6", "sweep --L 1..2 --dx 2..3",
                           "plan --L 3 --dx 4 --np 8 --node-memory 2000", "annihilators --L 4 --dx 5",
                           "hessian-ranks --level 1..2 --d 1..3", "bounds --L 96 --dx 12288 --H 96",
                           "bounds --model all", "bounds --model bert-large", "corollary1 --L 6 --dx 100 --H 16"}) {
    const std::string shown = args;
    CAPTURE(shown);
    const std::string file = output_file(args, "json", "d.json");
    const auto v = run_command(std::string(validator) + " " + file + " 2>&1");
    CHECK_MESSAGE(v.status == 0, v.out);
    std::system(("rm -f " + file).c_str());
  }
  // The same types in every subcommand: a width is a number in bounds as in the derivation.
  CHECK(nlohmann::ordered_json::parse(run("bounds --dx 4 --format json --quiet").out).at("config").at("dx") == 4);
}

TEST_CASE("LaTeX: the derivation as mathematics compiles without warnings; the fragment pastes into an article") {
  const auto r = run("--L 2 --dx 4 --format latex --quiet");
  REQUIRE(r.status == 0);
  // Every claim is mathematics in prose: no claim, value or check in typewriter type.
  std::istringstream lines(r.out);
  int claims = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("\\par\\noindent\\textit{Claim.}", 0) == 0) ++claims;
    if (line.rfind("\\sepstep", 0) != 0 && line.rfind("\\item", 0) != 0 && line.rfind("\\providecommand", 0) != 0)
      CHECK_MESSAGE(!contains(line, "\\texttt"), line);
  }
  CHECK(claims >= 18);
  CHECK(
      contains(r.out, "$\\operatorname{sep} \\le  \\sum_{k} \\min(d_{x} \\, \\left(\\!\\binom{D}{ C - k}\\!\\right)"));
  auto [status, warnings] = compile_latex(r.out, "latex");
  CHECK(status == 0);
  CHECK_MESSAGE(warnings.empty(), warnings);
  // The fragment: no preamble; the packages it names, in a minimal article.
  const auto f = run("--L 2 --dx 3 --latex-fragment --quiet");
  REQUIRE(f.status == 0);
  CHECK(!contains(f.out, "\\documentclass"));
  const std::string article =
      "\\documentclass{article}\n\\usepackage{amsmath,amssymb,booktabs,xcolor,longtable,array}\n"
      "\\begin{document}\nAs computed by seprank-sym:\n" +
      f.out + "\\end{document}\n";
  std::tie(status, warnings) = compile_latex(article, "fragment");
  CHECK(status == 0);
  CHECK_MESSAGE(warnings.empty(), warnings);
  CHECK(run("--L 2 --dx 3 --format latex-fragment --quiet").out == f.out);
  CHECK(run("--L 2 --dx 3 --format json --latex-fragment --quiet").status == 2);
}

TEST_CASE("LaTeX: every subcommand compiles without warnings") {
  for (const char* args :
       {"bounds", "bounds --model all", "corollary1", "corollary2", "audit --L 1..3 --dx 1..6",
        "sweep --L 1..2 --dx 2..3", "--L 2 --dx 3 --kernel --basis --seeds 2 --all-partitions --print-polynomial",
        "--L 1 --dx 2 --N 2 --weights symbolic --print-polynomial"}) {
    const std::string shown = args;
    CAPTURE(shown);
    const auto r = run(std::string(args) + " --format latex --quiet");
    REQUIRE(r.status == 0);
    const auto [status, warnings] = compile_latex(r.out, "sub");
    CHECK(status == 0);
    CHECK_MESSAGE(warnings.empty(), warnings);
  }
}

TEST_CASE("the man page renders without warnings") {
  if (run_command("command -v groff > /dev/null 2>&1").status != 0) {
    seprank::testing::skip_case("groff missing (Debian: groff-base): man page not checked");
    return;
  }
  const char* page = std::getenv("SEPRANK_MAN");  // made by the build (tools/man_page.cpp)
  REQUIRE(page != nullptr);
  const auto r = run_command(std::string("groff -man -Tutf8 -ww ") + page + " 2>&1 >/dev/null");
  CHECK(r.status == 0);
  CHECK(r.out.empty());  // groff's warnings
  const std::string text =
      run_command(std::string("groff -man -Tutf8 -P-cbou ") + page + " 2>/dev/null").out;  // no overstrike
  CHECK(contains(text, "EXIT STATUS"));
  // Each subcommand's own options, from its row: corollary2's, with their defaults and ranges.
  CHECK(contains(text, "SUBCOMMAND OPTIONS"));
  CHECK(contains(text, "--max-beta2 INT (default 64)"));  // the generated section's form only
  CHECK(contains(text, "largest beta_2 tried, 1..10000"));
}

TEST_CASE("--summary: the answer, the configuration and the summary exactly as in the full derivation, on one screen") {
  const result full = run("--L 2 --dx 4 --quiet");
  const result brief = run("--L 2 --dx 4 --quiet --summary");
  REQUIRE(full.status == 0);
  CHECK(brief.status == full.status);
  CHECK(lines(full.out) > 150);
  // One screen: at 100 columns (--width 100) at most 50 lines, none wider, at L = 2, d_x = 4 and 8.
  for (const char* dx : {"4", "8"}) {
    const result screen = run(std::string("--L 2 --dx ") + dx + " --quiet --summary --width 100");
    CAPTURE(dx);
    CHECK(lines(screen.out) <= 50);
    std::istringstream in(screen.out);
    for (std::string line; std::getline(in, line);) CHECK(line.size() <= 100);
  }
  auto section = [](const std::string& out, const std::string& from, const std::string& to) {
    const auto a = out.find(from);
    const auto b = to.empty() ? std::string::npos : out.find(to, a == std::string::npos ? 0 : a);
    return a == std::string::npos ? std::string() : out.substr(a, b == std::string::npos ? std::string::npos : b - a);
  };
  // The answer opens both, word for word, right after the title; the summary leaves out the findings it states.
  const std::string answer = section(full.out, "The answer at L = 2", "\n\n");
  REQUIRE_FALSE(answer.empty());
  CHECK(contains(brief.out, answer));
  CHECK(full.out.find("The answer at") < full.out.find("Step 1 "));
  CHECK(contains(full.out, "\nFindings: the paper's statements"));
  CHECK_FALSE(contains(brief.out, "\nFindings:"));
  const std::string summary_values = section(full.out, "  paper lower bound (Th. 2)", "\n\n");
  REQUIRE_FALSE(summary_values.empty());
  CHECK(contains(brief.out, summary_values));
  CHECK(contains(brief.out, "summary: 2 of its "));
  CHECK_FALSE(contains(brief.out, "(gram-form)"));
  const result wrong = run("bounds --summary");
  CHECK(wrong.status == 2);
  CHECK(contains(wrong.out, "--summary applies to the main command"));
}

TEST_CASE("--width wraps the prose at that many columns and keeps every word; tables stay whole") {
  for (const char* args : {"--L 1 --dx 2", "--L 2 --dx 4", "bounds", "corollary1", "annihilators --L 3 --dx 4"}) {
    CAPTURE(args);
    const result plain = run(std::string(args) + " --quiet");  // a pipe: no wrapping by default
    const result wrapped = run(std::string(args) + " --quiet --width 60");
    REQUIRE(plain.status == 0);
    CHECK(wrapped.status == 0);
    int longer = 0;
    std::istringstream p(plain.out);
    for (std::string line; std::getline(p, line);) longer += line.size() > 100 ? 1 : 0;
    CHECK(longer > 0);  // there was something to wrap
    std::istringstream w(wrapped.out);
    for (std::string line; std::getline(w, line);) CHECK(line.size() <= 60);
    CHECK(words_of(wrapped.out) == words_of(plain.out));
  }
  // The audit's table rows are data in columns: the same lines, however wide, with and without --width.
  const result table = run("audit --L 1..3 --dx 1..5 --quiet");
  const result narrow = run("audit --L 1..3 --dx 1..5 --quiet --width 60");
  CHECK(words_of(narrow.out) == words_of(table.out));
  for (const char* row :
       {"  1  4    Th. 1      holds (N >= 4)  holds           not-claimed", "  L  d_x  regime     theorem1-lower"}) {
    CAPTURE(row);
    CHECK(contains(table.out, row));
    CHECK(contains(narrow.out, row));
  }
  for (const char* bad : {"10", "39", "1001", "-1", "wide"}) {
    const result r = run(std::string("--L 1 --dx 2 --width ") + bad);
    CAPTURE(bad);
    CHECK(r.status == 2);
    CHECK(contains(r.out, std::string("width = ") + bad + " is out of range: must be 0 (no wrapping) or 40 .. 1000"));
  }
}

TEST_CASE("the answer first: the main run, bounds and the audit open with the verdict, in every format") {
  // The README's first command: within its first ten lines, whether Theorem 2 as printed holds here (by hand: the Gram
  // count at L = 2, d_x = 4 is 110 (tests/test_gram_count.cpp), below 3^8.6 = 12,800), where it fails nearby (the
  // certified table's L = 2, d_x = 8, recomputed by the slow test) and where to read more.
  const result r = run("--L 2 --dx 4 --quiet");
  REQUIRE(r.status == 0);
  std::istringstream in(r.out);
  std::string first_ten;
  for (std::string line; first_ten.size() < 100000 && std::getline(in, line) && lines(first_ten) < 10;)
    first_ten += line + "\n";
  CHECK(contains(first_ten, "Theorem 2 upper bound, as printed: holds (certified); sep <= 110 (the Gram count"));
  CHECK(contains(first_ten, "at this depth it first fails at d_x = 8 (seprank-sym bounds --L 2 --dx 8)"));
  // A threshold configuration (3^2 = 9): neither theorem is claimed, each said once.
  const result threshold = run("bounds --L 2 --dx 9");
  CHECK(contains(threshold.out, "  Theorem 1: not claimed;"));
  CHECK(threshold.out.find("  Theorem 1: not claimed;") == threshold.out.rfind("  Theorem 1: not claimed;"));
  CHECK(threshold.out.find("  Theorem 2: not claimed;") == threshold.out.rfind("  Theorem 2: not claimed;"));
  CHECK(contains(first_ten, "docs/findings.md"));
  // The step of the printed upper bound is tagged as its body reads: verified when every claimed statement holds.
  CHECK(contains(
      r.out,
      "The paper's Theorem 2 upper bound (eq. 8), as transcribed from the print and as a reading of it  [verified]"));
  CHECK(contains(value_of(r.out, "as transcribed from the printed eq. 8"), "holds (certified): sep <= 110"));
  // bounds at d_x = 5: the printed slope 2 d_x + 1 = 11 lies below D - 1 = 14 (Corollary 15.3, by hand), so it fails at
  // every large L; the audit finds the first such L (16 at d_x = 5, docs/findings.md) and bounds says it.
  const result b = run("bounds --L 3 --dx 5");
  CHECK(contains(
      b.out,
      "is in [14, 15] (Corollary 15.3); the printed upper bound's slope 2 d_x + 1 = 11 is below the proven slope"));
  const auto map = nlohmann::json::parse(run("audit --L 1..100 --dx 5 --format json --quiet").out);
  int first = 0;
  long first_N = 0;  // the N that first failure holds from, which the answer states
  for (const auto& row : map["results"]["rows"])
    for (const auto& st : row["statements"])
      if (first == 0 && st["name"] == "theorem2-upper-printed" && st["status"] == "contradicted")
        first = row["L"].get<int>(), first_N = st["holds_from_N"].is_null() ? 0 : st["holds_from_N"].get<long>();
  CHECK(first > 3);
  CHECK(contains(b.out,
                 "at this width it first fails at L = " + std::to_string(first) +
                     (first_N > 0 ? ", for balanced partitions at N >= " + std::to_string(first_N) : std::string()) +
                     " (seprank-sym bounds --L " + std::to_string(first) + " --dx 5)"));
  // JSON: the answer is data, first after the configuration, with the same verdicts as the findings.
  const result j = run("bounds --L 96 --dx 12288 --H 96 --N 2048 --format json");
  const auto dj = nlohmann::json::parse(j.out);
  REQUIRE(dj["answer"].is_array());
  std::map<std::string, std::string> verdicts{
      {"holds", "holds (certified)"}, {"contradicted", "contradicted (certified)"}, {"undecided", "undecided"}};
  int checked = 0;
  for (const auto& f : dj["results"]["findings"])
    for (const auto& a : dj["answer"])
      if (a["key"] == f["id"]) {
        CHECK(a["verdict"] == verdicts[f["status"].get<std::string>()]);
        ++checked;
      }
  CHECK(checked == 3);
  for (const char* f : {"markdown", "latex", "json"}) {
    CAPTURE(f);
    const result o = run(std::string("--L 2 --dx 4 --quiet --format ") + f);
    CHECK(o.status == 0);
    CHECK(contains(o.out, "holds (certified)"));
    CHECK(o.out.find("holds (certified)") < o.out.find("Step 1") + (std::string(f) == "json" ? o.out.size() : 0));
  }
}
