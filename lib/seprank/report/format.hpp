// How numbers and objects are written in the steps of a derivation: one home for each
// (integers, display doubles, 100-digit floats, powers of 3, regimes, weight choices,
// polynomials and monomials). Display only: nothing here decides a result.
#pragma once
#include <string>
#include <vector>

#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/analysis/paper/refined_gram_count.hpp"
#include "seprank/analysis/units.hpp"
#include "seprank/engine/polynomial.hpp"
#include "seprank/model/weights.hpp"
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
// A step value showing an integer (or a shown decimal) with its typed value for JSON; `text` replaces
// the plain digits where the step shows more.
step_value exact_value(std::string name, long long v);
step_value exact_value(std::string name, const big_int& v);
step_value exact_value(std::string name, long long v, std::string text);
step_value exact_value(std::string name, const big_int& v, std::string text);
// The typed value of format_float(v, digits): the number shown (JSON records beside a shown decimal).
json decimal_json(const big_float& v, int digits = 6);
// The same for display_double(v, digits) (times and sizes).
json display_json(double v, int digits = 6);
// A decimal number: shown by format_float(v, digits), its typed value the number shown (so JSON and text agree).
step_value decimal_value(std::string name, const big_float& v, int digits = 6);
// v rounded toward safety to `digits` decimals: down for a lower end, up for an upper end (a proven lower bound is
// never shown rounded up). Values beyond 10^15 in magnitude are returned unchanged (shown in scientific form).
big_float rounded_toward(const big_float& v, int digits, bool down);
// An end of a proven interval: decimal_value of rounded_toward(v, 6, lower).
step_value bound_end_value(std::string name, const big_float& v, bool lower);
// A big float shown with all its digits (big_float::str: an integer exactly), its typed value the number shown.
step_value float_value(std::string name, const big_float& v);
// 3^v shown as "$m e+x$" (format_power_of_three), its typed value the number shown (the text beyond a double).
step_value power_of_three_value(std::string name, const big_float& log3);
// Which of a step's units came from the results store (analysis/units.hpp): a value saying so, and FAILED
// with the reason when one re-checked here (--verify) disagrees. Nothing when none came from the store.
void note_store(derivation_step& st, const unit_provenance& u, const std::string& units_noun);
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
std::string regime_name(regime r);
// The regime's one encoding in JSON, tables' typed cells and Python: "theorem1", "threshold", "theorem2"
// (regime_name is its prose). regime_keys() lists them in the enum's order (Python's REGIME_NAMES).
const char* regime_key(regime r);
// The JSON key of a refined count's source (audit rows' "refined_by"): "noether", "annihilator-union"; "none".
const char* refined_by_key(refined_by r);
// The evidence's words for a refined count's source ("Noether's count", ...): the same table as the key.
const char* refined_by_prose(refined_by r);
// The regime in a table cell: "Th. 1", "threshold", "Th. 2".
const char* regime_short(regime r);
const std::vector<const char*>& regime_keys();
// "seeded draw (seed 1, SplitMix64; ...)" or "read from FILE".
std::string weight_description(const weight_choice& w);

// One term per line: "+3*x1_1^2*x2_1". Variables with index >= first_grouped are printed
// as a parenthesised coefficient group per monomial in the variables before it
// (used for symbolic weights: a polynomial in the inputs with polynomial coefficients).
// Deterministic: terms in the ring's lexicographic order, factors in variable order.
std::string polynomial_text(const polynomial& p, int first_grouped = -1);
std::string polynomial_latex(const polynomial& p);
// The monomial with exponents e over the ring variables vars[k] (or over all variables when vars
// is empty), e.g. "m1_1^2*m1_2"; "1" for the empty monomial.
std::string monomial_text(const std::vector<unsigned long>& e, const ring_ptr& ring, const std::vector<int>& vars = {});

}  // namespace seprank
