#include "seprank/render/math_markup.hpp"

#include <cctype>
#include <map>
#include <vector>

namespace seprank {
namespace {

bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_alnum(char c) { return is_alpha(c) || is_digit(c); }

// "172380" -> "172{,}380" (integers of five or more digits, as in print).
std::string grouped(const std::string& digits) {
  if (digits.size() < 5) return digits;
  std::string out;
  const std::size_t first = digits.size() % 3 == 0 ? 3 : digits.size() % 3;
  out += digits.substr(0, first);
  for (std::size_t k = first; k < digits.size(); k += 3) out += "{,}" + digits.substr(k, 3);
  return out;
}

// Words inside formulas: functions and operators of the notation, and Greek letters.
const std::map<std::string, std::string>& word_table() {
  static const std::map<std::string, std::string> t{{"sum", "\\sum"},
                                                    {"prod", "\\prod"},
                                                    {"log", "\\log"},
                                                    {"min", "\\min"},
                                                    {"max", "\\max"},
                                                    {"exp", "\\exp"},
                                                    {"dim", "\\dim"},
                                                    {"sep", "\\operatorname{sep}"},
                                                    {"rank", "\\operatorname{rank}"},
                                                    {"mod", "\\;\\mathrm{mod}\\;"},
                                                    {"in", "\\in"},
                                                    {"infinity", "\\infty"},
                                                    {"alpha", "\\alpha"},
                                                    {"beta", "\\beta"},
                                                    {"gamma", "\\gamma"},
                                                    {"delta", "\\delta"},
                                                    {"lambda", "\\lambda"},
                                                    {"psi", "\\psi"},
                                                    {"phi", "\\phi"},
                                                    {"sigma", "\\sigma"},
                                                    {"and", "\\text{ and }"},
                                                    {"or", "\\text{ or }"},
                                                    {"for", "\\text{ for }"},
                                                    {"at", "\\text{ at }"}};
  return t;
}

class translator {
 public:
  explicit translator(const std::string& s) : s_(s) {}

  std::string run() {
    std::string out;
    while (k_ < s_.size()) out += token();
    return out;
  }

 private:
  const std::string& s_;
  std::size_t k_ = 0;
  int angles_ = 0;
  bool last_numeric_ = false;

  char at(std::size_t k) const { return k < s_.size() ? s_[k] : '\0'; }

  // The text between the bracket at k_ and its partner (k_ moves past the partner).
  std::string group(char open, char close) {
    int depth = 0;
    const std::size_t start = k_ + 1;
    for (std::size_t k = k_; k < s_.size(); ++k) {
      if (s_[k] == open) ++depth;
      if (s_[k] == close && --depth == 0) {
        k_ = k + 1;
        return s_.substr(start, k - start);
      }
    }
    k_ = s_.size();
    return s_.substr(start);
  }

  static std::vector<std::string> arguments(const std::string& inner) {
    std::vector<std::string> args(1);
    int depth = 0;
    for (char c : inner) {
      if (c == '(' || c == '{' || c == '[') ++depth;
      if (c == ')' || c == '}' || c == ']') --depth;
      if (c == ',' && depth == 0) {
        args.emplace_back();
        continue;
      }
      args.back() += c;
    }
    return args;
  }

  static std::string sub(const std::string& s) { return translator(s).run(); }

  // A sub- or superscript's argument after '_' or '^': {..}, (..), a signed number, or a run of letters and digits.
  std::string script_argument() {
    if (at(k_) == '{') return sub(group('{', '}'));
    if (at(k_) == '(' && at(k_ + 1) != 'x') return sub(group('(', ')'));
    std::size_t start = k_;
    if (at(k_) == '-' && is_digit(at(k_ + 1))) ++k_;
    if (is_digit(at(k_))) {
      while (is_digit(at(k_)) || (at(k_) == '.' && is_digit(at(k_ + 1)))) ++k_;
      return s_.substr(start, k_ - start);
    }
    while (is_alnum(at(k_))) ++k_;
    const std::string run = s_.substr(start, k_ - start);
    if (run == "T") return "\\top";
    return sub(run);
  }

  // After a superscript: a following ^T joins it (x^j^T -> x^{(j)\top}).
  std::string transposes() {
    std::string out;
    while (at(k_) == '^' && at(k_ + 1) == 'T' && !is_alnum(at(k_ + 2))) {
      out += "\\top";
      k_ += 2;
    }
    return out;
  }

  std::string number() {
    const std::size_t start = k_;
    while (is_digit(at(k_))) ++k_;
    std::string whole = s_.substr(start, k_ - start), frac, exponent;
    if (at(k_) == '.' && is_digit(at(k_ + 1))) {
      const std::size_t f = k_;
      ++k_;
      while (is_digit(at(k_))) ++k_;
      frac = s_.substr(f, k_ - f);
    }
    if ((at(k_) == 'e' || at(k_) == 'E') &&
        (is_digit(at(k_ + 1)) || ((at(k_ + 1) == '+' || at(k_ + 1) == '-') && is_digit(at(k_ + 2))))) {
      ++k_;
      const bool negative = at(k_) == '-';
      if (at(k_) == '+' || at(k_) == '-') ++k_;
      const std::size_t e = k_;
      while (is_digit(at(k_))) ++k_;
      std::string digits = s_.substr(e, k_ - e);
      while (digits.size() > 1 && digits[0] == '0') digits.erase(0, 1);
      exponent = (negative ? "-" : "") + digits;
    }
    last_numeric_ = true;
    std::string out = (frac.empty() ? grouped(whole) : whole + frac);
    if (!exponent.empty()) out += " \\times 10^{" + exponent + "}";
    return out;
  }

  std::string word() {
    const std::size_t start = k_;
    while (is_alpha(at(k_))) ++k_;
    const std::string w = s_.substr(start, k_ - start);
    // Ring variables: m{a}_{b} (entries of M), MA/MB{a}_{b}, x{j}_{r} (inputs), xi_{r} (x^i).
    if ((w == "m" || w == "MA" || w == "MB" || w == "x") && is_digit(at(k_))) {
      const std::size_t a0 = k_;
      while (is_digit(at(k_))) ++k_;
      const std::string a = s_.substr(a0, k_ - a0);
      if (at(k_) == '_' && is_digit(at(k_ + 1))) {
        const std::size_t b0 = ++k_;
        while (is_digit(at(k_))) ++k_;
        const std::string b = s_.substr(b0, k_ - b0);
        if (w == "x") return "{x^{(" + a + ")}_{" + b + "}}";  // braced: a power may follow
        const std::string idx = a.size() > 1 || b.size() > 1 ? a + "," + b : a + b;
        return w == "m" ? "M_{" + idx + "}" : std::string("(M_") + w[1] + ")_{" + idx + "}";
      }
      k_ = a0;
    }
    if (w == "xi" && at(k_) == '_' && is_digit(at(k_ + 1))) return "x^{(i)}";
    if (w == "x" && at(k_) == '^' && at(k_ + 1) != '(' && !is_digit(at(k_ + 1))) {
      ++k_;
      std::string arg = script_argument();
      return "x^{(" + arg + ")" + transposes() + "}";
    }
    if (at(k_) == '(' && (w == "sqrt" || w == "binom" || w == "multichoose" || w == "mc")) {
      const auto args = arguments(group('(', ')'));
      if (w == "sqrt") return "\\sqrt{" + sub(args[0]) + "}";
      const std::string a = sub(args[0]), b = args.size() > 1 ? sub(args[1]) : "";
      if (w == "binom") return "\\binom{" + a + "}{" + b + "}";
      return "\\left(\\!\\binom{" + a + "}{" + b + "}\\!\\right)";
    }
    if (w == "x" && start > 0 && s_[start - 1] == ' ' && at(k_) == ' ') return "\\times";
    const auto& t = word_table();
    if (auto it = t.find(w); it != t.end()) return it->second;
    if (w.size() == 1) return w;
    return "\\mathrm{" + w + "}";
  }

  std::string token() {
    const char c = s_[k_];
    const bool numeric_before = last_numeric_;
    last_numeric_ = false;
    if (c == ' ') {
      while (at(k_) == ' ') ++k_;
      last_numeric_ = numeric_before;
      return " ";
    }
    if (is_digit(c)) return number();
    if (is_alpha(c)) return word();
    if (c == '_' || c == '^') {
      ++k_;
      std::string arg = script_argument();
      if (c == '^') arg += transposes();
      return std::string(1, c) + "{" + arg + "}";
    }
    if (c == '(' && at(k_ + 1) == 'x' && at(k_ + 2) == ')') {
      k_ += 3;
      return "\\otimes ";
    }
    static const struct {
      char first, second;
      const char* latex;
    } pairs[] = {{'<', '=', "\\le "}, {'>', '=', "\\ge "}, {'!', '=', "\\ne "}, {'-', '>', "\\to "}};
    for (const auto& op : pairs)
      if (c == op.first && at(k_ + 1) == op.second) {
        k_ += 2;
        return op.latex;
      }
    if (c == '<' && at(k_ + 1) != ' ' && at(k_ + 1) != '\0') {
      ++k_;
      ++angles_;
      return "\\langle ";
    }
    if (c == '>' && angles_ > 0 && k_ > 0 && s_[k_ - 1] != ' ') {
      ++k_;
      --angles_;
      return "\\rangle ";
    }
    if (c == '.' && at(k_ + 1) == '.') {
      while (at(k_) == '.') ++k_;
      return "\\ldots ";
    }
    if (c == '*') {
      ++k_;
      return numeric_before && is_digit(at(k_)) ? " \\cdot " : "\\,";
    }
    ++k_;
    switch (c) {
      case '{': return "\\{";
      case '}': return "\\}";
      case '%': return "\\%";
      case '#': return "\\#";
      case '&': return "\\&";
      case '~': return "\\sim ";
      case '\\': return "\\backslash ";
      case '$': return "";
      default: return std::string(1, c);
    }
  }
};

// Splits a marked string into prose (even pieces) and formulas (odd pieces).
std::vector<std::string> pieces(const std::string& marked) {
  std::vector<std::string> out(1);
  for (char c : marked) {
    if (c == '$')
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

std::string latex_prose(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    // A one-letter subscripted symbol in prose ("y_p", "d_x", "c_2": messages written without markup), as math.
    if (is_alpha(c) && (i == 0 || (!is_alnum(s[i - 1]) && s[i - 1] != '_')) && i + 2 < s.size() && s[i + 1] == '_') {
      std::size_t end = i + 2;
      while (end < s.size() && end < i + 4 && is_alnum(s[end])) ++end;
      if (end > i + 2 && (end == s.size() || (!is_alnum(s[end]) && s[end] != '_'))) {
        out += "$" + std::string(1, c) + "_{" + s.substr(i + 2, end - i - 2) + "}$";
        i = end - 1;
        continue;
      }
    }
    // A negative number in prose ("-3.738140", "(-94.6"): a minus sign, not a hyphen.
    if (c == '-' && i + 1 < s.size() && (std::isdigit(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '.') &&
        (i == 0 || std::string(" ([=,:;").find(s[i - 1]) != std::string::npos)) {
      out += "$-$";
      continue;
    }
    switch (c) {
      case '\\': out += "\\textbackslash{}"; break;
      case '_': out += "\\_"; break;
      case '^': out += "\\^{}"; break;
      case '{': out += "\\{"; break;
      case '}': out += "\\}"; break;
      case '%': out += "\\%"; break;
      case '&': out += "\\&"; break;
      case '#': out += "\\#"; break;
      case '~': out += "\\textasciitilde{}"; break;
      case '<': out += "\\textless{}"; break;
      case '>': out += "\\textgreater{}"; break;
      case '|': out += "\\textbar{}"; break;
      case '\n': out += "\\newline "; break;
      case '-': out += out.empty() || out.back() != '-' ? "-" : "{}-"; break;  // "--option", not an en dash
      default: out += c;
    }
  }
  return out;
}

std::string markdown_prose(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '*' || c == '_' || c == '|' || c == '\\' || c == '<' || c == '>' || c == '[' || c == ']' || c == '`')
      out += '\\';
    out += c;
  }
  return out;
}

// Text for HTML: the five characters HTML gives a meaning escaped; "$" as an entity, because a notebook's
// MathJax takes a bare one for math.
std::string html_escaped(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '$': out += "&#36;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

std::string markup_html(const std::string& marked) {
  const auto p = pieces(marked);
  std::string out;
  for (std::size_t k = 0; k < p.size(); ++k)
    out += k % 2 ? "\\(" + html_escaped(ascii_math_latex(p[k])) + "\\)" : html_escaped(p[k]);
  return out;
}

std::string html_text(const std::string& text) { return html_escaped(text); }

std::string markup_plain(const std::string& marked) {
  std::string out;
  for (char c : marked)
    if (c != '$') out += c;
  return out;
}

std::string ascii_math_latex(const std::string& formula) { return translator(formula).run(); }

std::string markup_latex(const std::string& marked) {
  const auto p = pieces(marked);
  std::string out;
  for (std::size_t k = 0; k < p.size(); ++k) out += k % 2 ? "$" + ascii_math_latex(p[k]) + "$" : latex_prose(p[k]);
  return out;
}

std::string markup_markdown(const std::string& marked) {
  const auto p = pieces(marked);
  std::string out;
  for (std::size_t k = 0; k < p.size(); ++k) {
    if (k % 2 == 0) {
      out += markdown_prose(p[k]);
      continue;
    }
    std::string m = ascii_math_latex(p[k]);
    for (std::size_t j = 0; (j = m.find('|', j)) != std::string::npos; j += 6) m.replace(j, 1, "\\vert ");
    while (!m.empty() && m.back() == ' ') m.pop_back();  // "$x $" is not math in GitHub Markdown
    while (!m.empty() && m.front() == ' ') m.erase(0, 1);
    out += "$" + m + "$";
  }
  return out;
}

}  // namespace seprank
