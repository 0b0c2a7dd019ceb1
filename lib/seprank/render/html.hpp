// HTML rendering of a derivation for a notebook or a browser: the Markdown rendering's sections, laid out
// for a page rather than a terminal (tables as wide as the page with a fixed share per column and wrapped
// cells, formulas as \(...\) for MathJax). Inline styles only: a notebook may drop <style> blocks.
// Formats only.
#pragma once
#include <string>
#include <vector>

#include "seprank/report/derivation.hpp"

namespace seprank {

// The whole derivation as one HTML fragment (a <div>).
std::string render_html(const derivation& d);

// One fragment per step, in order: what a notebook shows for a single step.
std::vector<std::string> render_html_steps(const derivation& d);

}  // namespace seprank
