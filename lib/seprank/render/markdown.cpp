#include "seprank/render/markdown.hpp"

#include <sstream>

#include "seprank/render/math_markup.hpp"

namespace seprank {
namespace {

std::string md(const std::string& marked) { return markup_markdown(marked); }

// A table row: cells with their pipes escaped (formulas use \vert).
void row(std::ostringstream& out, const std::vector<std::string>& cells) {
  out << "|";
  for (const auto& c : cells) out << " " << md(c) << " |";
  out << "\n";
}

std::string step_markdown(const derivation_step& s, int n) {
  std::ostringstream out;
  out << "\n## Step " << n << (s.id.empty() ? "" : " (`" + s.id + "`)") << ". " << md(s.title) << " — *"
      << status_name(s.status) << "*\n\n";
  if (!s.claim.empty()) out << "**Claim.** " << md(s.claim) << "\n\n";
  bool table = false;
  for (const auto& v : s.values) {
    if (!v.items.empty()) continue;
    if (!table) out << "| quantity | value |\n| --- | --- |\n";
    table = true;
    row(out, {v.name, v.value});
  }
  if (table) out << "\n";
  for (const auto& v : s.values) {
    if (v.items.empty()) continue;
    out << "**" << md(v.name) << "**" << (v.value.empty() ? "" : ": " + md(v.value)) << "\n\n";
    for (const auto& item : v.items) out << "- " << md(item) << "\n";
    out << "\n";
  }
  if (!s.check.empty())
    out << "*" << (s.status == claim_status::skipped ? "Skipped" : "Check") << ":* " << md(s.check) << "\n";
  return out.str();
}

}  // namespace

std::vector<std::string> render_markdown_steps(const derivation& d) {
  std::vector<std::string> out;
  int n = 0;
  for (const auto& s : d.steps) out.push_back(step_markdown(s, ++n));
  return out;
}

std::string render_markdown(const derivation& d) {
  std::ostringstream out;
  out << "# " << md(d.title) << "\n\n";
  if (!d.answer.empty()) {
    out << "**" << md(d.answer_title) << ".**\n\n";
    for (const auto& a : d.answer)
      out << "- **" << md(a.label) << "**: " << (a.verdict.empty() ? "" : "*" + a.verdict + "*; ") << md(a.text)
          << "\n";
    out << "\n";
  }
  out << "Statuses: ";
  const auto& legend = status_legend();
  for (std::size_t k = 0; k < legend.size(); ++k)
    out << "**" << status_name(legend[k].status) << "** (" << md(legend[k].meaning) << ")"
        << (k + 1 < legend.size() ? ", " : ".\n");
  for (const auto& s : render_markdown_steps(d)) out << s;
  if (shows_findings(d)) {
    out << "\n## Findings: the paper's statements at this configuration\n\n";
    if (!d.findings_note.empty()) out << md(d.findings_note) << ".\n\n";
    for (const auto& f : d.findings)
      out << "- **" << finding_words(f) << "** `" << f.id << "`: " << md(f.statement) << ". *Evidence:* "
          << md(f.evidence) << "\n";
  }
  for (const auto& t : d.tables) {
    out << "\n## " << md(t.title) << "\n\n";
    row(out, t.header);
    out << "|";
    for (std::size_t c = 0; c < t.header.size(); ++c) out << " --- |";
    out << "\n";
    for (const auto& r : t.rows) row(out, cell_texts(r));
  }
  for (const auto& a : d.appendix) {
    out << "\n## " << md(a.title) << "\n\n";
    if (!a.latex.empty())
      out << "$$\n" << a.latex << "\n$$\n";
    else
      out << "```\n" << a.text << "```\n";
  }
  return out.str();
}

}  // namespace seprank
