// The graded grid's evaluations as units of work (docs/theory.md, section 8; analysis/units.hpp): each round of the
// graded grid (s points a side, the pairs of the previous round's s_old kept) is cut into bands of grid_band_rows rows
// u, which a results store keeps, so that a run stopped during the grid resumes after its last finished band. Also
// the grid's points and primes, which the rank (ranks/grid_tensor) and the bands share.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "seprank/model/config.hpp"
#include "seprank/model/weights.hpp"

namespace seprank {

struct grid_request;  // ranks/grid_tensor

inline constexpr long grid_band_rows = 32;
struct grid_band {
  long s = 0, s_old = 0;  // the round
  long from = 0, to = 0;  // its rows u
};
// How a round's bands are obtained (their values, as grid_band_values returns them, in the bands' order);
// empty: computed here, in order.
using grid_band_source = std::function<std::vector<std::string>(const std::vector<grid_band>&)>;

// The first v row u of band b evaluates: the pairs of the previous round are known.
long grid_band_first_v(const grid_band& b, long u);
// The bands of a round, in order.
std::vector<grid_band> grid_round_bands(long s, long s_old);
// A band's values f_t(u, v) = y(a_u, (t+1) b_v) mod the grid's prime (< 2^28), for its rows u, the v not known
// from the previous round (v >= s_old when u < s_old) and t = 0..C, in that order, as 4-byte little-endian
// words. Equal inputs give equal bytes, whatever the number of threads.
std::string grid_band_values(const network_config& cfg, const integer_weights& w, const grid_request& r,
                             const grid_band& b);
// The pairs (u, v) a band evaluates.
long grid_band_pairs(const grid_band& b);
// The bands as units: what their values depend on besides the weights (not the bounds or the point limit), and
// the unit's name.
inline constexpr int grid_band_method_version = 1;
std::string grid_band_batch_config(const network_config& cfg, const grid_request& r);
std::string grid_band_name(const grid_band& b);

// Coordinate `var` of point u on one side (0: A, 1: B): a SplitMix64 value mod p (points are reused as s grows).
std::uint64_t grid_coordinate(std::uint64_t seed, int side, long u, int var, std::uint64_t p);
// The graded grid's prime, below 2^28: the forward pass then sums products unreduced (engine/modp_network).
std::uint64_t graded_grid_prime(std::uint64_t seed);

}  // namespace seprank
