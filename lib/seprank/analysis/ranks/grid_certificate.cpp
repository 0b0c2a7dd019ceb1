#include "seprank/analysis/ranks/grid_certificate.hpp"

#include <algorithm>
#include <memory>

#include "seprank/engine/linalg.hpp"
#include "seprank/engine/modp_network.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/random.hpp"

namespace seprank {

grid_certificate certify_grid(const network_config& c, const integer_weights& w, const partition& part,
                              std::uint64_t seed, long target) {
  grid_certificate g;
  g.prime = draw_prime(stream_seed(seed, random_stream::certificate_prime), certificate_prime_bits);
  const modp_network net(c, w, g.prime);
  splitmix64 rng{stream_seed(seed, random_stream::certificate_points)};
  auto draw_point = [&](const std::vector<int>& positions) {
    std::vector<std::uint64_t> pt;
    for (std::size_t k = 0; k < positions.size() * static_cast<std::size_t>(c.dx); ++k)
      pt.push_back(rng.next() % g.prime);
    return pt;
  };
  std::vector<std::uint64_t> x(c.variable_count()), scratch;
  for (long s = std::max(1L, target), tries = 0; tries < 5; s += 16, ++tries) {
    while (static_cast<long>(g.a_points.size()) < s) g.a_points.push_back(draw_point(part.A));
    while (static_cast<long>(g.b_points.size()) < s) g.b_points.push_back(draw_point(part.B));
    const auto T = std::make_shared<nmod_matrix>(s, s, g.prime);
    for (long u = 0; u < s; ++u) {
      for (long v = 0; v < s; ++v) {
        for (std::size_t k = 0; k < part.A.size(); ++k)
          for (int r = 0; r < c.dx; ++r) x[c.variable(part.A[k], r + 1)] = g.a_points[u][k * c.dx + r];
        for (std::size_t k = 0; k < part.B.size(); ++k)
          for (int r = 0; r < c.dx; ++r) x[c.variable(part.B[k], r + 1)] = g.b_points[v][k * c.dx + r];
        nmod_mat_entry(T->m, u, v) = net.evaluate(x, scratch);
      }
      check_interrupt();
    }
    g.rank = run_interruptible([T] { return nmod_mat_rank(T->m); });  // beside Ctrl-C and --time-limit
    g.a_points.resize(s), g.b_points.resize(s);
    if (g.rank >= target) break;
  }
  return g;
}

}  // namespace seprank
