// LaTeX rendering of a derivation: a complete document for pdflatex, or a fragment (no preamble) to
// paste into a paper. Formulas are typeset from the math markup (math_markup.hpp). Formats only.
#pragma once
#include <string>

#include "seprank/report/derivation.hpp"

namespace seprank {

std::string render_latex(const derivation& d);
std::string render_latex_fragment(const derivation& d);

}  // namespace seprank
