// Grid-tensor ranks (paper, proof sketch of Theorem 1; docs/theory.md, section 8): y evaluated by
// the literal forward pass at random A-side points a_1..a_s and B-side points b_1..b_t (residues
// mod p); the rank of the s x t matrix mod p is a certified lower bound on sep, since the grid
// matrix factors through the coefficient matrix.
#pragma once
#include <cstdint>
#include <vector>

#include "seprank/model/config.hpp"
#include "seprank/model/partition.hpp"
#include "seprank/model/weights.hpp"

namespace seprank {

enum class grid_stop {
  rank_stopped_growing,  // rank < number of points
  reached_upper_bound,   // the rank reached the proven upper bound
  point_limit,           // the next size would exceed --max-grid-points
  time_limit,            // the next size would exceed the point count the time estimate allows
};

struct grid_rank_result {
  long rank = 0;
  long points = 0;          // s = t
  std::uint64_t prime = 0;
  grid_stop stop = grid_stop::rank_stopped_growing;
  bool capped() const { return stop == grid_stop::point_limit || stop == grid_stop::time_limit; }
};

// s = t doubles from 8 until the rank stops growing (rank < s), reaches `upper` (if >= 0), or
// 2s exceeds max_points (stop = point_limit; the caller marks time_limit when max_points came from
// the time estimate).
grid_rank_result grid_rank(const network_config& cfg, const integer_weights& w, const partition& p,
                           std::uint64_t seed, long upper, long max_points);

// A grid kept with its points, for a certificate anyone can re-check without this tool: the rank mod a
// prime below 2^28 (so that a checker's int64 arithmetic cannot overflow: products of residues stay below
// 2^56, sums of up to 64 of them below 2^62) of the s x s grid at random points, s = target, raised by 16
// (up to four times) while the rank stays below the target.
struct grid_certificate {
  std::uint64_t prime = 0;
  std::vector<std::vector<std::uint64_t>> a_points;  // per point: the inputs at A's positions, in order, d_x each
  std::vector<std::vector<std::uint64_t>> b_points;  // the same for B
  long rank = 0;
};
inline constexpr int certificate_prime_bits = 28;
grid_certificate certificate_grid(const network_config& cfg, const integer_weights& w, const partition& p, std::uint64_t seed,
                                  long target);

}  // namespace seprank
