#include "seprank/render/markdown.hpp"

#include <sstream>

namespace seprank {

std::string render_markdown(const derivation& d) {
  std::ostringstream out;
  out << "# " << d.title << "\n\nStatuses: ";
  const auto& legend = status_legend();
  for (std::size_t k = 0; k < legend.size(); ++k)
    out << "**" << status_name(legend[k].status) << "** (" << legend[k].meaning << ")" << (k + 1 < legend.size() ? ", " : ".\n");
  int n = 0;
  for (const auto& s : d.steps) {
    out << "\n## Step " << ++n << (s.id.empty() ? "" : " (`" + s.id + "`)") << ". " << s.title << " — *" << status_name(s.status) << "*\n\n";
    if (!s.claim.empty()) out << "**Claim.** `" << s.claim << "`\n\n";
    if (!s.values.empty()) {
      out << "| quantity | value |\n| --- | --- |\n";
      for (const auto& v : s.values) {
        std::string value = v.value;
        for (std::size_t k = 0; (k = value.find('\n', k)) != std::string::npos;) value.replace(k, 1, "<br>");
        for (std::size_t k = 0; (k = value.find('|', k)) != std::string::npos; k += 2) value.replace(k, 1, "\\|");
        out << "| " << v.name << " | " << value << " |\n";
      }
      out << "\n";
    }
    if (!s.check.empty()) out << "*" << (s.status == claim_status::skipped ? "Skipped" : "Check") << ":* " << s.check << "\n";
  }
  if (d.audited) {
    out << "\n## Findings: the paper's statements at this configuration\n\n";
    if (!d.findings_note.empty()) out << d.findings_note << ".\n\n";
    for (const auto& f : d.findings) out << "- **" << f.status << "** `" << f.id << "`: " << f.statement << ". *Evidence:* " << f.evidence << "\n";
  }
  for (const auto& t : d.tables) {
    out << "\n## " << t.title << "\n\n|";
    for (const auto& h : t.header) out << " " << h << " |";
    out << "\n|";
    for (std::size_t c = 0; c < t.header.size(); ++c) out << " --- |";
    out << "\n";
    for (const auto& row : t.rows) {
      out << "|";
      for (const auto& cell : row) out << " " << cell << " |";
      out << "\n";
    }
  }
  for (const auto& a : d.appendix) out << "\n## " << a.title << "\n\n```\n" << a.text << "```\n";
  return out.str();
}

}  // namespace seprank
