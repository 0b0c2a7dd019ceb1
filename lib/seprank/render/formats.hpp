// The output formats of a derivation and the dispatch to their renderers (text.hpp, markdown.hpp,
// latex.hpp, json.hpp). Renderers format; they never compute.
#pragma once
#include <string>

#include "seprank/report/derivation.hpp"

namespace seprank {

enum class output_format { text, markdown, latex, latex_fragment, json };

// Parses "text", "markdown", "latex", "latex-fragment" or "json"; throws usage_error otherwise.
output_format parse_format(const std::string& name);

// text_width: wrap the text format's prose at that many columns (render_text; 0: never). Other formats ignore it.
std::string render(const derivation& d, output_format f, int text_width = 0);

}  // namespace seprank
