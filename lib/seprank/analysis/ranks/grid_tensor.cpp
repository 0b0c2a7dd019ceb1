#include "seprank/analysis/ranks/grid_tensor.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>

#include <flint/ulong_extras.h>
#include <nlohmann/json.hpp>

#include "seprank/analysis/estimates.hpp"
#include "seprank/analysis/paper/gram_count.hpp"
#include "seprank/analysis/ranks/minor_relations.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/engine/modp_network.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/random.hpp"

namespace seprank {

bool grid_rank_result::exact() const {
  return graded && std::all_of(blocks.begin(), blocks.end(), [](const grid_block& b) { return b.exact(); });
}

bool grid_rank_result::contradicted() const {
  return (upper >= 0 && rank > upper) ||
         std::any_of(blocks.begin(), blocks.end(), [](const grid_block& b) { return b.contradicted(); });
}

namespace {

constexpr long grid_margin = 8;  // points beyond a block's upper bound

// A grid's rank mod p (up to 1024 x 1024, one elimination that is not split): on a thread of its own, so that Ctrl-C
// and --time-limit are answered within 20 ms (support/interrupt.hpp).
long rank_beside_checks(const std::shared_ptr<nmod_matrix>& T) {
  return run_interruptible([T] { return nmod_mat_rank(T->m); });
}

grid_rank_result ungraded_grid_rank(const network_config& c, const integer_weights& w, const partition& part,
                                    std::uint64_t seed, long upper, long max_points) {
  grid_rank_result g;
  g.upper = upper;
  g.prime = draw_prime(stream_seed(seed, random_stream::grid));
  const modp_network net(c, w, g.prime);
  auto coordinate = [&](int side, long u, int var) { return grid_coordinate(seed, side, u, var, g.prime); };
  std::vector<std::uint64_t> x(c.variable_count()), scratch;
  for (long s = 8;; s *= 2) {
    const auto T = std::make_shared<nmod_matrix>(s, s, g.prime);
    for (long u = 0; u < s; ++u) {
      for (long v = 0; v < s; ++v) {
        for (int j = 1; j <= c.N; ++j)
          for (int r = 1; r <= c.dx; ++r) {
            const int var = c.variable(j, r);
            x[var] = part.in_A(j) ? coordinate(0, u, var) : coordinate(1, v, var);
          }
        nmod_mat_entry(T->m, u, v) = net.evaluate(x, scratch);
      }
      check_interrupt();
    }
    g.evaluations += static_cast<std::uint64_t>(s) * static_cast<std::uint64_t>(s);
    g.rank = rank_beside_checks(T);
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

// Reads a band's values into f (f[(u * s + v) * T + t]).
void read_band(const grid_band& b, const std::string& values, int T, std::vector<std::uint32_t>& f) {
  if (values.size() != static_cast<std::size_t>(grid_band_pairs(b)) * static_cast<std::size_t>(T) * 4)
    throw std::logic_error("grid band " + grid_band_name(b) + ": " + std::to_string(values.size()) +
                           " bytes, expected " + std::to_string(grid_band_pairs(b) * T * 4));
  const auto* in = reinterpret_cast<const unsigned char*>(values.data());
  for (long u = b.from; u < b.to; ++u)
    for (long v = grid_band_first_v(b, u); v < b.s; ++v)
      for (int t = 0; t < T; ++t, in += 4)
        f[(static_cast<std::size_t>(u) * b.s + v) * T + t] =
            static_cast<std::uint32_t>(in[0]) | static_cast<std::uint32_t>(in[1]) << 8 |
            static_cast<std::uint32_t>(in[2]) << 16 | static_cast<std::uint32_t>(in[3]) << 24;
}

// Block k's upper bound (the smallest of the monomial counts of its two sides, its Gram count and the Gram
// rank's block when known) for every k = 0..C.
std::vector<grid_block> graded_grid_blocks(const network_config& c, int C, int even_positions,
                                           const std::vector<long>& gram_blocks) {
  const std::uint64_t n_even = static_cast<std::uint64_t>(even_positions) * c.dx;
  const std::uint64_t n_odd = static_cast<std::uint64_t>(c.N - even_positions) * c.dx;
  std::vector<grid_block> blocks;
  for (int k = 0; k <= C; ++k) {
    grid_block b;
    b.k = k;
    const std::uint64_t cap = std::uint64_t{1} << 40;
    const auto even = multichoose_capped(n_even, 2 * static_cast<std::uint64_t>(k), cap);
    const auto odd = multichoose_capped(n_odd, 2 * static_cast<std::uint64_t>(C - k) + 1, cap);
    std::uint64_t bound = std::min(even.exceeds ? cap : even.value, odd.exceeds ? cap : odd.value);
    if (bound < cap) b.bound = grid_bound::monomial_count;
    const big_int count = block_gram_count(c, static_cast<unsigned>(k));
    if (count < big_int(bound)) bound = count.convert_to<std::uint64_t>(), b.bound = grid_bound::gram_count;
    if (k < static_cast<int>(gram_blocks.size()) && gram_blocks[k] >= 0 &&
        static_cast<std::uint64_t>(gram_blocks[k]) < bound)
      bound = static_cast<std::uint64_t>(gram_blocks[k]), b.bound = grid_bound::gram_block;
    if (bound < cap) b.upper = static_cast<long>(bound);
    blocks.push_back(b);
  }
  return blocks;
}

// Vinv (T x T, mod p): the inverse of the Vandermonde matrix V[t][k] = mu_t^k in mu_t = (t+1)^2.
void invert_vandermonde(nmod_matrix& Vinv, int T, std::uint64_t p) {
  nmod_matrix V(T, T, p);
  for (int t = 0; t < T; ++t) {
    const std::uint64_t mu = static_cast<std::uint64_t>(t + 1) * static_cast<std::uint64_t>(t + 1) % p;
    std::uint64_t pw = 1;
    for (int k = 0; k < T; ++k, pw = n_mulmod2_preinv(pw, mu, p, n_preinvert_limb(p))) nmod_mat_entry(V.m, t, k) = pw;
  }
  if (!nmod_mat_inv(Vinv.m, V.m)) throw std::logic_error("graded grid: singular Vandermonde matrix");
}

// Ranks every block on the first s x s points (capped at its bound plus the margin) of the values f; true when
// a block is still of full rank and may grow.
bool rank_grid_blocks(grid_rank_result& g, const std::vector<std::uint32_t>& f, long s, const nmod_matrix& Vinv) {
  const std::uint64_t p = g.prime;
  const int T = static_cast<int>(g.blocks.size());
  bool more = false;
  g.rank = 0;
  g.points = 0;
  for (auto& b : g.blocks) {
    b.points = b.upper >= 0 ? std::min(s, b.upper + grid_margin) : s;
    const auto G = std::make_shared<nmod_matrix>(b.points, b.points, p);
    const std::uint64_t* vk = &nmod_mat_entry(Vinv.m, b.k, 0);
    for (long u = 0; u < b.points; ++u)
      for (long v = 0; v < b.points; ++v) {
        const std::uint32_t* fv = &f[(static_cast<std::size_t>(u) * s + v) * T];
        std::uint64_t acc = 0;  // T <= 255 products below 2^56
        for (int t = 0; t < T; ++t) acc += vk[t] * fv[t];
        nmod_mat_entry(G->m, u, v) = acc % p;
      }
    b.rank = rank_beside_checks(G);
    check_interrupt();
    g.rank += b.rank;
    g.points = std::max(g.points, b.points);
    if (b.rank == b.points && !b.exact() && !b.contradicted()) more = true;  // still of full rank: may grow
  }
  return more;
}

// The graded grid (see the header): values f_t(u, v) = y(a_u, (t+1) b_v) for t = 0..C, then
// y_k(a_u, b_v) = sum_t Vinv[k][t] f_t(u, v) with V[t][k] = ((t+1)^2)^k.
grid_rank_result graded_grid_rank(const network_config& c, const integer_weights& w, const grid_request& r) {
  const long max_points = r.max_points;
  grid_rank_result g;
  g.graded = true;
  g.prime = graded_grid_prime(r.seed);
  const std::uint64_t p = g.prime;
  const int C = static_cast<int>(summed_index_count(c.L)), T = C + 1;
  const bool even_is_B = r.part.in_A(c.position);
  const int even_positions = static_cast<int>(even_is_B ? r.part.B.size() : r.part.A.size());
  const int odd_positions = c.N - even_positions;
  g.blocks = graded_grid_blocks(c, C, even_positions, r.gram_blocks);
  bool all_bounded = true;
  long target = 0;
  for (const auto& b : g.blocks) {
    all_bounded = all_bounded && b.upper >= 0;
    target = std::max(target, b.upper + grid_margin);
  }
  nmod_matrix Vinv(T, T, p);
  invert_vandermonde(Vinv, T, p);
  std::vector<std::uint32_t> f;  // f[(u * s + v) * T + t]
  long s_old = 0;
  long s = all_bounded ? std::min(max_points, std::max<long>(target, 8)) : std::min<long>(8, max_points);
  for (;;) {
    // The pairs not yet known, band by band (units of work), keeping the earlier ones.
    std::vector<std::uint32_t> next(static_cast<std::size_t>(s) * s * T);
    for (long u = 0; u < s_old; ++u)
      std::copy(f.begin() + u * s_old * T, f.begin() + (u + 1) * s_old * T, next.begin() + u * s * T);
    f.swap(next);
    const std::vector<grid_band> bands = grid_round_bands(s, s_old);
    if (r.bands) {
      const std::vector<std::string> values = r.bands(bands);
      for (std::size_t i = 0; i < bands.size(); ++i) read_band(bands[i], values.at(i), T, f);
    } else {
      for (const auto& b : bands) read_band(b, grid_band_values(c, w, r, b), T, f);
    }
    g.evaluations += (static_cast<std::uint64_t>(s) * s - static_cast<std::uint64_t>(s_old) * s_old) * T;
    const bool more = rank_grid_blocks(g, f, s, Vinv);
    if (more && 2 * s <= max_points) {
      s_old = s;
      s *= 2;
      continue;
    }
    // Stopping. Blocks whose rank stopped below the points (the others are capped): the finite-N side
    // bounds may meet them (the ranks stay as measured).
    for (auto& b : g.blocks) {
      if (b.exact() || b.rank == b.points || b.contradicted()) continue;
      for (const long side : {even_side_bound(c.dx, even_positions, b.k, p, r.max_side_entries),
                              odd_side_bound(c.dx, odd_positions, C - b.k, p, r.max_side_entries)})
        if (side >= 0 && (b.upper < 0 || side < b.upper)) b.upper = side, b.bound = grid_bound::side_relations;
    }
    g.stop = more        ? grid_stop::point_limit
             : g.exact() ? grid_stop::reached_upper_bound
                         : grid_stop::rank_stopped_growing;
    break;
  }
  return g;
}

}  // namespace

grid_rank_result grid_rank(const network_config& c, const integer_weights& w, const grid_request& r) {
  if (!grid_is_graded(c)) return ungraded_grid_rank(c, w, r.part, r.seed, r.upper, r.max_points);
  return graded_grid_rank(c, w, r);
}

std::string grid_batch_config(const network_config& c, const grid_request& r) {
  std::string s = "L=" + std::to_string(c.L) + " dx=" + std::to_string(c.dx) + " H=" + std::to_string(c.H) +
                  " N=" + std::to_string(c.N) + " position=" + std::to_string(c.position) +
                  " entry=" + std::to_string(c.entry) + " residual=" + std::to_string(c.residual ? 1 : 0) + " A=";
  for (std::size_t i = 0; i < r.part.A.size(); ++i) s += (i ? "," : "") + std::to_string(r.part.A[i]);
  s += " seed=" + std::to_string(r.seed) + " upper=" + std::to_string(r.upper) +
       " max_points=" + std::to_string(r.max_points) + " gram_blocks=";
  for (std::size_t k = 0; k < r.gram_blocks.size(); ++k) s += (k ? "," : "") + std::to_string(r.gram_blocks[k]);
  // A smaller side-bound limit (--max-memory) may leave a block's upper bound weaker: another result, another key.
  if (r.max_side_entries != side_bound_max_entries) s += " side_entries=" + std::to_string(r.max_side_entries);
  return s;
}

std::string unit_schema<grid_rank_result>::to_stored(const grid_rank_result& g) {
  nlohmann::ordered_json blocks = nlohmann::ordered_json::array();
  for (const auto& b : g.blocks)
    blocks.push_back(
        {{"k", b.k}, {"bound", static_cast<int>(b.bound)}, {"rank", b.rank}, {"points", b.points}, {"upper", b.upper}});
  const nlohmann::ordered_json j = {{"rank", g.rank},
                                    {"points", g.points},
                                    {"prime", g.prime},
                                    {"stop", static_cast<int>(g.stop)},
                                    {"graded", g.graded},
                                    {"blocks", blocks},
                                    {"evaluations", g.evaluations},
                                    {"upper", g.upper}};
  return j.dump();
}

grid_rank_result unit_schema<grid_rank_result>::from_stored(const std::string& data) {
  const nlohmann::json j = nlohmann::json::parse(data);
  grid_rank_result g;
  j.at("rank").get_to(g.rank), j.at("points").get_to(g.points), j.at("prime").get_to(g.prime);
  g.stop = static_cast<grid_stop>(j.at("stop").get<int>());
  j.at("graded").get_to(g.graded), j.at("evaluations").get_to(g.evaluations), j.at("upper").get_to(g.upper);
  for (const auto& b : j.at("blocks"))
    g.blocks.push_back({b.at("k").get<int>(), static_cast<grid_bound>(b.at("bound").get<int>()),
                        b.at("rank").get<long>(), b.at("points").get<long>(), b.at("upper").get<long>()});
  return g;
}

}  // namespace seprank
