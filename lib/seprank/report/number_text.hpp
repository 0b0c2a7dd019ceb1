// How numbers are written in the steps of a derivation: integers, display doubles, 100-digit floats, powers of 3
// and logarithms, each with its typed JSON value (the number shown) and the rounding toward safety of a proven end.
// Display only: nothing here decides a result.
#pragma once
#include <string>

#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

std::string str(long long v);
std::string str(const big_int& v);
// The typed value of a number for machine-readable output (docs/json-schema.md): an integer of at
// most 15 digits (exact in a double) is a JSON number, a longer one its decimal string.
json exact_json(long long v);
json exact_json(const big_int& v);
// A decimal as shown (`shown` is the output of one of the formatters below): the double nearest to the
// digits shown, or the text itself when it is not a finite decimal ("-infinity", "3^(1.2e+40)"). Called only by
// the typed helpers below (decimal_json, decimal_value, ...), so the JSON number is always the number shown.
json shown_decimal(const std::string& shown);
// The typed value of format_float(v, digits): the number shown (JSON records beside a shown decimal).
json decimal_json(const big_float& v, int digits = 6);
// The same for display_double(v, digits) (times and sizes).
json display_json(double v, int digits = 6);
// v rounded toward safety to `digits` decimals: down for a lower end, up for an upper end (a proven lower bound is
// never shown rounded up). Values beyond 10^15 in magnitude are returned unchanged (shown in scientific form).
big_float rounded_toward(const big_float& v, int digits, bool down);
// A double with `digits` significant digits.
std::string display_double(double v, int digits = 6);
// A big float: fixed with `digits` decimals when moderate, scientific otherwise.
std::string format_float(const big_float& v, int digits = 6);
// 3^v in scientific notation with 6 significant digits, computed in log space.
std::string format_power_of_three(const big_float& v);
// The same two from a big float through long double: for maps over many configurations (display only;
// the digits agree with the 100-digit forms except at rounding ties).
// toward < 0: rounded down (a proven lower end), > 0: up (a proven upper end), 0: to nearest (the paper's values).
std::string format_log3_fast(const big_float& v, int toward = 0);
std::string format_power_of_three_fast(const big_float& v);
// v in full double precision for JSON: the nearest double (toward = 0), or the nearest double on the safe side
// (toward < 0: at or below v, a proven lower end; > 0: at or above, an upper end). Display rounding is the text's.
double full_double(const big_float& v, int toward = 0);
// log_3 of a positive integer to 6 decimals ("-infinity" for 0).
std::string log3_text(const big_int& v);

}  // namespace seprank
