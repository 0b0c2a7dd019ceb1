// The formatting of a derivation's steps, by concern: numbers (number_text), step values (step_values), the names
// of the model's choices (names), polynomials (polynomial_text). Display only: nothing here decides a result.
#pragma once
#include "seprank/report/names.hpp"
#include "seprank/report/number_text.hpp"
#include "seprank/report/polynomial_text.hpp"
#include "seprank/report/step_values.hpp"
