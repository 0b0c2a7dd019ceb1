#include "seprank/separation.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_map>
#include <map>
#include <set>

#include <flint/nmod_mat.h>
#include <flint/ulong_extras.h>

#include "seprank/errors.hpp"
#include "seprank/interrupt.hpp"
#include "seprank/monomials.hpp"
#include "seprank/network.hpp"
#include "seprank/random.hpp"

namespace seprank {
namespace {

using exponent_vector = std::vector<unsigned long>;

// Union-find over degree nodes: A-degree d is node 2d, B-degree d is node 2d + 1.
struct degree_components {
  std::map<int, int> parent;
  int find(int x) {
    if (!parent.count(x)) parent[x] = x;
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void join(int a, int b) { parent[find(a)] = find(b); }
};

std::uint64_t multichoose(std::uint64_t n, std::uint64_t k) {
  const auto b = binomial(n + k - 1, k, 1ULL << 62);
  return b.value;
}

std::string plural(long n, const char* what) { return std::to_string(n) + " " + what + (n == 1 ? "" : "s"); }

}  // namespace

long coefficient_matrix::rows() const {
  long n = 0;
  for (const auto& b : blocks) n += b.matrix.rows;
  return n;
}
long coefficient_matrix::cols() const {
  long n = 0;
  for (const auto& b : blocks) n += b.matrix.cols;
  return n;
}
long coefficient_matrix::nonzeros() const {
  long n = 0;
  for (const auto& b : blocks) n += static_cast<long>(b.matrix.entries.size());
  return n;
}
std::uint64_t coefficient_matrix::largest_block_entries() const {
  std::uint64_t m = 0;
  for (const auto& b : blocks)
    m = std::max(m, static_cast<std::uint64_t>(b.matrix.rows) * static_cast<std::uint64_t>(b.matrix.cols));
  return m;
}

std::vector<bool> partition_mask(const network_config& c, const partition& p) {
  std::vector<bool> mask(c.variable_count());
  for (int j = 1; j <= c.N; ++j)
    for (int r = 1; r <= c.dx; ++r) mask[c.variable(j, r)] = p.in_A(j);
  return mask;
}

coefficient_matrix build_coefficient_matrix(const polynomial& y, const std::vector<bool>& is_A) {
  coefficient_matrix m;
  for (int v = 0; v < static_cast<int>(is_A.size()); ++v) (is_A[v] ? m.a_vars : m.b_vars).push_back(v);
  const long n = y.term_count();
  exponent_vector e(y.ring()->variable_count());
  auto side_degree = [&e](const std::vector<int>& vars) {
    int d = 0;
    for (int v : vars) d += static_cast<int>(e[v]);
    return d;
  };
  // Pass 1: degrees of every term, and the components they connect.
  std::vector<std::pair<int, int>> degrees(n);
  degree_components comp;
  for (long t = 0; t < n; ++t) {
    y.exponents(t, e.data());
    degrees[t] = {side_degree(m.a_vars), side_degree(m.b_vars)};
    comp.join(2 * degrees[t].first, 2 * degrees[t].second + 1);
  }
  // Blocks ordered by their smallest B-degree.
  std::map<int, int> min_b;  // root -> smallest B-degree
  for (const auto& [da, db] : degrees) {
    const int root = comp.find(2 * da);
    min_b[root] = min_b.count(root) ? std::min(min_b[root], db) : db;
  }
  std::vector<std::pair<int, int>> order;  // (min B-degree, root)
  for (const auto& [root, d] : min_b) order.emplace_back(d, root);
  std::sort(order.begin(), order.end());
  std::map<int, std::size_t> block_of;
  for (const auto& [d, root] : order) block_of[root] = block_of.size();
  m.blocks.resize(order.size());
  // Pass 2: rows and columns in order of first appearance (FLINT's lexicographic term order),
  // keyed by the packed exponents of each side.
  std::vector<std::unordered_map<std::string, long>> rows(m.blocks.size()), cols(m.blocks.size());
  std::vector<std::set<int>> ad(m.blocks.size()), bd(m.blocks.size());
  auto index_of = [&e](const std::vector<int>& vars, std::unordered_map<std::string, long>& index,
                       std::vector<exponent_vector>& monomials) {
    std::string key(vars.size() * sizeof(std::uint32_t), '\0');
    exponent_vector mono(vars.size());
    for (std::size_t k = 0; k < vars.size(); ++k) {
      const auto x = static_cast<std::uint32_t>(e[vars[k]]);
      std::memcpy(&key[k * sizeof x], &x, sizeof x);
      mono[k] = e[vars[k]];
    }
    const auto [it, fresh] = index.emplace(std::move(key), static_cast<long>(monomials.size()));
    if (fresh) monomials.push_back(std::move(mono));
    return it->second;
  };
  for (long t = 0; t < n; ++t) {
    y.exponents(t, e.data());
    const std::size_t b = block_of[comp.find(2 * degrees[t].first)];
    auto& blk = m.blocks[b];
    const long r = index_of(m.a_vars, rows[b], blk.row_monomials);
    const long c = index_of(m.b_vars, cols[b], blk.col_monomials);
    blk.matrix.entries.push_back({r, c, y.coefficient(t)});
    ad[b].insert(degrees[t].first);
    bd[b].insert(degrees[t].second);
  }
  for (std::size_t b = 0; b < m.blocks.size(); ++b) {
    auto& blk = m.blocks[b];
    blk.matrix.rows = static_cast<long>(blk.row_monomials.size());
    blk.matrix.cols = static_cast<long>(blk.col_monomials.size());
    blk.a_degrees.assign(ad[b].begin(), ad[b].end());
    blk.b_degrees.assign(bd[b].begin(), bd[b].end());
  }
  return m;
}

void require_rank_fits(const coefficient_matrix& m, const rank_limits& lim) {
  const std::uint64_t big = m.largest_block_entries();
  if (big > lim.max_dense_entries)
    throw resource_error("rank refused: the largest block of the coefficient matrix has " + std::to_string(big) +
                         " entries (" + std::to_string(big * 8 / (1 << 20)) + " MiB dense mod p; limit " +
                         std::to_string(lim.max_dense_entries) + " entries, raise with --max-dense-entries)");
}

rank_result certified_rank(const coefficient_matrix& m, std::uint64_t prime, const rank_limits& lim,
                           const std::function<long(const coefficient_block&)>& proven_upper) {
  require_rank_fits(m, lim);
  rank_result r;
  r.prime = prime;
  r.upper = 0;
  double log2h = 0;
  std::map<std::string, long> methods;
  for (const auto& blk : m.blocks) {
    block_rank b;
    b.rows = blk.matrix.rows;
    b.cols = blk.matrix.cols;
    b.rank_mod_p = rank_mod_p(blk.matrix, prime);
    check_interrupt();
    const long upper = proven_upper ? proven_upper(blk) : -1;
    if (b.rank_mod_p == std::min(b.rows, b.cols)) {
      b.exact = true, b.upper = b.rank_mod_p, b.method = "full rank mod p";
    } else if (upper >= 0 && upper == b.rank_mod_p) {
      b.exact = true, b.upper = upper, b.method = "rank mod p meets the Gram-form bound";
    } else if (static_cast<std::uint64_t>(b.rows) * static_cast<std::uint64_t>(b.cols) <= lim.max_exact_entries) {
      b.upper = exact_rank(blk.matrix);  // exact; >= rank mod p
      b.exact = true, b.method = "fraction-free elimination over Z";
      if (b.upper != b.rank_mod_p) b.method += " (p divided every maximal minor)";
    } else {
      b.upper = upper;
      b.method = "lower bound only";
      log2h = std::max(log2h, log2_hadamard_bound(blk.matrix));
    }
    ++methods[b.method];
    r.lower += b.exact ? b.upper : b.rank_mod_p;
    if (r.upper >= 0) r.upper = b.upper >= 0 ? r.upper + b.upper : -1;
    r.blocks.push_back(b);
  }
  if (!r.exact()) r.error_bound = rank_error_bound(log2h);
  for (const auto& [method, n] : methods)
    r.certificate += (r.certificate.empty() ? "" : "; ") + plural(n, "block") + ": " + method;
  return r;
}

gram_rank_result gram_rank(const network_config& c, const gram_form& g, std::uint64_t prime, const rank_limits& lim) {
  const int D = c.dx * (c.dx + 1) / 2;
  std::vector<std::string> names, tex;
  for (int r = 1; r <= c.dx; ++r) names.push_back("xi_" + std::to_string(r));
  for (const char* side : {"A", "B"})
    for (int a = 1; a <= c.dx; ++a)
      for (int b = a; b <= c.dx; ++b) names.push_back(std::string("M") + side + std::to_string(a) + "_" + std::to_string(b));
  const auto ring = std::make_shared<const polynomial_ring>(names);
  std::vector<polynomial> sum;  // m_ab -> MA_ab + MB_ab
  for (int k = 0; k < D; ++k)
    sum.push_back(polynomial::variable(ring, c.dx + k) + polynomial::variable(ring, c.dx + D + k));
  polynomial P(ring);
  for (int r = 0; r < c.dx; ++r) P += g.row[r].compose(ring, sum) * polynomial::variable(ring, r);
  std::vector<bool> mask(c.dx + 2 * D, false);
  std::fill(mask.begin(), mask.begin() + c.dx + D, true);
  gram_rank_result res;
  res.matrix = build_coefficient_matrix(P, mask);
  res.rank = certified_rank(res.matrix, prime, lim, nullptr);
  return res;
}

std::uint64_t gram_matrix_size_bound(const network_config& c, std::uint64_t cap) {
  const std::uint64_t D = static_cast<std::uint64_t>(c.dx) * (c.dx + 1) / 2;
  const std::uint64_t C = static_cast<std::uint64_t>(summed_index_count(c.L));
  const auto per_entry = binomial(2 * D + C - 1 + (c.residual ? 1 : 0), C, cap);
  if (per_entry.exceeds || per_entry.value > cap / static_cast<std::uint64_t>(c.dx)) return cap + 1;
  return per_entry.value * static_cast<std::uint64_t>(c.dx);
}

long gram_count_bound(const network_config& c, const partition& p, const coefficient_block& b) {
  if (c.residual || b.a_degrees.size() != 1 || b.b_degrees.size() != 1) return -1;
  const std::uint64_t D = static_cast<std::uint64_t>(c.dx) * (c.dx + 1) / 2;
  const std::uint64_t C = static_cast<std::uint64_t>(summed_index_count(c.L));
  const bool i_in_A = p.in_A(c.position);
  const int even_degree = i_in_A ? b.b_degrees[0] : b.a_degrees[0];
  if (even_degree % 2 != 0) return -1;
  const std::uint64_t k = static_cast<std::uint64_t>(even_degree / 2);
  if (k > C) return -1;
  const std::uint64_t plain = multichoose(D, k), with_xi = c.dx * multichoose(D, C - k);
  return static_cast<long>(std::min(plain, with_xi));
}

modp_network::modp_network(const network_config& c, const integer_weights& w, std::uint64_t p)
    : cfg_(c), p_(p), pinv_(n_preinvert_limb(p)) {
  auto reduce = [p](long x) {
    const long r = x % static_cast<long>(p);
    return static_cast<std::uint64_t>(r < 0 ? r + static_cast<long>(p) : r);
  };
  for (const auto& layer : w.layers)
    for (const auto& h : layer)
      for (const auto* m : {&h.Q, &h.K, &h.V, &h.O})
        for (long v : m->data()) weights_.push_back(reduce(v));
}

std::uint64_t modp_network::evaluate(std::vector<std::uint64_t>& x, std::vector<std::uint64_t>& scratch) const {
  const int N = cfg_.N, dx = cfg_.dx, da = cfg_.head_size();
  const std::size_t head = 4 * static_cast<std::size_t>(da) * dx;  // Q, K, V, O
  scratch.assign(static_cast<std::size_t>(N) * dx + 2 * static_cast<std::size_t>(N) * da + da * da + 2 * da, 0);
  std::uint64_t* y = scratch.data();         // N x dx: the layer output
  std::uint64_t* v = y + N * dx;             // N x da: W^V x^j
  std::uint64_t* k = v + N * da;             // N x da: W^K x^j
  std::uint64_t* S = k + N * da;             // da x da: sum_j v_j k_j^T
  std::uint64_t* q = S + da * da;            // da: W^Q x^i
  std::uint64_t* t = q + da;                 // da: S q
  auto mul = [this](std::uint64_t a, std::uint64_t b) { return n_mulmod2_preinv(a, b, p_, pinv_); };
  auto add = [this](std::uint64_t a, std::uint64_t b) { return n_addmod(a, b, p_); };
  auto apply = [&](const std::uint64_t* W, int rows, const std::uint64_t* in, int cols, std::uint64_t* out) {
    for (int r = 0; r < rows; ++r) {
      std::uint64_t acc = 0;
      for (int c = 0; c < cols; ++c) acc = add(acc, mul(W[r * cols + c], in[c]));
      out[r] = acc;
    }
  };
  const std::uint64_t* W = weights_.data();
  for (int l = 0; l < cfg_.L; ++l) {
    const bool last = l + 1 == cfg_.L;
    std::fill(y, y + N * dx, 0);
    for (int h = 0; h < cfg_.H; ++h, W += head) {
      const std::uint64_t *WQ = W, *WK = W + da * dx, *WV = W + 2 * da * dx, *WO = W + 3 * da * dx;
      std::fill(S, S + da * da, 0);
      for (int j = 0; j < N; ++j) {
        apply(WV, da, &x[j * dx], dx, v + j * da);
        apply(WK, da, &x[j * dx], dx, k + j * da);
        for (int a = 0; a < da; ++a)
          for (int b = 0; b < da; ++b) S[a * da + b] = add(S[a * da + b], mul(v[j * da + a], k[j * da + b]));
      }
      for (int i = last ? cfg_.position - 1 : 0; i < (last ? cfg_.position : N); ++i) {
        apply(WQ, da, &x[i * dx], dx, q);
        apply(S, da, q, da, t);
        for (int r = 0; r < dx; ++r) {
          std::uint64_t acc = 0;
          for (int a = 0; a < da; ++a) acc = add(acc, mul(WO[r * da + a], t[a]));
          y[i * dx + r] = add(y[i * dx + r], acc);
        }
      }
    }
    if (cfg_.residual)
      for (int z = 0; z < N * dx; ++z) y[z] = add(y[z], x[z]);
    std::copy(y, y + N * dx, x.begin());
  }
  return x[(cfg_.position - 1) * dx + cfg_.entry - 1];
}

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
    nmod_mat_t T;
    nmod_mat_init(T, s, s, g.prime);
    for (long u = 0; u < s; ++u) {
      for (long v = 0; v < s; ++v) {
        for (int j = 1; j <= c.N; ++j)
          for (int r = 1; r <= c.dx; ++r) {
            const int var = c.variable(j, r);
            x[var] = part.in_A(j) ? coordinate(0, u, var) : coordinate(1, v, var);
          }
        nmod_mat_entry(T, u, v) = net.evaluate(x, scratch);
      }
      check_interrupt();
    }
    g.rank = nmod_mat_rank(T);
    nmod_mat_clear(T);
    g.points = s;
    if (g.rank < s) {
      g.stop = "the rank stopped growing (rank < number of points)";
      break;
    }
    if (upper >= 0 && g.rank >= upper) {
      g.stop = "the rank reached the proven upper bound";
      break;
    }
    if (2 * s > max_points) {
      g.stop = "the point limit was reached (raise with --max-grid-points)";
      break;
    }
  }
  return g;
}

}  // namespace seprank
