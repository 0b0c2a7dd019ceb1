// A step's values built from numbers (report/number_text): an integer, a decimal, a proven interval's end, a power of
// 3, each shown and typed alike; and the note of the units a step took from the results store.
#pragma once
#include <string>

#include "seprank/analysis/units.hpp"
#include "seprank/report/derivation.hpp"
#include "seprank/report/number_text.hpp"

namespace seprank {

// A step value showing an integer (or a shown decimal) with its typed value for JSON; `text` replaces
// the plain digits where the step shows more.
step_value exact_value(std::string name, long long v);
step_value exact_value(std::string name, const big_int& v);
step_value exact_value(std::string name, long long v, std::string text);
step_value exact_value(std::string name, const big_int& v, std::string text);
// A decimal number: shown by format_float(v, digits), its typed value the number shown (so JSON and text agree).
step_value decimal_value(std::string name, const big_float& v, int digits = 6);
// An end of a proven interval: decimal_value of rounded_toward(v, 6, lower).
step_value bound_end_value(std::string name, const big_float& v, bool lower);
// A big float shown with all its digits (big_float::str: an integer exactly), its typed value the number shown.
step_value float_value(std::string name, const big_float& v);
// 3^v shown as "$m e+x$" (format_power_of_three), its typed value the number shown (the text beyond a double).
step_value power_of_three_value(std::string name, const big_float& log3);
// Which of a step's units came from the results store (analysis/units.hpp): a value saying so, and FAILED
// with the reason when one re-checked here (--verify) disagrees. Nothing when none came from the store.
void note_store(derivation_step& st, const unit_provenance& u, const std::string& units_noun);

}  // namespace seprank
