#include "seprank/render/text.hpp"

#include <algorithm>
#include <sstream>

#include "seprank/render/math_markup.hpp"

namespace seprank {
namespace {

// The status legend as prose, wrapped at 90 columns or the narrower width (a last line of a word or two joins
// the line before it).
std::string legend(int width) {
  const std::size_t limit = width > 0 && width < 90 ? static_cast<std::size_t>(width) : 90;
  std::string prose = "Every claim is labelled: ";
  const auto& items = status_legend();
  for (std::size_t k = 0; k < items.size(); ++k)
    prose +=
        std::string(status_name(items[k].status)) + " (" + items[k].meaning + ")" + (k + 1 < items.size() ? ", " : ".");
  std::vector<std::string> lines{""};
  std::istringstream words(prose);
  for (std::string w; words >> w;) {
    if (!lines.back().empty() && lines.back().size() + 1 + w.size() > limit) lines.emplace_back();
    lines.back() += (lines.back().empty() ? "" : " ") + w;
  }
  if (lines.size() > 1 && lines.back().size() < 10 &&
      lines[lines.size() - 2].size() + 1 + lines.back().size() <= (width > 0 ? limit : limit + 10)) {
    lines[lines.size() - 2] += " " + lines.back();
    lines.pop_back();
  }
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

}  // namespace

std::string wrap_text_line(const std::string& first, const std::string& text, std::size_t hanging, int width) {
  const std::size_t limit = static_cast<std::size_t>(width);
  if (width <= 0 || first.size() + text.size() <= limit) return first + text + "\n";
  if (hanging > limit / 2) hanging = 6;
  std::string out = first, line;  // `line`: the current line after its prefix
  std::size_t prefix = first.size();
  std::istringstream words(text);
  for (std::string w; words >> w;) {
    if (!line.empty() && prefix + line.size() + 1 + w.size() > limit) {
      out += line + "\n" + std::string(hanging, ' ');
      prefix = hanging;
      line.clear();
    }
    line += (line.empty() ? "" : " ") + w;
  }
  return out + line + "\n";
}

namespace {

// One step: its header and status, claim, aligned values and check.
void text_step(std::ostream& out, const derivation_step& s, int n, int width) {
  const std::string header = "Step " + std::to_string(n) + (s.id.empty() ? "" : " (" + s.id + ")") + ". ";
  out << "\n" << wrap_text_line(header, markup_plain(s.title) + "  [" + status_name(s.status) + "]", 4, width);
  if (!s.claim.empty()) out << wrap_text_line("  Claim:  ", markup_plain(s.claim), 10, width);
  std::size_t w = 0;
  for (const auto& v : s.values) w = std::max(w, markup_plain(v.name).size());
  for (const auto& v : s.values) {
    const std::string name = markup_plain(v.name);
    if (width > 0 && w + 5 + 20 > static_cast<std::size_t>(width))  // aligned, the values would have < 20 columns
      out << wrap_text_line("  ", name + " = " + markup_plain(v.value), 6, width);
    else
      out << wrap_text_line("  " + name + std::string(w - name.size(), ' ') + " = ", markup_plain(v.value), w + 5,
                            width);
    for (const auto& item : v.items) out << wrap_text_line("      ", markup_plain(item), 8, width);
  }
  if (!s.check.empty()) {
    const bool skipped = s.status == claim_status::skipped;
    out << wrap_text_line(skipped ? "  Skipped:  " : "  Check:  ", markup_plain(s.check), skipped ? 12 : 10, width);
  }
}

// The findings on the paper's statements.
void text_findings(std::ostream& out, const derivation& d, int width) {
  out << "\nFindings: the paper's statements at this configuration\n";
  if (!d.findings_note.empty()) out << wrap_text_line("  ", "(" + markup_plain(d.findings_note) + ")", 3, width);
  for (const finding& f : d.findings) {
    const std::string label = "  [" + finding_words(f) + "] ";
    out << wrap_text_line(label, f.id + ": " + markup_plain(f.statement), 6, width)
        << wrap_text_line("      evidence: ", markup_plain(f.evidence), 16, width);
  }
}

// A table with its title, columns padded to their widest cell.
void text_table(std::ostream& out, const result_table& marked, int width) {
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
  out << "\n" << wrap_text_line("", markup_plain(marked.title), 2, width);
  auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t c = 0; c < cells.size(); ++c)
      out << "  " << cells[c] << std::string(c + 1 < cells.size() ? w[c] - cells[c].size() : 0, ' ');
    out << "\n";
  };
  line(header);
  for (const auto& row : rows) line(row);
}

}  // namespace

std::string render_text(const derivation& d, int width) {
  std::ostringstream out;
  out << wrap_text_line("", markup_plain(d.title), 2, width) << "\n";
  if (!d.answer.empty()) {
    out << wrap_text_line("", markup_plain(d.answer_title) + ":", 2, width);
    for (const auto& a : d.answer)
      out << wrap_text_line("  " + markup_plain(a.label) + ": ",
                            (a.verdict.empty() ? "" : a.verdict + "; ") + markup_plain(a.text), 6, width);
    out << "\n";
  }
  if (d.brief) {
    std::string words;
    for (const auto& item : status_legend())
      words += (words.empty() ? "" : ", ") + std::string(status_name(item.status));
    out << wrap_text_line("", "Status words: " + words + " (see --help).", 2, width);
  } else {
    out << legend(width);
  }
  int n = 0;
  for (const auto& s : d.steps) text_step(out, s, ++n, width);
  if (shows_findings(d)) text_findings(out, d, width);
  for (const auto& marked : d.tables) text_table(out, marked, width);
  for (const auto& block : d.appendix) out << "\n" << markup_plain(block.title) << "\n" << block.text;
  return out.str();
}

}  // namespace seprank
