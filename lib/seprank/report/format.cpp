#include "seprank/report/format.hpp"
#include "seprank/support/enum_table.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <sstream>
#include <stdexcept>

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

std::string str(long long v) { return std::to_string(v); }
std::string str(const big_int& v) { return decimal(v); }

json exact_json(long long v) {
  return v <= 999999999999999LL && v >= -999999999999999LL ? json(v) : json(std::to_string(v));
}
json exact_json(const big_int& v) {
  const std::string s = decimal(v);
  return s.size() - (s[0] == '-' ? 1 : 0) <= 15 ? json(std::stoll(s)) : json(s);
}

step_value exact_value(std::string name, long long v) { return {std::move(name), str(v), {}, exact_json(v)}; }
step_value exact_value(std::string name, const big_int& v) { return {std::move(name), str(v), {}, exact_json(v)}; }
step_value exact_value(std::string name, long long v, std::string text) {
  return {std::move(name), std::move(text), {}, exact_json(v)};
}
step_value exact_value(std::string name, const big_int& v, std::string text) {
  return {std::move(name), std::move(text), {}, exact_json(v)};
}
json decimal_json(const big_float& v, int digits) { return shown_decimal(format_float(v, digits)); }

json display_json(double v, int digits) { return shown_decimal(display_double(v, digits)); }

step_value decimal_value(std::string name, const big_float& v, int digits) {
  std::string shown = format_float(v, digits);
  json data = shown_decimal(shown);
  return {std::move(name), std::move(shown), {}, std::move(data)};
}

step_value float_value(std::string name, const big_float& v) {
  std::string shown = v.str();
  json data = shown_decimal(shown);
  return {std::move(name), std::move(shown), {}, std::move(data)};
}

step_value power_of_three_value(std::string name, const big_float& log3) {
  const std::string shown = format_power_of_three(log3);
  return {std::move(name), "$" + shown + "$", {}, shown_decimal(shown)};
}


json shown_decimal(const std::string& s) {
  std::size_t k = s.empty() || s[0] != '-' ? 0 : 1;
  const std::size_t start = k;
  while (k < s.size() && s[k] >= '0' && s[k] <= '9') ++k;
  const std::size_t whole = k - start;
  if (whole == 0) return json(s);
  if (k == s.size()) return whole <= 15 ? json(std::stoll(s)) : json(s);
  bool fraction = false, exponent = false;
  if (s[k] == '.') {
    const std::size_t f = ++k;
    while (k < s.size() && s[k] >= '0' && s[k] <= '9') ++k;
    fraction = k > f;
    if (!fraction) return json(s);
  }
  if (k < s.size() && (s[k] == 'e' || s[k] == 'E')) {
    ++k;
    if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
    const std::size_t e = k;
    while (k < s.size() && s[k] >= '0' && s[k] <= '9') ++k;
    exponent = k > e;
    if (!exponent) return json(s);
  }
  if (k != s.size() || !(fraction || exponent)) return json(s);
  errno = 0;
  const double v = std::strtod(s.c_str(), nullptr);
  return errno == ERANGE || !std::isfinite(v) ? json(s) : json(v);  // beyond a double: the text
}

std::string display_double(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

std::string format_float(const big_float& v, int digits) {
  std::ostringstream out;
  if (abs(v) < big_float(1e15) && (v == 0 || abs(v) >= big_float(1e-4)))
    out << std::fixed << std::setprecision(digits) << v;
  else
    out << std::scientific << std::setprecision(digits > 0 ? digits : 6) << v;
  return out.str();
}

std::string format_power_of_three(const big_float& v) {
  // 3^v = 10^(v log_10 3) = m * 10^e, computed in log space (3^v itself may exceed any float).
  const big_float t = v * log10(big_float(3));
  big_float e = floor(t);
  big_float m = pow(big_float(10), t - e);
  if (m >= 10) m /= 10, e += 1;
  std::ostringstream out;
  const big_int exponent = abs(e).convert_to<big_int>();
  const std::string digits = exponent.str();  // at least two digits, as printf writes them
  out << std::fixed << std::setprecision(5) << m << "e" << (e < 0 ? "-" : "+") << (digits.size() < 2 ? "0" : "") << digits;
  return out.str();
}

std::string format_log3_fast(const big_float& v, int toward) {
  long double x = v.convert_to<long double>();
  if (toward != 0 && std::fabs(x) < 1e15L) x = (toward < 0 ? std::floor(x * 1e6L) : std::ceil(x * 1e6L)) / 1e6L;
  char buf[64];
  std::snprintf(buf, sizeof buf, std::fabs(x) < 1e15L && (x == 0 || std::fabs(x) >= 1e-4L) ? "%.6Lf" : "%.6Le", x);
  return buf;
}

double full_double(const big_float& v, int toward) {
  const double d = v.convert_to<double>();
  if (toward < 0 && big_float(d) > v) return std::nextafter(d, -HUGE_VAL);
  if (toward > 0 && big_float(d) < v) return std::nextafter(d, HUGE_VAL);
  return d;
}

std::string format_power_of_three_fast(const big_float& v) {
  const long double t = v.convert_to<long double>() * std::log10(3.0L);
  long double e = std::floor(t), m = std::pow(10.0L, t - e);
  if (m >= 10) m /= 10, e += 1;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.5Lfe%s%02.0Lf", m, e < 0 ? "-" : "+", std::fabs(e));
  return buf;
}

std::string log3_text(const big_int& v) { return v > 0 ? format_float(log3(big_float(v)), 6) : "-infinity"; }

namespace {

// The one table of refined_by: its JSON key (audit rows' "refined_by") and the evidence's words for it.
struct refined_by_info {
  refined_by value;
  const char* key;
  const char* prose;
};
constexpr refined_by_info refined_by_table[] = {
    {refined_by::none, "none", "Noether's count"},  // not refined: a count printed as refined names the weakest source
    {refined_by::noether, "noether", "Noether's count"},
    {refined_by::annihilator_union, "annihilator-union",
     "the union of the annihilator families, shipped table at seed 1, re-derived by `seprank-sym annihilators`"},
    {refined_by::this_run, "this-run", "the annihilator families of these weights, all generic; step annihilators"},
};

}  // namespace

const char* refined_by_key(refined_by r) { return table_row_of(refined_by_table, r).key; }

const char* refined_by_prose(refined_by r) { return table_row_of(refined_by_table, r).prose; }

namespace {

// The one table of regime: its key (JSON, typed cells, Python's REGIME_NAMES), its table cell and its prose.
struct regime_info {
  regime value;
  const char* key;
  const char* short_name;
  const char* prose;
};
constexpr regime_info regime_table[] = {
    {regime::depth_efficient, "theorem1", "Th. 1", "Theorem 1 ($L < log_3 d_x$: depth efficiency)"},
    {regime::threshold, "threshold", "threshold", "neither theorem ($L = log_3 d_x$ exactly: $3^L = d_x$)"},
    {regime::depth_inefficient, "theorem2", "Th. 2", "Theorem 2 ($L > log_3 d_x$: depth inefficiency)"},
};


}  // namespace

const char* regime_key(regime r) { return table_row_of(regime_table, r).key; }

const char* regime_short(regime r) { return table_row_of(regime_table, r).short_name; }

const std::vector<const char*>& regime_keys() {
  static const std::vector<const char*> keys = [] {
    std::vector<const char*> k;
    for (const auto& info : regime_table) k.push_back(info.key);
    return k;
  }();
  return keys;
}

std::string regime_name(regime r) { return table_row_of(regime_table, r).prose; }

std::string weight_description(const weight_choice& w) {
  if (w.source == weight_choice::kind::file) return "read from " + w.path;
  if (w.source == weight_choice::kind::given) return "given in memory (integer matrices from the caller, e.g. seprank.Network(weights=...))";
  return "seeded draw (seed " + std::to_string(w.seed) + ", SplitMix64; every weight uniform on the nonzero integers in [-" +
         std::to_string(w.range) + ", " + std::to_string(w.range) + "])";
}

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

void note_store(derivation_step& st, const unit_provenance& u, const std::string& units_noun) {
  if (!u.any_stored() && u.impossible.empty()) return;
  const long checked = u.verified + u.disagreed;
  st.values.push_back(
      {"from the results store",
       str(u.stored) + " of " + str(u.stored + u.computed) + " " + units_noun + " read from " + u.store +
           " (computed earlier by the same method and version for the same inputs; not recomputed here)" +
           (checked == 0 ? std::string("; none re-checked (--verify)")
                         : "; " + str(checked) + " recomputed here (--verify): " +
                               (u.disagreed == 0 ? std::string("all agree") : str(u.disagreed) + " disagree")),
       {},
       json{{"store", u.store}, {"stored", u.stored}, {"computed", u.computed}, {"verified", u.verified}, {"disagreed", u.disagreed}}});
  st.status = status_of_check(u.all_intact() && u.all_agree(), st.status);
  if (!u.all_intact()) {
    std::string which;
    for (const auto& w : u.impossible) which += (which.empty() ? "" : "; ") + w;
    st.check = "FAILED: the results store " + u.store + " holds " + str(static_cast<long long>(u.impossible.size())) +
               " impossible or altered " + units_noun + " (" + which + "), not used; the store cannot be trusted. " + st.check;
  }
  if (!u.all_agree()) {
    st.check = "FAILED: " + str(u.disagreed) + " of the " + units_noun + " read from the results store " + u.store +
               " disagree with their recomputation here, so the store cannot be trusted. " + st.check;
  }
}

big_float rounded_toward(const big_float& v, int digits, bool down) {
  if (abs(v) >= big_float("1e15")) return v;
  const big_float scale = pow(big_float(10), digits);
  const big_float scaled = v * scale;
  return (down ? floor(scaled) : ceil(scaled)) / scale;
}

step_value bound_end_value(std::string name, const big_float& v, bool lower) {
  return decimal_value(std::move(name), rounded_toward(v, 6, lower));
}

}  // namespace seprank
