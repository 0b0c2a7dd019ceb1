// The renderers (render/): one hand-built derivation in all four formats, each compared with the
// output written out by hand. Renderers only format, so every byte here follows from the input.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "seprank/render/formats.hpp"
#include "seprank/support/errors.hpp"

using namespace seprank;

namespace {

derivation hand_built() {
  derivation d;
  d.title = "T";
  d.config = json{{"L", 1}};
  d.steps.push_back({"One", "a_1 < b", {{"x", "1"}, {"longer name", "2"}}, claim_status::verified, "by hand", "one"});
  d.steps.push_back({"Two", "", {}, claim_status::contradicted, "too large", "two"});
  d.audited = true;
  d.findings.push_back({"theorem2-upper-printed", "S", "contradicted", "4.5", "E"});
  d.findings_note = "N";
  d.results = json{{"sep", "12345678901234567890"}};
  d.tables.push_back({"Tab", {"a", "bb"}, {{"1", "22"}}});
  d.appendix.push_back({"App:", "line\n", ""});
  return d;
}

const char* legend_text =
    "Every claim is labelled: computed (exact computation), verified (identity checked exactly,\n"
    "or two independent computations agree), probabilistic (with its error bound), paper (the\n"
    "paper's statement, not checked here), contradicted (a paper statement refuted by a\n"
    "certified computation, with the evidence), skipped (with the reason), FAILED (one of our\n"
    "own checks did not hold).\n";

}  // namespace

TEST_CASE("text") {
  const std::string expected = std::string("T\n\n") + legend_text +
                               "\nStep 1 (one). One  [verified]\n"
                               "  Claim:  a_1 < b\n"
                               "  x           = 1\n"
                               "  longer name = 2\n"
                               "  Check:  by hand\n"
                               "\nStep 2 (two). Two  [contradicted]\n"
                               "  Check:  too large\n"
                               "\nFindings: the paper's statements at this configuration\n"
                               "  (N)\n"
                               "  [contradicted] theorem2-upper-printed: S\n"
                               "      evidence: E\n"
                               "\nTab\n"
                               "  a  bb\n"
                               "  1  22\n"
                               "\nApp:\nline\n";
  CHECK(render(hand_built(), output_format::text) == expected);
}

TEST_CASE("markdown") {
  const std::string out = render(hand_built(), output_format::markdown);
  CHECK(out.rfind("# T\n\nStatuses: **computed** (exact computation), **verified** (identity checked exactly, or two "
                  "independent computations agree), **probabilistic** (with its error bound), **paper** (the paper's "
                  "statement, not checked here), **contradicted** (a paper statement refuted by a certified computation, "
                  "with the evidence), **skipped** (with the reason), **FAILED** (one of our own checks did not hold).\n",
                  0) == 0);
  CHECK(out.find("\n## Step 1 (`one`). One — *verified*\n\n**Claim.** `a_1 < b`\n\n| quantity | value |\n| --- | --- |\n| x | 1 |\n"
                 "| longer name | 2 |\n\n*Check:* by hand\n") != std::string::npos);
  CHECK(out.find("\n## Step 2 (`two`). Two — *contradicted*\n\n*Check:* too large\n") != std::string::npos);
  CHECK(out.find("\n## Findings: the paper's statements at this configuration\n\nN.\n\n- **contradicted** `theorem2-upper-printed`: S. *Evidence:* E\n") != std::string::npos);
  CHECK(out.find("\n## Tab\n\n| a | bb |\n| --- | --- |\n| 1 | 22 |\n") != std::string::npos);
  CHECK(out.find("\n## App:\n\n```\nline\n```\n") != std::string::npos);
}

TEST_CASE("latex") {
  const std::string out = render(hand_built(), output_format::latex);
  CHECK(out.rfind("\\documentclass", 0) == 0);
  CHECK(out.find("\\subsection*{Step 1 (one). One \\quad [\\textbf{verified}]}\n") != std::string::npos);
  CHECK(out.find("\\texttt{a\\_1 \\textless{} b}") != std::string::npos);  // escaped, never raw
  CHECK(out.find("\\textbf{FAILED} (one of our own checks did not hold).\n") != std::string::npos);
  CHECK(out.substr(out.size() - 15) == "\\end{document}\n");
}

TEST_CASE("json: schema order, the values as given, and a round trip") {
  const std::string out = render(hand_built(), output_format::json);
  const auto j = nlohmann::ordered_json::parse(out);
  CHECK(j.dump(2) + "\n" == out);
  std::vector<std::string> keys;
  for (const auto& [k, v] : j.items()) keys.push_back(k);
  CHECK(keys == std::vector<std::string>{"schema", "title", "config", "steps", "results", "tables", "appendix"});
  CHECK(j["schema"] == "seprank-sym derivation v2");
  CHECK(j["steps"][0] == nlohmann::ordered_json{{"number", 1}, {"id", "one"}, {"title", "One"}, {"claim", "a_1 < b"},
                                                {"values", {{"x", "1"}, {"longer name", "2"}}},
                                                {"status", "verified"}, {"check", "by hand"}});
  CHECK(j["steps"][1]["values"].is_object());
  CHECK(j["steps"][1]["values"].empty());
  CHECK(j["results"]["sep"] == "12345678901234567890");  // big integers stay strings
  CHECK(j["results"]["findings"][0] == nlohmann::ordered_json{{"id", "theorem2-upper-printed"}, {"statement", "S"},
                                                              {"status", "contradicted"}, {"log3_bound", "4.5"}, {"evidence", "E"}});
  CHECK(j["results"]["findings_note"] == "N");
  CHECK(j["tables"][0]["rows"][0][1] == "22");
  CHECK(j["appendix"][0]["text"] == "line\n");
}

TEST_CASE("formats: names and the error for others") {
  CHECK(parse_format("latex") == output_format::latex);
  CHECK_THROWS_WITH_AS(parse_format("pdf"), "format = pdf is not one of text, markdown, latex, json", usage_error);
}
