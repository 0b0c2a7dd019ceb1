// The renderers (render/): one hand-built derivation in all four formats, each compared with the
// output written out by hand. Renderers only format, so every byte here follows from the input.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "seprank/render/formats.hpp"
#include "seprank/render/math_markup.hpp"
#include "seprank/support/errors.hpp"

using namespace seprank;

namespace {

derivation hand_built() {
  derivation d;
  d.title = "T";
  d.config = json{{"L", 1}};
  step_value list{"blocks", ""};
  list.items = {"$k = 0$: $2 x 3$", "a*b"};
  d.steps.push_back({"One",
                     "$a_1 < b$ with *",
                     {{"x", "1", {}, 1}, {"longer name", "2"}, list},
                     claim_status::verified,
                     "by hand",
                     "one"});
  d.steps.push_back({"Two", "", {}, claim_status::contradicted, "too large", "two"});
  d.audited = true;
  d.findings.push_back({"theorem2-upper-printed", "S", verdict::contradicted, 4.5, "E"});
  d.findings_note = "N";
  d.results =
      json{{"sep", "12345678901234567890"}, {"small", 42}, {"log3", 4.278562}, {"marked", "$a_1$"}, {"digits", "42"}};
  d.tables.push_back({"Tab", {"a", "bb"}, {{{"1", 1}, "22"}}});
  d.appendix.push_back({"App:", "line\n", ""});
  return d;
}

const char* legend_text =
    "Every claim is labelled: computed (exact computation), verified (identity checked exactly,\n"
    "two independent computations agree, or a certified bound implies the paper's statement),\n"
    "probabilistic (with its error bound), paper (the paper's statement, not checked here),\n"
    "contradicted (a paper statement refuted by a certified computation, with the evidence),\n"
    "skipped (with the reason), FAILED (one of our own checks did not hold).\n";

}  // namespace

TEST_CASE("text") {
  const std::string expected = std::string("T\n\n") + legend_text +
                               "\nStep 1 (one). One  [verified]\n"
                               "  Claim:  a_1 < b with *\n"
                               "  x           = 1\n"
                               "  longer name = 2\n"
                               "  blocks      = \n"
                               "      k = 0: 2 x 3\n"
                               "      a*b\n"
                               "  Check:  by hand\n"
                               "\nStep 2 (two). Two  [contradicted]\n"
                               "  Check:  too large\n"
                               "\nFindings: the paper's statements at this configuration\n"
                               "  (N)\n"
                               "  [contradicted (certified)] theorem2-upper-printed: S\n"
                               "      evidence: E\n"
                               "\nTab\n"
                               "  a  bb\n"
                               "  1  22\n"
                               "\nApp:\nline\n";
  CHECK(render(hand_built(), output_format::text) == expected);
}

TEST_CASE("markdown: GitHub tables, lists for list values, math in dollars, escaped prose") {
  const std::string out = render(hand_built(), output_format::markdown);
  CHECK(
      out.rfind(
          "# T\n\nStatuses: **computed** (exact computation), **verified** (identity checked exactly, two "
          "independent computations agree, or a certified bound implies the paper's statement), **probabilistic** (with its error bound), **paper** (the paper's "
          "statement, not checked here), **contradicted** (a paper statement refuted by a certified computation, "
          "with the evidence), **skipped** (with the reason), **FAILED** (one of our own checks did not hold).\n",
          0) == 0);
  CHECK(
      out.find(
          "\n## Step 1 (`one`). One — *verified*\n\n**Claim.** $a_{1} < b$ with \\*\n\n| quantity | value |\n| --- | --- |\n"
          "| x | 1 |\n| longer name | 2 |\n\n**blocks**\n\n- $k = 0$: $2 \\times 3$\n- a\\*b\n\n*Check:* by hand\n") !=
      std::string::npos);
  CHECK(out.find("<br>") == std::string::npos);
  CHECK(out.find("\n## Step 2 (`two`). Two — *contradicted*\n\n*Check:* too large\n") != std::string::npos);
  CHECK(
      out.find(
          "\n## Findings: the paper's statements at this configuration\n\nN.\n\n- **contradicted (certified)** `theorem2-upper-printed`: S. *Evidence:* E\n") !=
      std::string::npos);
  CHECK(out.find("\n## Tab\n\n| a | bb |\n| --- | --- |\n| 1 | 22 |\n") != std::string::npos);
  CHECK(out.find("\n## App:\n\n```\nline\n```\n") != std::string::npos);
}

TEST_CASE("latex: math mode for formulas, escaped prose, booktabs, status tags; the fragment has no preamble") {
  const std::string out = render(hand_built(), output_format::latex);
  CHECK(out.rfind("\\documentclass", 0) == 0);
  CHECK(out.find("\\sepstep{1}{one}{One} \\sepstatus{green}{verified}\n") != std::string::npos);
  CHECK(out.find("\\textit{Claim.} $a_{1} < b$ with *\n") != std::string::npos);
  CHECK(out.find("\\texttt{a") == std::string::npos);  // no claim in typewriter
  CHECK(
      out.find(
          "\\toprule\nx & 1 \\\\\nlonger name & 2 \\\\\nblocks & $k = 0$: $2 \\times 3$\\newline a*b \\\\\n\\bottomrule\n") !=
      std::string::npos);
  CHECK(out.find("\\sepstatus{red}{FAILED} one of our own checks did not hold.\n") != std::string::npos);
  CHECK(out.substr(out.size() - 15) == "\\end{document}\n");
  const std::string fragment = render(hand_built(), output_format::latex_fragment);
  CHECK(fragment.rfind(
            "% seprank-sym LaTeX fragment: needs \\usepackage{amsmath,amssymb,booktabs,xcolor,longtable,array}", 0) ==
        0);
  CHECK(fragment.find("\\documentclass") == std::string::npos);
  CHECK(fragment.find("\\begin{document}") == std::string::npos);
  CHECK(fragment.find("\\providecommand{\\sepstatus}") != std::string::npos);
}

// JSON writes the typed values it is given and never recovers a number from a text: "2" without typed data
// stays a string.
TEST_CASE("json: schema order, typed values, list values as arrays, and a round trip") {
  const std::string out = render(hand_built(), output_format::json);
  const auto j = nlohmann::ordered_json::parse(out);
  CHECK(j.dump(2) + "\n" == out);
  std::vector<std::string> keys;
  for (const auto& [k, v] : j.items()) keys.push_back(k);
  CHECK(keys ==
        std::vector<std::string>{"schema", "title", "config", "answer", "steps", "results", "tables", "appendix"});
  CHECK(j["schema"] == "seprank-sym derivation v7");
  CHECK(j["steps"][0] ==
        nlohmann::ordered_json{{"number", 1},
                               {"id", "one"},
                               {"title", "One"},
                               {"claim", "a_1 < b with *"},
                               {"values",
                                {{{"name", "x"}, {"text", "1"}, {"value", 1}},
                                 {{"name", "longer name"}, {"text", "2"}, {"value", "2"}},
                                 {{"name", "blocks"}, {"text", ""}, {"value", {"k = 0: 2 x 3", "a*b"}}}}},
                               {"status", "verified"},
                               {"check", "by hand"},
                               {"rests_on", nlohmann::ordered_json::array()}});
  CHECK(j["steps"][1]["values"].is_array());
  CHECK(j["steps"][1]["values"].empty());
  CHECK(j["results"]["sep"] == "12345678901234567890");  // more than 15 digits: a string
  CHECK(j["results"]["small"] == 42);
  CHECK(j["results"]["log3"] == 4.278562);
  CHECK(j["results"]["marked"] == "a_1");  // formula markup dropped in every string
  CHECK(j["results"]["digits"] == "42");   // a text, not parsed
  CHECK(j["results"]["findings"][0] == nlohmann::ordered_json{{"id", "theorem2-upper-printed"},
                                                              {"statement", "S"},
                                                              {"status", "contradicted"},
                                                              {"log3_bound", 4.5},
                                                              {"evidence", "E"},
                                                              {"holds_from_N", nullptr},
                                                              {"certainty", "certain"},
                                                              {"rests_on", nlohmann::ordered_json::array()}});
  CHECK(j["results"]["findings_note"] == "N");
  CHECK(j["tables"][0]["rows"][0] == nlohmann::ordered_json{{"a", 1}, {"bb", "22"}});
  CHECK(j["appendix"][0]["text"] == "line\n");
}

// The ASCII notation of the report, typeset: each expected form written out by hand.
TEST_CASE("math markup: ASCII formulas to LaTeX") {
  CHECK(
      ascii_math_latex("sep <= sum_k min(d_x * multichoose(D, C - k), multichoose(D, k))") ==
      "\\operatorname{sep} \\le  \\sum_{k} \\min(d_{x} \\, \\left(\\!\\binom{D}{ C - k}\\!\\right), \\left(\\!\\binom{D}{ k}\\!\\right))");
  CHECK(ascii_math_latex("binom(D + C, C)") == "\\binom{D + C}{ C}");
  CHECK(ascii_math_latex("x^i_1*m1_1^4") == "x^{(i)}_{1}\\,M_{11}^{4}");
  CHECK(ascii_math_latex("m1_10") == "M_{1,10}");
  CHECK(ascii_math_latex("x3_1^2") == "{x^{(3)}_{1}}^{2}");
  CHECK(ascii_math_latex("M = sum_j x^j x^j^T") == "M = \\sum_{j} x^{(j)} x^{(j)\\top}");
  CHECK(ascii_math_latex("<W x, V y>") == "\\langle W x, V y\\rangle ");
  CHECK(ascii_math_latex("L < L_th") == "L < L_{\\mathrm{th}}");
  CHECK(ascii_math_latex("5720 x 1") == "5720 \\times 1");
  CHECK(ascii_math_latex("172380") == "172{,}380");
  CHECK(ascii_math_latex("3^-3.738140") == "3^{-3.738140}");
  CHECK(ascii_math_latex("1.28007e+04") == "1.28007 \\times 10^{4}");
  CHECK(ascii_math_latex("(3^L/(2*1048576+1))^4") == "(3^{L}/(2 \\cdot 1{,}048{,}576+1))^{4}");
  CHECK(ascii_math_latex("sqrt(2 sqrt(2e))") == "\\sqrt{2 \\sqrt{2e}}");
  CHECK(ascii_math_latex("psi = x^i (x) M^{(x)C}") == "\\psi = x^{(i)} \\otimes  M^{\\otimes C}");
  CHECK(ascii_math_latex("A = {1,2}") == "A = \\{1,2\\}");
  CHECK(ascii_math_latex("N -> infinity") == "N \\to  \\infty");
  CHECK(ascii_math_latex("mod p = 7") == "\\;\\mathrm{mod}\\; p = 7");
  CHECK(markup_plain("the $sep <= 3^L$ bound") == "the sep <= 3^L bound");
  // Prose: a one-letter symbol with a short subscript is math (messages written without markup: "y_p", "d_x"); a
  // longer name keeps its underscore (JSON keys, file names); a negative number gets a minus sign, a word a hyphen.
  CHECK(markup_latex("a_b & $a_b$") == "$a_{b}$ \\& $a_{b}$");
  CHECK(markup_latex("expanding y_p: gram_count, check_lower_bound.py, d_x.") ==
        "expanding $y_{p}$: gram\\_count, check\\_lower\\_bound.py, $d_{x}$.");
  CHECK(markup_latex("log_3 sep >= -3.738 (-94.6), well-known, x-1") ==
        "log\\_3 sep \\textgreater{}= $-$3.738 ($-$94.6), well-known, x-1");
  CHECK(markup_latex("--kernel") == "-{}-kernel");
  CHECK(markup_markdown("a*b | $|A|$") == "a\\*b \\| $\\vert A\\vert$");
}

TEST_CASE("formats: names and the error for others") {
  CHECK(parse_format("latex") == output_format::latex);
  CHECK(parse_format("latex-fragment") == output_format::latex_fragment);
  CHECK_THROWS_WITH_AS(parse_format("pdf"), "format = pdf is not one of text, markdown, latex, latex-fragment, json",
                       usage_error);
}
