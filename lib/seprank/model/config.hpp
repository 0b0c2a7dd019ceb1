// Parameters of the analysed self-attention network (paper, eq. 3) and their validation.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "seprank/model/quantities.hpp"

namespace seprank {

template <class S>
struct network_weights;  // model/weights.hpp

// Ranges accepted for network computations (expansion, evaluation).
inline constexpr int max_depth = 8;  // C = (3^8 - 1)/2 = 3280 summed indices
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

inline constexpr std::uint64_t default_seed = 1;
inline constexpr long default_weight_range = 9;

// Where the integer weights come from: a seeded draw, a weight file, symbols (whose exact checks use the
// seeded draw), or integer matrices given in memory (Python's Network).
struct weight_choice {
  enum class kind { random, symbolic, file, given };
  kind source = kind::random;
  std::uint64_t seed = default_seed;
  long range = default_weight_range;
  std::string path;                                    // for kind::file
  std::shared_ptr<const network_weights<long>> given;  // for kind::given
  // The weights are the seeded draw (random, and symbolic's exact checks): seed S is the main draw.
  bool drawn() const { return source == kind::random || source == kind::symbolic; }
};

// The edges' reading of --weights: "random", "symbolic" or a weight file's path. It replaces the source (matrices
// given in memory included); seed and range are kept.
void set_weights_text(weight_choice& w, const std::string& text);
// The inverse: "random", "symbolic", the path, or "given" for matrices in memory.
std::string weights_text(const weight_choice& w);

// A configuration for the closed forms only (bounds, corollaries): any size, since nothing is
// expanded. H need not divide d_x: the closed forms only use H as a number.
struct atlas_config {
  long L = 2;
  big_int dx = 4;
  big_int H = 1;
};

inline constexpr long max_atlas_depth = 10000;
inline constexpr long long max_atlas_width = 1000000000000LL;  // 10^12
// Throws usage_error unless 1 <= L <= max_atlas_depth, 1 <= dx <= max_atlas_width and 1 <= H <= dx.
void validate(const atlas_config& c);

}  // namespace seprank
