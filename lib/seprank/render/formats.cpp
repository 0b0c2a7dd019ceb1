#include "seprank/render/formats.hpp"

#include <sstream>

#include "seprank/errors.hpp"
#include "seprank/render/text.hpp"

namespace seprank {

output_format parse_format(const std::string& name) {
  if (name == "text") return output_format::text;
  if (name == "markdown") return output_format::markdown;
  if (name == "latex") return output_format::latex;
  if (name == "json") return output_format::json;
  throw usage_error("format = " + name + " is not one of text, markdown, latex, json");
}

std::string render(const derivation& d, output_format f) {
  switch (f) {
    case output_format::markdown: return render_markdown(d);
    case output_format::latex: return render_latex(d);
    case output_format::json: return render_json(d);
    case output_format::text: break;
  }
  return render_text(d);
}

std::string render_json(const derivation& d) {
  json steps = json::array();
  int n = 0;
  for (const auto& s : d.steps) {
    json values = json::object();
    for (const auto& v : s.values) values.set(v.name, json::text(v.value));
    json step = json::object();
    step.set("number", json::number(static_cast<long long>(++n)))
        .set("title", json::text(s.title))
        .set("claim", json::text(s.claim))
        .set("values", values)
        .set("status", json::text(status_name(s.status)))
        .set("check", json::text(s.check));
    steps.push(step);
  }
  json tables = json::array();
  for (const auto& t : d.tables) {
    json rows = json::array();
    for (const auto& r : t.rows) {
      json row = json::array();
      for (const auto& cell : r) row.push(json::text(cell));
      rows.push(row);
    }
    json header = json::array();
    for (const auto& h : t.header) header.push(json::text(h));
    tables.push(json::object().set("title", json::text(t.title)).set("header", header).set("rows", rows));
  }
  json appendix = json::array();
  for (const auto& a : d.appendix) appendix.push(json::object().set("title", json::text(a.title)).set("text", json::text(a.text)));
  json top = json::object();
  top.set("schema", json::text("seprank-sym derivation v1"))
      .set("title", json::text(d.title))
      .set("config", d.config)
      .set("steps", steps)
      .set("results", d.results)
      .set("tables", tables)
      .set("appendix", appendix);
  std::ostringstream out;
  top.write(out);
  out << "\n";
  return out.str();
}

std::string render_markdown(const derivation& d) {
  std::ostringstream out;
  out << "# " << d.title << "\n\n"
      << "Statuses: **computed** (exact computation), **verified** (identity checked exactly, or two independent "
         "computations agree), **probabilistic** (with its error bound), **paper** (the paper's statement, not checked "
         "here), **skipped** (with the reason), **FAILED** (a check did not hold).\n";
  int n = 0;
  for (const auto& s : d.steps) {
    out << "\n## Step " << ++n << ". " << s.title << " — *" << status_name(s.status) << "*\n\n";
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
      << "Statuses: \\textbf{computed} (exact computation), \\textbf{verified} (identity checked exactly, or two "
         "independent computations agree), \\textbf{probabilistic} (with its error bound), \\textbf{paper} (the paper's "
         "statement, not checked here), \\textbf{skipped} (with the reason), \\textbf{FAILED} (a check did not hold).\n";
  int n = 0;
  for (const auto& s : d.steps) {
    out << "\n\\subsection*{Step " << ++n << ". " << tex(s.title) << " \\quad [\\textbf{" << status_name(s.status) << "}]}\n";
    if (!s.claim.empty()) out << "\\noindent\\textit{Claim.} \\texttt{" << tex(s.claim) << "}\n";
    if (!s.values.empty()) {
      out << "\\begin{description}\n";
      for (const auto& v : s.values) out << "\\item[" << tex(v.name) << "] \\texttt{" << tex(v.value) << "}\n";
      out << "\\end{description}\n";
    }
    if (!s.check.empty()) out << "\\noindent\\textit{" << (s.status == claim_status::skipped ? "Skipped" : "Check") << ":} " << tex(s.check) << "\n";
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
