#include "seprank/render/latex.hpp"

#include <algorithm>
#include <sstream>

#include "seprank/render/math_markup.hpp"

namespace seprank {
namespace {

// The packages and macros the body needs; a fragment carries the macros (\providecommand) and
// names the packages in a comment.
const char* const packages = "amsmath,amssymb,booktabs,xcolor,longtable,array";

const char* const macros =
    "\\providecommand{\\sepstatus}[2]{\\colorbox{#1!15}{\\textsf{\\footnotesize #2}}}\n"
    "\\providecommand{\\sepstep}[3]{\\par\\medskip\\noindent\\textbf{Step #1} (\\texttt{#2}). \\textbf{#3}}\n";

const char* status_colour(claim_status s) {
  switch (s) {
    case claim_status::computed: return "blue";
    case claim_status::verified: return "green";
    case claim_status::probabilistic: return "cyan";
    case claim_status::paper: return "violet";
    case claim_status::contradicted: return "orange";
    case claim_status::skipped: return "gray";
    case claim_status::failed: return "red";
  }
  return "gray";
}

std::string tag(claim_status s) { return std::string("\\sepstatus{") + status_colour(s) + "}{" + status_name(s) + "}"; }

const char* finding_colour(verdict v) {
  switch (v) {
    case verdict::holds: return "green";
    case verdict::contradicted: return "orange";
    case verdict::undecided:
    case verdict::not_claimed: break;
  }
  return "gray";
}

std::string tex(const std::string& marked) { return markup_latex(marked); }

// Verbatim lines longer than `width` broken before a '+', '-', '*' or space, continued indented.
std::string wrapped(const std::string& text, std::size_t width) {
  std::string out, line;
  auto flush = [&]() {
    while (line.size() > width) {
      std::size_t cut = line.find_last_of("+-* ", width);
      if (cut == std::string::npos || cut < 8) cut = width;
      out += line.substr(0, cut) + "\n";
      line = "      " + line.substr(cut);
    }
    out += line + "\n";
    line.clear();
  };
  for (char c : text) {
    if (c == '\n')
      flush();
    else
      line += c;
  }
  if (!line.empty()) flush();
  return out;
}

// A value with its list below it, one entry per line.
std::string value_cell(const step_value& v) {
  std::string out = tex(v.value);
  for (const auto& item : v.items) out += (out.empty() ? "" : "\\newline ") + tex(item);
  return out;
}

// A result table as a longtable whose columns share the line by what their cells need.
void latex_table(std::ostringstream& out, const result_table& t) {
  // Columns that fill the line exactly, each (line width - 2 n tabcolsep) times its share: what its cells need, in
  // thirds of a character: a word cannot break (4 thirds a character, digits and bold being wide), prose wraps
  // beyond 18 characters. So no column prints over the next.
  const std::size_t n_cols = t.header.size();
  std::vector<std::size_t> share(n_cols, 9);
  const auto need = [](const std::string& text) {
    std::size_t word = 0, longest = 0;
    for (const char ch : text) word = ch == ' ' ? 0 : word + 1, longest = std::max(longest, word);
    return std::max(4 * longest, 3 * std::min<std::size_t>(text.size(), 18));
  };
  for (std::size_t c = 0; c < n_cols; ++c) {
    share[c] = std::max(share[c], need(t.header[c]));
    for (const auto& row : t.rows)
      if (c < row.size()) share[c] = std::max(share[c], need(row[c].text));
  }
  std::size_t total = 0;
  for (const std::size_t s : share) total += s;
  out << "\n\\subsection*{" << tex(t.title) << "}\n{"
      << (n_cols > 11  ? "\\tiny"
          : n_cols > 8 ? "\\scriptsize"
                       : "\\footnotesize")
      << "\\setlength{\\tabcolsep}{" << (n_cols > 13 ? "0.5pt" : "2pt") << "}\n\\begin{longtable}{@{}";
  for (std::size_t c = 0; c < n_cols; ++c)
    out << ">{\\raggedright\\arraybackslash}p{\\dimexpr(\\linewidth-" << 2 * n_cols << "\\tabcolsep)*" << share[c]
        << "/" << total << "\\relax}";
  out << "@{}";
  out << "}\n\\toprule\n";
  for (std::size_t c = 0; c < t.header.size(); ++c) out << (c ? " & " : "") << "\\textbf{" << tex(t.header[c]) << "}";
  out << " \\\\\n\\midrule\n\\endhead\n";
  for (const auto& row : t.rows) {
    for (std::size_t c = 0; c < row.size(); ++c) out << (c ? " & " : "") << tex(row[c].text);
    out << " \\\\\n";
  }
  out << "\\bottomrule\n\\end{longtable}}\n";
}

void body(std::ostringstream& out, const derivation& d) {
  out << "\\section*{" << tex(d.title) << "}\n";
  if (!d.answer.empty()) {
    out << "\\noindent\\textbf{" << tex(d.answer_title) << ".}\n\\begin{itemize}\n";
    for (const auto& a : d.answer)
      out << "\\item \\textbf{" << tex(a.label) << "}: " << (a.verdict.empty() ? "" : "\\textit{" + a.verdict + "}; ")
          << tex(a.text) << "\n";
    out << "\\end{itemize}\n";
  }
  out << "\\noindent Statuses: ";
  const auto& legend = status_legend();
  for (std::size_t k = 0; k < legend.size(); ++k)
    out << tag(legend[k].status) << " " << tex(legend[k].meaning) << (k + 1 < legend.size() ? "; " : ".\n");
  int n = 0;
  for (const auto& s : d.steps) {
    out << "\n\\sepstep{" << ++n << "}{" << tex(s.id) << "}{" << tex(s.title) << "} " << tag(s.status) << "\n";
    if (!s.claim.empty()) out << "\\par\\noindent\\textit{Claim.} " << tex(s.claim) << "\n";
    if (!s.values.empty()) {
      out << "\\par\\smallskip\\noindent\\begin{tabular}{@{}>{\\raggedright\\arraybackslash}p{0.38\\linewidth}"
             ">{\\raggedright\\arraybackslash}p{0.58\\linewidth}@{}}\n\\toprule\n";
      for (const auto& v : s.values) out << tex(v.name) << " & " << value_cell(v) << " \\\\\n";
      out << "\\bottomrule\n\\end{tabular}\n";
    }
    if (!s.check.empty())
      out << "\\par\\noindent\\textit{" << (s.status == claim_status::skipped ? "Skipped" : "Check") << ".} "
          << tex(s.check) << "\n";
  }
  if (shows_findings(d)) {
    out << "\n\\subsection*{Findings: the paper's statements at this configuration}\n";
    if (!d.findings_note.empty()) out << tex(d.findings_note) << ".\n";
    if (!d.findings.empty()) {
      out << "\\begin{itemize}\n";
      for (const auto& f : d.findings)
        out << "\\item \\sepstatus{" << finding_colour(f.status) << "}{" << finding_words(f) << "}"
            << " \\texttt{" << tex(f.id) << "}: " << tex(f.statement) << ". \\textit{Evidence:} " << tex(f.evidence)
            << "\n";
      out << "\\end{itemize}\n";
    }
  }
  for (const auto& t : d.tables) latex_table(out, t);
  for (const auto& a : d.appendix) {
    out << "\n\\subsection*{" << tex(a.title) << "}\n";
    if (!a.latex.empty())
      out << "\\begin{dmath*}\n" << a.latex << "\n\\end{dmath*}\n";
    else
      out << "{\\footnotesize\\begin{verbatim}\n" << wrapped(a.text, 96) << "\\end{verbatim}}\n";
  }
}

}  // namespace

std::string render_latex(const derivation& d) {
  std::ostringstream out;
  out << "\\documentclass[10pt]{article}\n"
         "\\usepackage[margin=2cm]{geometry}\n"
         "\\usepackage{"
      << packages
      << "}\n"
         "\\usepackage{breqn}\n"
         "\\sloppy\\emergencystretch=3em\n"
      << macros << "\\begin{document}\n";
  body(out, d);
  out << "\\end{document}\n";
  return out.str();
}

std::string render_latex_fragment(const derivation& d) {
  std::ostringstream out;
  out << "% seprank-sym LaTeX fragment: needs \\usepackage{" << packages << "}"
      << (d.appendix.empty() ? "" : " and breqn (for the polynomial)") << " in the preamble.\n"
      << macros << "\\begingroup\\sloppy\\emergencystretch=3em\n";
  body(out, d);
  out << "\\endgroup\n";
  return out.str();
}

}  // namespace seprank
