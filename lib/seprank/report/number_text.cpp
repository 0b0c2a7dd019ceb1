#include "seprank/report/number_text.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <sstream>
#include <stdexcept>

namespace seprank {

std::string str(long long v) { return std::to_string(v); }
std::string str(const big_int& v) { return decimal(v); }

json exact_json(long long v) {
  return v <= 999999999999999LL && v >= -999999999999999LL ? json(v) : json(std::to_string(v));
}
json exact_json(const big_int& v) {
  const std::string s = decimal(v);
  return s.size() - (s[0] == '-' ? 1 : 0) <= 15 ? json(std::stoll(s)) : json(s);
}

json decimal_json(const big_float& v, int digits) { return shown_decimal(format_float(v, digits)); }

json display_json(double v, int digits) { return shown_decimal(display_double(v, digits)); }

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
  out << std::fixed << std::setprecision(5) << m << "e" << (e < 0 ? "-" : "+") << (digits.size() < 2 ? "0" : "")
      << digits;
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

big_float rounded_toward(const big_float& v, int digits, bool down) {
  if (abs(v) >= big_float("1e15")) return v;
  const big_float scale = pow(big_float(10), digits);
  const big_float scaled = v * scale;
  return (down ? floor(scaled) : ceil(scaled)) / scale;
}

}  // namespace seprank
