#include "seprank/render/html.hpp"

#include <sstream>

#include "seprank/render/math_markup.hpp"

namespace seprank {
namespace {

std::string h(const std::string& marked) { return markup_html(marked); }

// A table that fits the page: as wide as it, each column a fixed share, long cells wrapped (the notebook's
// own table style sizes columns by their first row and squeezed every formula to a token per line).
const char* table_style =
    "table-layout:fixed;width:100%;max-width:100%;border-collapse:collapse;margin:0.4em 0 0.8em 0;font-size:13px";
const char* cell_style =
    "text-align:left;vertical-align:top;padding:0.3em 0.6em;white-space:normal;overflow-wrap:anywhere;border-bottom:1px solid #ddd";
const char* head_style =
    "text-align:left;vertical-align:bottom;padding:0.3em 0.6em;white-space:normal;overflow-wrap:anywhere;border-bottom:2px solid #999";

std::string status_html(claim_status s) {
  const std::string name = status_name(s);
  if (s == claim_status::failed) return "<strong style=\"color:#b00020\">" + name + "</strong>";
  if (s == claim_status::contradicted) return "<strong style=\"color:#a04000\">" + name + "</strong>";
  return "<em>" + name + "</em>";
}

void table(std::ostringstream& out, const std::vector<std::string>& header,
           const std::vector<std::vector<std::string>>& rows, const std::vector<int>& percent) {
  out << "<table style=\"" << table_style << "\"><colgroup>";
  for (std::size_t c = 0; c < header.size(); ++c)
    out << "<col" << (c < percent.size() ? " style=\"width:" + std::to_string(percent[c]) + "%\"" : std::string())
        << ">";
  out << "</colgroup><thead><tr>";
  for (const auto& c : header) out << "<th style=\"" << head_style << "\">" << h(c) << "</th>";
  out << "</tr></thead><tbody>\n";
  for (const auto& r : rows) {
    out << "<tr>";
    for (const auto& c : r) out << "<td style=\"" << cell_style << "\">" << h(c) << "</td>";
    out << "</tr>\n";
  }
  out << "</tbody></table>\n";
}

std::string step_html(const derivation_step& s, int n) {
  std::ostringstream out;
  out << "<div class=\"seprank-step\"><h3>Step " << n << (s.id.empty() ? "" : " (<code>" + html_text(s.id) + "</code>)")
      << ". " << h(s.title) << " — " << status_html(s.status) << "</h3>\n";
  if (!s.claim.empty()) out << "<p><strong>Claim.</strong> " << h(s.claim) << "</p>\n";
  std::vector<std::vector<std::string>> rows;
  for (const auto& v : s.values)
    if (v.items.empty()) rows.push_back({v.name, v.value});
  if (!rows.empty()) table(out, {"quantity", "value"}, rows, {35, 65});
  for (const auto& v : s.values) {
    if (v.items.empty()) continue;
    out << "<p><strong>" << h(v.name) << "</strong>" << (v.value.empty() ? "" : ": " + h(v.value)) << "</p>\n<ul>\n";
    for (const auto& item : v.items) out << "<li>" << h(item) << "</li>\n";
    out << "</ul>\n";
  }
  if (!s.check.empty())
    out << "<p><em>" << (s.status == claim_status::skipped ? "Skipped" : "Check") << ":</em> " << h(s.check)
        << "</p>\n";
  out << "</div>\n";
  return out.str();
}

}  // namespace

std::vector<std::string> render_html_steps(const derivation& d) {
  std::vector<std::string> out;
  int n = 0;
  for (const auto& s : d.steps) out.push_back(step_html(s, ++n));
  return out;
}

std::string render_html(const derivation& d) {
  std::ostringstream out;
  out << "<div class=\"seprank-derivation\" style=\"max-width:100%;text-align:left\">\n<h2>" << h(d.title) << "</h2>\n";
  if (!d.answer.empty()) {
    out << "<p><strong>" << h(d.answer_title) << ".</strong></p>\n<ul>\n";
    for (const auto& a : d.answer)
      out << "<li><strong>" << h(a.label) << "</strong>: " << (a.verdict.empty() ? "" : "<em>" + a.verdict + "</em>; ")
          << h(a.text) << "</li>\n";
    out << "</ul>\n";
  }
  out << "<p>Statuses: ";
  const auto& legend = status_legend();
  for (std::size_t k = 0; k < legend.size(); ++k)
    out << "<strong>" << status_name(legend[k].status) << "</strong> (" << h(legend[k].meaning) << ")"
        << (k + 1 < legend.size() ? ", " : ".</p>\n");
  for (const auto& s : render_html_steps(d)) out << s;
  if (shows_findings(d)) {
    out << "<h3>Findings: the paper's statements at this configuration</h3>\n";
    if (!d.findings_note.empty()) out << "<p>" << h(d.findings_note) << ".</p>\n";
    out << "<ul>\n";
    for (const auto& f : d.findings)
      out << "<li><strong>" << finding_words(f) << "</strong> <code>" << html_text(f.id)
          << "</code>: " << h(f.statement) << ". <em>Evidence:</em> " << h(f.evidence) << "</li>\n";
    out << "</ul>\n";
  }
  for (const auto& t : d.tables) {
    out << "<h3>" << h(t.title) << "</h3>\n";
    std::vector<std::vector<std::string>> rows;
    for (const auto& r : t.rows) rows.push_back(cell_texts(r));
    table(out, t.header, rows, {});
  }
  for (const auto& a : d.appendix) {
    out << "<h3>" << h(a.title) << "</h3>\n";
    if (!a.latex.empty())
      out << "<div>\\[" << html_text(a.latex) << "\\]</div>\n";
    else
      out << "<pre style=\"overflow-x:auto;max-width:100%\">" << html_text(a.text) << "</pre>\n";
  }
  out << "</div>\n";
  return out.str();
}

}  // namespace seprank
