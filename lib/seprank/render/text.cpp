#include "seprank/render/text.hpp"

#include <algorithm>
#include <sstream>

#include "seprank/render/math_markup.hpp"

namespace seprank {
namespace {

// The status legend as prose, wrapped at 90 columns (a last line of a word or two joins the line
// before it).
std::string legend() {
  std::string prose = "Every claim is labelled: ";
  const auto& items = status_legend();
  for (std::size_t k = 0; k < items.size(); ++k)
    prose += std::string(status_name(items[k].status)) + " (" + items[k].meaning + ")" + (k + 1 < items.size() ? ", " : ".");
  std::vector<std::string> lines{""};
  std::istringstream words(prose);
  for (std::string w; words >> w;) {
    if (!lines.back().empty() && lines.back().size() + 1 + w.size() > 90) lines.emplace_back();
    lines.back() += (lines.back().empty() ? "" : " ") + w;
  }
  if (lines.size() > 1 && lines.back().size() < 10) {
    lines[lines.size() - 2] += " " + lines.back();
    lines.pop_back();
  }
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

}  // namespace

std::string render_text(const derivation& d) {
  std::ostringstream out;
  out << markup_plain(d.title) << "\n\n" << legend();
  int n = 0;
  for (const auto& s : d.steps) {
    out << "\nStep " << ++n << (s.id.empty() ? "" : " (" + s.id + ")") << ". " << markup_plain(s.title) << "  [" << status_name(s.status) << "]\n";
    if (!s.claim.empty()) out << "  Claim:  " << markup_plain(s.claim) << "\n";
    std::size_t w = 0;
    for (const auto& v : s.values) w = std::max(w, markup_plain(v.name).size());
    for (const auto& v : s.values) {
      const std::string name = markup_plain(v.name);
      out << "  " << name << std::string(w - name.size(), ' ') << " = " << markup_plain(v.value);
      for (const auto& item : v.items) out << "\n      " << markup_plain(item);
      out << "\n";
    }
    if (!s.check.empty()) out << "  " << (s.status == claim_status::skipped ? "Skipped" : "Check") << ":  " << markup_plain(s.check) << "\n";
  }
  if (d.audited) {
    out << "\nFindings: the paper's statements at this configuration\n";
    if (!d.findings_note.empty()) out << "  (" << markup_plain(d.findings_note) << ")\n";
    for (const auto& f : d.findings)
      out << "  [" << verdict_name(f.status) << (f.probabilistic ? ", probabilistic" : "") << "] " << f.id << ": " << markup_plain(f.statement) << "\n      evidence: " << markup_plain(f.evidence) << "\n";
  }
  for (const auto& marked : d.tables) {
    std::vector<std::string> header;
    for (const auto& h : marked.header) header.push_back(markup_plain(h));
    std::vector<std::vector<std::string>> rows;
    for (const auto& row : marked.rows) {
      rows.push_back(cell_texts(row));
      for (auto& cell : rows.back()) cell = markup_plain(cell);
    }
    std::vector<std::size_t> w(header.size());
    for (std::size_t c = 0; c < header.size(); ++c) {
      w[c] = header[c].size();
      for (const auto& row : rows) w[c] = std::max(w[c], row[c].size());
    }
    out << "\n" << markup_plain(marked.title) << "\n";
    auto line = [&](const std::vector<std::string>& cells) {
      for (std::size_t c = 0; c < cells.size(); ++c)
        out << "  " << cells[c] << std::string(c + 1 < cells.size() ? w[c] - cells[c].size() : 0, ' ');
      out << "\n";
    };
    line(header);
    for (const auto& row : rows) line(row);
  }
  for (const auto& block : d.appendix) out << "\n" << markup_plain(block.title) << "\n" << block.text;
  return out.str();
}

}  // namespace seprank
