// The depth threshold and the regimes it separates (section 4; docs/theory.md, section 9): which theorem's
// hypothesis holds at (L, d_x).
#pragma once
#include "seprank/model/quantities.hpp"

namespace seprank {

// Which theorem's hypothesis holds: Theorem 1 needs L < log_3 d_x (i.e. 3^L < d_x),
// Theorem 2 needs L > log_3 d_x (3^L > d_x); at 3^L = d_x neither applies.
enum class regime { depth_efficient, threshold, depth_inefficient };

// Decided by the exact integer comparison of 3^L with d_x, never by floating point.
regime regime_of(long L, const big_int& dx);

// log_3(d_x) for display (double precision).
double depth_threshold(const big_int& dx);

}  // namespace seprank
