// Shared helpers for the unit tests: configurations, hand-written weights, double-precision oracles.
#pragma once
#include <cmath>
#include <cstdlib>

#include "seprank/model/quantities.hpp"
#include "seprank/model/weights.hpp"

namespace seprank::testing {

// How many times a randomized test repeats its draws (FLINT's flint_test_multiplier): SEPRANK_TEST_MULTIPLIER,
// 1 by default, e.g. SEPRANK_TEST_MULTIPLIER=50 for a long soak.
inline int test_multiplier() {
  const char* v = std::getenv("SEPRANK_TEST_MULTIPLIER");
  const int m = v ? std::atoi(v) : 1;
  return m > 0 ? m : 1;
}

inline network_config config(int L, int dx, int H, int N, bool residual = false) {
  network_config c;
  c.L = L, c.dx = dx, c.H = H, c.N = N, c.residual = residual;
  return c;
}

// log_3 in double precision, and a 100-digit float as a double (for hand-computed oracles).
inline double l3(double x) { return std::log(x) / std::log(3.0); }
inline double d(const big_float& v) { return v.convert_to<double>(); }

// Builds an integer_weights of the right shape from one initializer per matrix, in the order
// (layer, head, Q, K, V, O), each matrix given row-major.
inline integer_weights weights_from(const network_config& c, const std::vector<std::vector<long>>& mats) {
  integer_weights w;
  std::size_t n = 0;
  const int da = c.head_size();
  auto take = [&](int rows, int cols) {
    dense_matrix<long> m(rows, cols);
    const auto& v = mats.at(n++);
    for (int r = 0; r < rows; ++r)
      for (int k = 0; k < cols; ++k) m(r, k) = v.at(static_cast<std::size_t>(r * cols + k));
    return m;
  };
  for (int l = 0; l < c.L; ++l) {
    w.layers.emplace_back();
    for (int h = 0; h < c.H; ++h) {
      auto Q = take(da, c.dx), K = take(da, c.dx), V = take(da, c.dx), O = take(c.dx, da);
      w.layers.back().push_back({Q, K, V, O});
    }
  }
  return w;
}

}  // namespace seprank::testing
