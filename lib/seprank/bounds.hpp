// The paper's depth threshold and regimes (section 4). The closed-form bounds of
// Theorems 1 and 2 are evaluated with Boost.Multiprecision.
#pragma once
#include <string>

#include <boost/multiprecision/cpp_int.hpp>

namespace seprank {

using big_int = boost::multiprecision::cpp_int;

// Which theorem's hypothesis holds: Theorem 1 needs L < log_3 d_x (i.e. 3^L < d_x),
// Theorem 2 needs L > log_3 d_x (3^L > d_x); at 3^L = d_x neither applies.
enum class regime { depth_efficient, threshold, depth_inefficient };

// Decided by the exact integer comparison of 3^L with d_x, never by floating point.
regime classify_regime(long L, const big_int& dx);
std::string regime_name(regime r);

// log_3(d_x) for display (double precision).
double depth_threshold(const big_int& dx);

big_int power_of_three(long L);

}  // namespace seprank
