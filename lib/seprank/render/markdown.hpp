// Markdown rendering of a derivation: a section per step, values as a table. Formats only.
#pragma once
#include <string>

#include "seprank/report/derivation.hpp"

namespace seprank {

std::string render_markdown(const derivation& d);

}  // namespace seprank
