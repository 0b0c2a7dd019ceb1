#include "seprank/report/polynomial_text.hpp"

#include <sstream>

namespace seprank {

namespace {

// Factors of variables [from, to) of term t, e.g. "x1_1^2*x2_3" (empty when none).
std::string factors(const polynomial& p, const std::vector<unsigned long>& e, int from, int to, bool latex) {
  std::ostringstream out;
  bool first = true;
  for (int v = from; v < to; ++v) {
    if (!e[v]) continue;
    if (!first) out << (latex ? " " : "*");
    first = false;
    if (latex) {  // braced, so that a power of x^{(j)}_{r} is not a double superscript
      out << "{";
      p.ring()->symbol(v).print(GiNaC::print_latex(out));
      out << "}";
      if (e[v] > 1) out << "^{" << e[v] << "}";
    } else {
      out << p.ring()->name(v);
      if (e[v] > 1) out << "^" << e[v];
    }
  }
  return out.str();
}

// "+3*f" / "-f" / "+7" for a coefficient c and factor string f.
std::string signed_term(const mpz_class& c, const std::string& f, bool latex) {
  std::string s = c < 0 ? "-" : "+";
  const mpz_class a = abs(c);
  if (f.empty()) return s + a.get_str();
  if (a != 1) s += a.get_str() + (latex ? " " : "*");
  return s + f;
}

}  // namespace

std::string polynomial_text(const polynomial& p, int first_grouped) {
  std::ostringstream out;
  const int n = p.ring()->variable_count();
  if (p.is_zero()) return "0\n";
  if (first_grouped < 0 || first_grouped >= n) {
    for (long t = 0; t < p.term_count(); ++t)
      out << signed_term(p.coefficient(t), factors(p, p.exponents(t), 0, n, false), false) << "\n";
    return out.str();
  }
  // Group consecutive terms that share the monomial in the leading variables (lex order).
  std::string current;
  for (long t = 0; t < p.term_count(); ++t) {
    const auto e = p.exponents(t);
    const std::string lead = factors(p, e, 0, first_grouped, false);
    if (t == 0 || lead != current) {
      if (t) out << ")" << (current.empty() ? "" : "*" + current) << "\n";
      current = lead;
      out << "+(";
    } else {
      out << " ";
    }
    out << signed_term(p.coefficient(t), factors(p, e, first_grouped, n, false), false);
  }
  out << ")" << (current.empty() ? "" : "*" + current) << "\n";
  return out.str();
}

std::string polynomial_latex(const polynomial& p) {
  std::ostringstream out;
  if (p.is_zero()) return "0";
  for (long t = 0; t < p.term_count(); ++t) {
    const mpz_class c = p.coefficient(t);
    const std::string f = factors(p, p.exponents(t), 0, p.ring()->variable_count(), true);
    const mpz_class a = abs(c);
    if (t > 0 && t % 6 == 0) out << "\n";  // short source lines (TeX reads a line into a fixed buffer)
    out << (t == 0 ? (c < 0 ? "-" : "") : (c < 0 ? " - " : " + "));
    out << (f.empty() ? a.get_str() : (a != 1 ? a.get_str() + " " : "") + f);
  }
  return out.str();
}

std::string monomial_text(const std::vector<unsigned long>& e, const ring_ptr& ring, const std::vector<int>& vars) {
  std::string s;
  for (std::size_t k = 0; k < e.size(); ++k)
    if (e[k]) {
      s += (s.empty() ? "" : "*") + ring->name(vars.empty() ? static_cast<int>(k) : vars[k]);
      if (e[k] > 1) s += "^" + std::to_string(e[k]);
    }
  return s.empty() ? "1" : s;
}

}  // namespace seprank
