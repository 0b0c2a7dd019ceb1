// LaTeX rendering of a derivation: a complete document for pdflatex. Formats only.
#pragma once
#include <string>

#include "seprank/report/derivation.hpp"

namespace seprank {

std::string render_latex(const derivation& d);

}  // namespace seprank
