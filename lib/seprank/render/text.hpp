// Plain-text rendering of a derivation: steps with their status, values aligned, tables in
// columns, appendix blocks verbatim. Formats only.
//
// width > 0 wraps prose (titles, claims, values, checks, findings) at that many columns, continuing under the
// text after its label ("Claim:  ", "name = "); words are never split, so a word longer than a line stands on
// a line of its own, and joining the continuation lines gives the unwrapped text back. Tables and the
// appendix (polynomials, certificates) are never wrapped: their columns and tokens are data.
#pragma once
#include <string>

#include "seprank/report/derivation.hpp"

namespace seprank {

std::string render_text(const derivation& d, int width = 0);

// One line wrapped: `first` (the label, e.g. "  Claim:  ") then `text`, continuation lines indented by
// `hanging` spaces (at most width / 2; beyond that by 6). width <= 0: no wrapping.
std::string wrap_text_line(const std::string& first, const std::string& text, std::size_t hanging, int width);

}  // namespace seprank
