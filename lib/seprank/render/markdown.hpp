// Markdown rendering of a derivation: a section per step, values as a table. Formats only.
#pragma once
#include <string>
#include <vector>

#include "seprank/report/derivation.hpp"

namespace seprank {

std::string render_markdown(const derivation& d);

// One section per step ("## Step n ..."), in order: the pieces render_markdown joins.
std::vector<std::string> render_markdown_steps(const derivation& d);

}  // namespace seprank
