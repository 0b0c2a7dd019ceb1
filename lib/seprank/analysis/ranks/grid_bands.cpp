#include "seprank/analysis/ranks/grid_bands.hpp"

#include <algorithm>
#include <stdexcept>

#include "seprank/analysis/estimates.hpp"
#include "seprank/analysis/ranks/grid_tensor.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/engine/modp_network.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/parallel.hpp"
#include "seprank/support/random.hpp"

namespace seprank {

std::uint64_t grid_coordinate(std::uint64_t seed, int side, long u, int var, std::uint64_t p) {
  return splitmix_hash(seed * 1000003 + static_cast<std::uint64_t>(side) * 7919 +
                       splitmix_hash(static_cast<std::uint64_t>(u) * 131071 + static_cast<std::uint64_t>(var))) %
         p;
}

std::uint64_t graded_grid_prime(std::uint64_t seed) { return draw_prime(stream_seed(seed, random_stream::grid), 28); }

long grid_band_first_v(const grid_band& b, long u) { return u < b.s_old ? b.s_old : 0; }

std::vector<grid_band> grid_round_bands(long s, long s_old) {
  std::vector<grid_band> out;
  for (long u = 0; u < s; u += grid_band_rows) out.push_back({s, s_old, u, std::min(s, u + grid_band_rows)});
  return out;
}

long grid_band_pairs(const grid_band& b) {
  long n = 0;
  for (long u = b.from; u < b.to; ++u) n += b.s - grid_band_first_v(b, u);
  return n;
}

std::string grid_band_name(const grid_band& b) {
  return "s=" + std::to_string(b.s) + " from=" + std::to_string(b.s_old) + " u=" + std::to_string(b.from) + ".." +
         std::to_string(b.to - 1);
}

std::string grid_band_batch_config(const network_config& c, const grid_request& r) {
  std::string s = "L=" + std::to_string(c.L) + " dx=" + std::to_string(c.dx) + " H=" + std::to_string(c.H) +
                  " N=" + std::to_string(c.N) + " position=" + std::to_string(c.position) +
                  " entry=" + std::to_string(c.entry) + " residual=" + std::to_string(c.residual ? 1 : 0) + " A=";
  for (std::size_t i = 0; i < r.part.A.size(); ++i) s += (i ? "," : "") + std::to_string(r.part.A[i]);
  return s + " seed=" + std::to_string(r.seed);
}

std::string grid_band_values(const network_config& c, const integer_weights& w, const grid_request& r,
                             const grid_band& b) {
  if (!grid_is_graded(c)) throw std::logic_error("grid bands: the grid of a residual network is not graded");
  const std::uint64_t p = graded_grid_prime(r.seed);
  const modp_network net(c, w, p);
  const int T = static_cast<int>(summed_index_count(c.L)) + 1;
  const bool even_is_B = r.part.in_A(c.position);
  std::vector<std::size_t> offset{0};  // byte offset of each row's values
  for (long u = b.from; u < b.to; ++u)
    offset.push_back(offset.back() + static_cast<std::size_t>(b.s - grid_band_first_v(b, u)) * T * 4);
  std::string out(offset.back(), '\0');
  auto evaluate_rows = [&](long from, long to) {
    std::vector<std::uint64_t> x(c.variable_count()), scratch;
    for (long u = from; u < to; ++u) {
      auto* o = reinterpret_cast<unsigned char*>(out.data()) + offset[static_cast<std::size_t>(u - b.from)];
      for (long v = grid_band_first_v(b, u); v < b.s; ++v)
        for (int t = 0; t < T; ++t) {
          for (int j = 1; j <= c.N; ++j) {
            const bool in_A = r.part.in_A(j), even = in_A != even_is_B;
            for (int q = 1; q <= c.dx; ++q) {
              const int var = c.variable(j, q);
              const std::uint64_t a = grid_coordinate(r.seed, in_A ? 0 : 1, in_A ? u : v, var, p);
              x[var] = even ? a * static_cast<std::uint64_t>(t + 1) % p : a;
            }
          }
          const std::uint64_t y = net.evaluate(x, scratch);
          for (int byte = 0; byte < 4; ++byte) *o++ = static_cast<unsigned char>(y >> (8 * byte));
        }
    }
  };
  const long chunk = 2L * std::max(1, r.threads);  // rows between checks for an interrupt
  for (long u0 = b.from; u0 < b.to; u0 += chunk) {
    const long u1 = std::min(b.to, u0 + chunk);
    parallel_for(static_cast<std::size_t>(u1 - u0), r.threads, [&](std::size_t from, std::size_t to) {
      evaluate_rows(u0 + static_cast<long>(from), u0 + static_cast<long>(to));
    });
    check_interrupt();
  }
  return out;
}

}  // namespace seprank
