// Grid-tensor ranks (paper, proof sketch of Theorem 1; docs/theory.md, section 8): y evaluated by
// the literal forward pass at random A-side points a_1..a_s and B-side points b_1..b_t (residues
// mod p); the rank of the s x t matrix mod p is a certified lower bound on sep, since the grid
// matrix factors through the coefficient matrix.
#pragma once
#include <cstdint>

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

}  // namespace seprank
