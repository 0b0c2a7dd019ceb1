#include "seprank/render/formats.hpp"

#include "seprank/render/json.hpp"
#include "seprank/render/latex.hpp"
#include "seprank/render/markdown.hpp"
#include "seprank/render/text.hpp"
#include "seprank/support/errors.hpp"

namespace seprank {

output_format parse_format(const std::string& name) {
  if (name == "text") return output_format::text;
  if (name == "markdown") return output_format::markdown;
  if (name == "latex") return output_format::latex;
  if (name == "latex-fragment") return output_format::latex_fragment;
  if (name == "json") return output_format::json;
  throw usage_error("format = " + name + " is not one of text, markdown, latex, latex-fragment, json");
}

std::string render(const derivation& d, output_format f, int text_width) {
  switch (f) {
    case output_format::markdown: return render_markdown(d);
    case output_format::latex: return render_latex(d);
    case output_format::latex_fragment: return render_latex_fragment(d);
    case output_format::json: return render_json(d);
    case output_format::text: break;
  }
  return render_text(d, text_width);
}

}  // namespace seprank
