#include "seprank/analysis/grid_tensor.hpp"

#include <algorithm>

#include <flint/ulong_extras.h>

#include "seprank/engine/linalg.hpp"
#include "seprank/engine/modp_network.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/random.hpp"

namespace seprank {
grid_rank_result grid_rank(const network_config& c, const integer_weights& w, const partition& part,
                           std::uint64_t seed, long upper, long max_points) {
  grid_rank_result g;
  g.prime = draw_prime(seed ^ 0x67726964ULL);
  const modp_network net(c, w, g.prime);
  // Coordinate `var` of point u on one side: a SplitMix64 value mod p (points are reused as s grows).
  auto coordinate = [&](int side, long u, int var) {
    return splitmix_hash(seed * 1000003 + static_cast<std::uint64_t>(side) * 7919 +
                    splitmix_hash(static_cast<std::uint64_t>(u) * 131071 + static_cast<std::uint64_t>(var))) % g.prime;
  };
  std::vector<std::uint64_t> x(c.variable_count()), scratch;
  for (long s = 8;; s *= 2) {
    nmod_matrix T(s, s, g.prime);
    for (long u = 0; u < s; ++u) {
      for (long v = 0; v < s; ++v) {
        for (int j = 1; j <= c.N; ++j)
          for (int r = 1; r <= c.dx; ++r) {
            const int var = c.variable(j, r);
            x[var] = part.in_A(j) ? coordinate(0, u, var) : coordinate(1, v, var);
          }
        nmod_mat_entry(T.m, u, v) = net.evaluate(x, scratch);
      }
      check_interrupt();
    }
    g.rank = nmod_mat_rank(T.m);
    g.points = s;
    if (g.rank < s) {
      g.stop = grid_stop::rank_stopped_growing;
      break;
    }
    if (upper >= 0 && g.rank >= upper) {
      g.stop = grid_stop::reached_upper_bound;
      break;
    }
    if (2 * s > max_points) {
      g.stop = grid_stop::point_limit;
      break;
    }
  }
  return g;
}

grid_certificate certificate_grid(const network_config& c, const integer_weights& w, const partition& part, std::uint64_t seed,
                                  long target) {
  grid_certificate g;
  g.prime = n_nextprime((1ULL << (certificate_prime_bits - 1)) | (splitmix_hash(seed ^ 0x63657274ULL) >> (66 - certificate_prime_bits)), 1);
  const modp_network net(c, w, g.prime);
  splitmix64 rng{seed ^ 0x63657274696669ULL};
  auto draw_point = [&](const std::vector<int>& positions) {
    std::vector<std::uint64_t> pt;
    for (std::size_t k = 0; k < positions.size() * static_cast<std::size_t>(c.dx); ++k) pt.push_back(rng.next() % g.prime);
    return pt;
  };
  std::vector<std::uint64_t> x(c.variable_count()), scratch;
  for (long s = std::max(1L, target), tries = 0; tries < 5; s += 16, ++tries) {
    while (static_cast<long>(g.a_points.size()) < s) g.a_points.push_back(draw_point(part.A));
    while (static_cast<long>(g.b_points.size()) < s) g.b_points.push_back(draw_point(part.B));
    nmod_matrix T(s, s, g.prime);
    for (long u = 0; u < s; ++u) {
      for (long v = 0; v < s; ++v) {
        for (std::size_t k = 0; k < part.A.size(); ++k)
          for (int r = 0; r < c.dx; ++r) x[c.variable(part.A[k], r + 1)] = g.a_points[u][k * c.dx + r];
        for (std::size_t k = 0; k < part.B.size(); ++k)
          for (int r = 0; r < c.dx; ++r) x[c.variable(part.B[k], r + 1)] = g.b_points[v][k * c.dx + r];
        nmod_mat_entry(T.m, u, v) = net.evaluate(x, scratch);
      }
      check_interrupt();
    }
    g.rank = nmod_mat_rank(T.m);
    g.a_points.resize(s), g.b_points.resize(s);
    if (g.rank >= target) break;
  }
  return g;
}

}  // namespace seprank
