// A grid-tensor rank kept with its points (docs/theory.md, section 8): the certificate `--certificate` writes, which
// anyone can re-check without this tool (app/certificate).
#pragma once
#include <cstdint>
#include <vector>

#include "seprank/model/config.hpp"
#include "seprank/model/partition.hpp"
#include "seprank/model/weights.hpp"

namespace seprank {

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
grid_certificate certify_grid(const network_config& cfg, const integer_weights& w, const partition& p,
                              std::uint64_t seed, long target);

}  // namespace seprank
