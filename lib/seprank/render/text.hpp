// Plain-text rendering of a derivation: steps with their status, values aligned, tables in
// columns, appendix blocks verbatim. Formats only.
#pragma once
#include <string>

#include "seprank/report/derivation.hpp"

namespace seprank {

std::string render_text(const derivation& d);

}  // namespace seprank
