// Parameters of the analysed self-attention network (paper, eq. 3) and their validation.
#pragma once
#include <cstdint>

namespace seprank {

// Ranges accepted for network computations (expansion, evaluation).
inline constexpr int max_depth = 8;       // C = (3^8 - 1)/2 = 3280 summed indices
inline constexpr int max_width = 64;
inline constexpr int max_positions = 64;

// One configuration of the network of eq. 3: L layers, width d_x, H heads of size
// d_a = d_x / H, N input positions; the studied output is entry p of y^{L,i}.
struct network_config {
  int L = 2;              // depth
  int dx = 4;             // width d_x
  int H = 1;              // heads per layer
  int N = 4;              // number of positions
  int position = 1;       // output position i, 1-based
  int entry = 1;          // output entry p, 1-based
  bool residual = false;  // y^{l,i} = x^{l,i} + (eq. 3), the paper's appendix variant

  int head_size() const { return dx / H; }  // d_a
  int variable_count() const { return N * dx; }
  // 0-based index of the input variable x^j_r (j, r 1-based).
  int variable(int j, int r) const { return (j - 1) * dx + (r - 1); }
};

// Throws usage_error naming the first invalid parameter and its allowed range.
void validate(const network_config& cfg);

// C = (3^L - 1)/2, the number of summed position indices in eq. 4.
std::int64_t summed_index_count(int L);
// 3^L, the total degree of the output polynomial.
std::int64_t output_degree(int L);

}  // namespace seprank
