#include "seprank/render/latex.hpp"

#include <sstream>

namespace seprank {
namespace {

// Escapes text for LaTeX (outside math mode).
std::string tex(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '\\': out += "\\textbackslash{}"; break;
      case '_': out += "\\_"; break;
      case '^': out += "\\^{}"; break;
      case '{': out += "\\{"; break;
      case '}': out += "\\}"; break;
      case '%': out += "\\%"; break;
      case '$': out += "\\$"; break;
      case '&': out += "\\&"; break;
      case '#': out += "\\#"; break;
      case '~': out += "\\textasciitilde{}"; break;
      case '<': out += "\\textless{}"; break;
      case '>': out += "\\textgreater{}"; break;
      case '|': out += "\\textbar{}"; break;
      case '\n': out += "\\newline "; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

std::string render_latex(const derivation& d) {
  std::ostringstream out;
  out << "\\documentclass[10pt]{article}\n"
         "\\usepackage[margin=2cm]{geometry}\n"
         "\\usepackage{amsmath}\n"
         "\\usepackage{breqn}\n"
         "\\sloppy\n"
         "\\begin{document}\n"
      << "\\section*{" << tex(d.title) << "}\n"
      << "Statuses: ";
  const auto& legend = status_legend();
  for (std::size_t k = 0; k < legend.size(); ++k)
    out << "\\textbf{" << status_name(legend[k].status) << "} (" << tex(legend[k].meaning) << ")" << (k + 1 < legend.size() ? ", " : ".\n");
  int n = 0;
  for (const auto& s : d.steps) {
    out << "\n\\subsection*{Step " << ++n << (s.id.empty() ? "" : " (" + tex(s.id) + ")") << ". " << tex(s.title) << " \\quad [\\textbf{" << status_name(s.status) << "}]}\n";
    if (!s.claim.empty()) out << "\\noindent\\textit{Claim.} \\texttt{" << tex(s.claim) << "}\n";
    if (!s.values.empty()) {
      out << "\\begin{description}\n";
      for (const auto& v : s.values) out << "\\item[" << tex(v.name) << "] \\texttt{" << tex(v.value) << "}\n";
      out << "\\end{description}\n";
    }
    if (!s.check.empty()) out << "\\noindent\\textit{" << (s.status == claim_status::skipped ? "Skipped" : "Check") << ":} " << tex(s.check) << "\n";
  }
  if (d.audited) {
    out << "\n\\subsection*{Findings: the paper's statements at this configuration}\n";
    if (!d.findings_note.empty()) out << tex(d.findings_note) << ".\n";
    if (!d.findings.empty()) {
      out << "\\begin{description}\n";
      for (const auto& f : d.findings)
        out << "\\item[" << tex(f.status) << "] \\texttt{" << tex(f.id) << "}: " << tex(f.statement) << ". \\textit{Evidence:} " << tex(f.evidence) << "\n";
      out << "\\end{description}\n";
    }
  }
  for (const auto& t : d.tables) {
    out << "\n\\subsection*{" << tex(t.title) << "}\n{\\scriptsize\\begin{tabular}{" << std::string(t.header.size(), 'l') << "}\n";
    for (std::size_t c = 0; c < t.header.size(); ++c) out << (c ? " & " : "") << "\\textbf{" << tex(t.header[c]) << "}";
    out << " \\\\\n\\hline\n";
    for (const auto& row : t.rows) {
      for (std::size_t c = 0; c < row.size(); ++c) out << (c ? " & " : "") << tex(row[c].size() > 40 ? row[c].substr(0, 40) + "..." : row[c]);
      out << " \\\\\n";
    }
    out << "\\end{tabular}}\n";
  }
  for (const auto& a : d.appendix) {
    out << "\n\\subsection*{" << tex(a.title) << "}\n";
    if (!a.latex.empty())
      out << "\\begin{dmath*}\n" << a.latex << "\n\\end{dmath*}\n";
    else
      out << "\\begin{verbatim}\n" << a.text << "\\end{verbatim}\n";
  }
  out << "\\end{document}\n";
  return out.str();
}

}  // namespace seprank
