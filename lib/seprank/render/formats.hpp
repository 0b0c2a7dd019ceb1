// Renderers of a derivation: text (text.hpp), Markdown, LaTeX (a complete document for
// pdflatex) and JSON (schema in docs/json-schema.md). Renderers format; they never compute.
#pragma once
#include <string>

#include "seprank/derivation.hpp"

namespace seprank {

enum class output_format { text, markdown, latex, json };

// Parses "text", "markdown", "latex" or "json"; throws usage_error otherwise.
output_format parse_format(const std::string& name);

std::string render_markdown(const derivation& d);
std::string render_latex(const derivation& d);
std::string render_json(const derivation& d);
std::string render(const derivation& d, output_format f);

}  // namespace seprank
