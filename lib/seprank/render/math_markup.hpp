// The math markup of a derivation's strings (docs/architecture.md, "Math in the report"):
// prose with formulas between dollar signs, the formulas in the tool's ASCII notation
// ("sum_k min(d_x * multichoose(D, C - k), multichoose(D, k))", "x^i_1*m1_1^4", "3^L <= d_x").
// Renderers turn one marked string into plain text, LaTeX or GitHub Markdown; formatting only.
#pragma once
#include <string>

namespace seprank {

// The plain form: the dollar signs removed, nothing else changed.
std::string markup_plain(const std::string& marked);

// One ASCII formula as LaTeX math (without the surrounding $): sum_X -> \sum_{X},
// multichoose(a, b) / mc(a, b) -> ((a over b)), binom(a, b) -> \binom{a}{b}, sqrt(a) -> \sqrt{a},
// log_3 -> \log_3, mod -> \mathrm{mod} (spaced: "rank mod p" starts a formula), <= -> \le, <u, v> -> \langle u,
// v\rangle, (x) -> \otimes, a standalone x -> \times, m{a}_{b} -> M_{ab}, x{j}_{r} -> x^{(j)}_r, 1.5e+04 -> 1.5 \times
// 10^{4}, 172380 -> 172{,}380.
std::string ascii_math_latex(const std::string& formula);

// Prose escaped for LaTeX text mode, formulas as $...$ in LaTeX math.
std::string markup_latex(const std::string& marked);

// Prose escaped for GitHub Markdown (*, _, |, <, >, backslash), formulas as $...$ in LaTeX math.
std::string markup_markdown(const std::string& marked);

// Prose escaped for HTML, formulas as \\(...\\) for MathJax (a notebook's typesetter).
std::string markup_html(const std::string& marked);

// Text that is not marked (code, ids, verbatim blocks) escaped for HTML.
std::string html_text(const std::string& text);

}  // namespace seprank
