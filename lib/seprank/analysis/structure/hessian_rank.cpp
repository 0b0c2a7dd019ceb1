#include "seprank/analysis/structure/hessian_rank.hpp"

#include <stdexcept>

#include <flint/nmod_mat.h>
#include <flint/nmod_vec.h>

#include <flint/ulong_extras.h>
#include "seprank/analysis/paper/lower_bound.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/random.hpp"

namespace seprank {
namespace {

using vec = std::vector<std::uint64_t>;

struct field {
  nmod_t mod;
  explicit field(std::uint64_t p) { nmod_init(&mod, p); }
  std::uint64_t of(long v) const {
    const std::uint64_t a = static_cast<std::uint64_t>(v < 0 ? -v : v) % mod.n;
    return v < 0 && a ? mod.n - a : a;
  }
  std::uint64_t mul(std::uint64_t a, std::uint64_t b) const { return nmod_mul(a, b, mod); }
  std::uint64_t add(std::uint64_t a, std::uint64_t b) const { return nmod_add(a, b, mod); }
  std::uint64_t sub(std::uint64_t a, std::uint64_t b) const { return nmod_sub(a, b, mod); }
};

// d x d matrices mod p, row-major.
struct square {
  int d;
  vec a;
  explicit square(int n) : d(n), a(static_cast<std::size_t>(n) * n, 0) {}
  std::uint64_t& at(int i, int j) { return a[static_cast<std::size_t>(i) * d + j]; }
  std::uint64_t at(int i, int j) const { return a[static_cast<std::size_t>(i) * d + j]; }
  static square identity(int n) {
    square s(n);
    for (int i = 0; i < n; ++i) s.at(i, i) = 1;
    return s;
  }
};

square of_integers(const std::vector<long>& v, int d, const field& F) {
  square s(d);
  for (std::size_t k = 0; k < v.size(); ++k) s.a[k] = F.of(v[k]);
  return s;
}

square transpose(const square& x) {
  square t(x.d);
  for (int i = 0; i < x.d; ++i)
    for (int j = 0; j < x.d; ++j) t.at(j, i) = x.at(i, j);
  return t;
}

square product(const square& x, const square& y, const field& F) {
  const int d = x.d;
  square z(d);
  for (int i = 0; i < d; ++i)
    for (int k = 0; k < d; ++k) {
      const std::uint64_t xik = x.at(i, k);
      if (!xik) continue;
      for (int j = 0; j < d; ++j) z.at(i, j) = F.add(z.at(i, j), F.mul(xik, y.at(k, j)));
    }
  return z;
}

vec apply(const square& x, const vec& v, const field& F) {  // x v
  vec out(static_cast<std::size_t>(x.d), 0);
  for (int i = 0; i < x.d; ++i)
    out[i] = _nmod_vec_dot(&x.a[static_cast<std::size_t>(i) * x.d], v.data(), x.d, F.mod,
                           _nmod_vec_dot_bound_limbs(x.d, F.mod));
  return out;
}

// The entries M_ab, a <= b, numbered row by row.
std::vector<std::pair<int, int>> entry_pairs(int d) {
  std::vector<std::pair<int, int>> e;
  for (int a = 0; a < d; ++a)
    for (int b = a; b < d; ++b) e.emplace_back(a, b);
  return e;
}

// gamma = b^T R_l(M) b and b^T A_l(M) by the recursion A_0 = I, R_j = A_j M A_j^T, A_{j+1} = R_j Q_j A_j.
struct recursion_values {
  std::uint64_t gamma;
  vec f_row;
};
recursion_values recursion_at(const hessian_block_data& x, const square& M, const field& F) {
  square A = square::identity(x.d);
  for (int j = 0; j < x.level; ++j) {
    const square R = product(product(A, M, F), transpose(A), F);
    A = product(product(R, of_integers(x.Q[j], x.d, F), F), A, F);
  }
  const square R = product(product(A, M, F), transpose(A), F);
  vec b(static_cast<std::size_t>(x.d));
  for (int i = 0; i < x.d; ++i) b[i] = F.of(x.b[i]);
  const vec Rb = apply(R, b, F);
  recursion_values out;
  out.gamma = _nmod_vec_dot(b.data(), Rb.data(), x.d, F.mod, _nmod_vec_dot_bound_limbs(x.d, F.mod));
  out.f_row = apply(transpose(A), b, F);
  return out;
}

// The word of gamma: tokens M, Q_j or Q_j^T. W_0 = (), W_{j+1} = W_j M W_j^T Q_j W_j, gamma = b^T W_l M W_l^T b.
struct token {
  int kind;  // 0: M, 1: Q_j, 2: Q_j^T
  int j;
};
std::vector<token> transposed(const std::vector<token>& w) {
  std::vector<token> t(w.rbegin(), w.rend());
  for (auto& k : t)
    if (k.kind) k.kind = 3 - k.kind;
  return t;
}
std::vector<token> gamma_word(int level) {
  std::vector<token> W;
  for (int j = 0; j < level; ++j) {
    std::vector<token> next = W;
    next.push_back({0, 0});
    const auto WT = transposed(W);
    next.insert(next.end(), WT.begin(), WT.end());
    next.push_back({1, j});
    next.insert(next.end(), W.begin(), W.end());
    W = std::move(next);
  }
  std::vector<token> g = W;
  g.push_back({0, 0});
  const auto WT = transposed(W);
  g.insert(g.end(), WT.begin(), WT.end());
  return g;
}

square matrix_of(const token& t, const std::vector<square>& Q, const std::vector<square>& QT) {
  return t.kind == 1 ? Q[t.j] : QT[t.j];
}

// The rank mod p of a D x D Hessian (row-major).
long rank_mod_p(const vec& H, long D, std::uint64_t p) {
  // One elimination (d = 64: 2080 x 2080) is not split: it runs beside check_interrupt (Ctrl-C, --time-limit).
  return run_interruptible([H, D, p] {
    nmod_matrix m(D, D, p);
    for (long i = 0; i < D; ++i)
      for (long j = 0; j < D; ++j) nmod_mat_entry(m.m, i, j) = H[static_cast<std::size_t>(i * D + j)];
    return nmod_mat_rank(m.m);
  });
}

}  // namespace

hessian_block_data draw_hessian_block(int d, int level, std::uint64_t seed, long range) {
  if (d < 1 || level < 1) throw std::invalid_argument("draw_hessian_block: d >= 1 and level >= 1");
  splitmix64 rng{seed};
  auto draw = [&] {
    const long v = static_cast<long>(rng.next() % static_cast<std::uint64_t>(2 * range)) - range;
    return v >= 0 ? v + 1 : v;  // nonzero, in [-range, range]
  };
  hessian_block_data x;
  x.d = d, x.level = level;
  x.Q.assign(level, std::vector<long>(static_cast<std::size_t>(d) * d));
  for (auto& q : x.Q)
    for (auto& v : q) v = draw();
  x.b.resize(d);
  for (auto& v : x.b) v = draw();
  x.N.assign(static_cast<std::size_t>(d) * d, 0);
  for (int a = 0; a < d; ++a)
    for (int b = a; b < d; ++b) x.N[a * d + b] = x.N[b * d + a] = draw();
  return x;
}

std::uint64_t gamma_mod_p(const hessian_block_data& x, std::uint64_t p) {
  const field F(p);
  return recursion_at(x, of_integers(x.N, x.d, F), F).gamma;
}

std::vector<std::uint64_t> f_row_mod_p(const hessian_block_data& x, std::uint64_t p) {
  const field F(p);
  return recursion_at(x, of_integers(x.N, x.d, F), F).f_row;
}

std::vector<std::uint64_t> gamma_hessian_mod_p(const hessian_block_data& x, std::uint64_t p) {
  const field F(p);
  const int d = x.d;
  const square N = of_integers(x.N, d, F);
  std::vector<square> Q, QT;
  for (const auto& q : x.Q) {
    Q.push_back(of_integers(q, d, F));
    QT.push_back(transpose(Q.back()));
  }
  // Split the word at its M's: pre M Seg_0 M Seg_1 ... M post (constant products between them).
  const std::vector<token> word = gamma_word(x.level);
  std::vector<square> segments{square::identity(d)};
  for (const token& t : word) {
    if (t.kind == 0)
      segments.push_back(square::identity(d));
    else
      segments.back() = product(segments.back(), matrix_of(t, Q, QT), F);
  }
  const int m = static_cast<int>(segments.size()) - 1;  // copies of M: 3^level
  const square& pre = segments.front();
  const square& post = segments.back();
  std::vector<square> seg(segments.begin() + 1, segments.end() - 1), segT;  // Seg_p between M_p and M_{p+1}
  for (const auto& s : seg) segT.push_back(transpose(s));
  vec b(static_cast<std::size_t>(d));
  for (int i = 0; i < d; ++i) b[i] = F.of(x.b[i]);
  // L_p: the column (b^T pre N Seg_0 ... Seg_{p-1})^T before M_p; R_p: the column Seg_p N ... post b after it.
  std::vector<vec> Lv(m), Rv(m);
  Lv[0] = apply(transpose(pre), b, F);
  for (int q = 1; q < m; ++q) Lv[q] = apply(segT[q - 1], apply(N, Lv[q - 1], F), F);
  Rv[m - 1] = apply(post, b, F);
  for (int q = m - 2; q >= 0; --q) Rv[q] = apply(seg[q], apply(N, Rv[q + 1], F), F);
  const auto entries = entry_pairs(d);
  const std::size_t D = entries.size();
  vec H(D * D, 0);
  // For the direction F_t = E_kl: Z_p = sum_{q>p} Mid_pq F R_q and Y_q = sum_{p<q} Mid_pq^T F L_p by their
  // recursions; d^2 gamma[E, F] = sum_p L_p^T E Z_p + sum_q Y_q^T E R_q, read off Theta = sum L Z^T + sum Y R^T.
  auto unit_times = [&](int k, int l, const vec& v) {  // E_kl v, E_kl = e_k e_l^T + e_l e_k^T (k < l), e_k e_k^T
    vec out(static_cast<std::size_t>(d), 0);
    if (k == l) {
      out[k] = v[k];
    } else {
      out[k] = v[l];
      out[l] = v[k];
    }
    return out;
  };
  std::vector<vec> Z(m), Y(m);
  square theta(d);
  for (std::size_t t = 0; t < D; ++t) {
    if (t % 64 == 0) check_interrupt();
    const auto [k, l] = entries[t];
    Z[m - 1].assign(d, 0);
    for (int q = m - 2; q >= 0; --q) {
      vec v = unit_times(k, l, Rv[q + 1]);
      const vec w = apply(N, Z[q + 1], F);
      for (int i = 0; i < d; ++i) v[i] = F.add(v[i], w[i]);
      Z[q] = apply(seg[q], v, F);
    }
    Y[0].assign(d, 0);
    for (int q = 1; q < m; ++q) {
      vec v = unit_times(k, l, Lv[q - 1]);
      const vec w = apply(N, Y[q - 1], F);
      for (int i = 0; i < d; ++i) v[i] = F.add(v[i], w[i]);
      Y[q] = apply(segT[q - 1], v, F);
    }
    std::fill(theta.a.begin(), theta.a.end(), 0);
    for (int q = 0; q < m; ++q)
      for (int i = 0; i < d; ++i) {
        const std::uint64_t li = Lv[q][i], yi = Y[q][i];
        for (int j = 0; j < d; ++j)
          theta.at(i, j) = F.add(theta.at(i, j), F.add(F.mul(li, Z[q][j]), F.mul(yi, Rv[q][j])));
      }
    for (std::size_t s = 0; s < D; ++s) {
      const auto [i, j] = entries[s];
      H[s * D + t] = i == j ? theta.at(i, i) : F.add(theta.at(i, j), theta.at(j, i));
    }
  }
  return H;
}

std::uint64_t gamma_hessian_entry_by_interpolation(const hessian_block_data& x, int s, int t, std::uint64_t p) {
  const field F(p);
  const int d = x.d;
  const auto entries = entry_pairs(d);
  long m = 1;
  for (int j = 0; j < x.level; ++j) m *= 3;  // gamma has degree 3^level
  // w_i = l_i'(0) for the Lagrange basis on the nodes 0..m: the coefficient of the linear term from values.
  vec w(static_cast<std::size_t>(m + 1), 0);
  for (long i = 0; i <= m; ++i) {
    if (i == 0) {
      for (long k = 1; k <= m; ++k) w[0] = F.sub(w[0], n_invmod(static_cast<std::uint64_t>(k), p));
      continue;
    }
    std::uint64_t num = 1, den = 1;
    for (long j = 0; j <= m; ++j) {
      if (j == i) continue;
      if (j != 0) num = F.mul(num, F.of(-j));
      den = F.mul(den, F.of(i - j));
    }
    w[i] = F.mul(num, n_invmod(den, p));
  }
  auto direction = [&](int e, std::uint64_t scale, square& M) {
    const auto [a, b] = entries[e];
    M.at(a, b) = F.add(M.at(a, b), scale);
    if (a != b) M.at(b, a) = F.add(M.at(b, a), scale);
  };
  std::uint64_t coefficient = 0;
  for (long i = 0; i <= m; ++i)
    for (long j = 0; j <= m; ++j) {
      square M = of_integers(x.N, d, F);
      direction(s, F.of(i), M);
      direction(t, F.of(j), M);
      coefficient = F.add(coefficient, F.mul(F.mul(w[i], w[j]), recursion_at(x, M, F).gamma));
    }
  return coefficient;  // the coefficient of s't' in gamma(N + s' E_s + t' E_t), i.e. the mixed second derivative
}

std::uint64_t hessian_draw_seed(std::uint64_t seed, int d, int level, int attempt) {
  std::uint64_t h = splitmix_hash(seed ^ 0x6865737369616eULL);
  for (std::uint64_t v :
       {static_cast<std::uint64_t>(d), static_cast<std::uint64_t>(level), static_cast<std::uint64_t>(attempt)})
    h = splitmix_hash(h ^ v);
  return h;
}

block_hessian_rank block_hessian_rank_at(int d, int level, std::uint64_t seed, int attempt) {
  block_hessian_rank r;
  r.d = d, r.level = level, r.seed = seed, r.attempt = attempt;
  const std::uint64_t draw = hessian_draw_seed(seed, d, level, attempt);
  r.prime = draw_prime(draw);
  const hessian_block_data x = draw_hessian_block(d, level, draw);
  const field F(r.prime);
  const recursion_values v = recursion_at(x, of_integers(x.N, d, F), F);
  r.gamma_nonzero = v.gamma != 0;
  for (std::uint64_t c : v.f_row) r.f_nonzero = r.f_nonzero || c != 0;
  if (!r.gamma_nonzero || !r.f_nonzero) return r;
  r.rank = rank_mod_p(gamma_hessian_mod_p(x, r.prime), static_cast<long>(d) * (d + 1) / 2, r.prime);
  return r;
}

block_hessian_rank certify_block_hessian_rank(int d, int level, std::uint64_t seed) {
  block_hessian_rank r;
  for (int attempt = 0; attempt < 32; ++attempt) {
    r = block_hessian_rank_at(d, level, seed, attempt);
    if (r.gamma_nonzero && r.f_nonzero) return r;
  }
  r.rank = 0;
  return r;
}

namespace {

// Solves b^T S b = 0 mod p for b_0, the other b_j given; false when the quadratic has no root (or S_00 = 0).
bool solve_first_coordinate(const square& S, vec& b, const field& F) {
  const int d = S.d;
  std::uint64_t c = 0, e = 0;  // S_00 b_0^2 + 2 c b_0 + e
  for (int j = 1; j < d; ++j) {
    c = F.add(c, F.mul(S.at(0, j), b[j]));
    for (int l = 1; l < d; ++l) e = F.add(e, F.mul(F.mul(S.at(j, l), b[j]), b[l]));
  }
  const std::uint64_t s00 = S.at(0, 0), p = F.mod.n;
  if (!s00) return false;
  const std::uint64_t disc = F.sub(F.mul(c, c), F.mul(s00, e));
  const std::uint64_t root = disc ? n_sqrtmod(disc, p) : 0;
  if (disc && !root) return false;
  b[0] = F.mul(F.sub(root, c), n_invmod(s00, p));
  return true;
}

}  // namespace

moment_hessian_check check_moment_hessian_rank(int d, int level, std::uint64_t seed, bool on_gamma_zero) {
  if (d < 1 || level < 1) throw std::invalid_argument("check_moment_hessian_rank: d >= 1 and level >= 1");
  moment_hessian_check out;
  out.d = d, out.level = level, out.seed = seed, out.on_gamma_zero = on_gamma_zero;
  if (on_gamma_zero && d < 2) return out;  // gamma = b_0^2 M^g vanishes only where its Hessian does
  for (int attempt = 0; attempt < 64; ++attempt) {
    check_interrupt();
    const std::uint64_t draw =
        hessian_draw_seed(seed ^ (on_gamma_zero ? 0x7a65726fULL : 0x6d6f6dULL), d, level, attempt);
    const std::uint64_t p = draw_prime(draw);
    const field F(p);
    splitmix64 rng{draw};
    hessian_block_data x;
    x.d = d, x.level = level;
    x.Q.assign(level, std::vector<long>(static_cast<std::size_t>(d) * d, 0));
    for (auto& q : x.Q)
      for (int i = 0; i < d; ++i) q[static_cast<std::size_t>(i) * d + i] = 1;  // Q_j = I: gamma = b^T M^g b
    x.N.assign(static_cast<std::size_t>(d) * d, 0);
    for (int a = 0; a < d; ++a)
      for (int c = a; c < d; ++c) x.N[a * d + c] = x.N[c * d + a] = static_cast<long>(rng.next() % p);
    vec b(static_cast<std::size_t>(d));
    for (auto& v : b) v = rng.next() % p;
    const square M = of_integers(x.N, d, F);
    if (on_gamma_zero) {
      square S = square::identity(d);
      for (long k = 0, g = static_cast<long>(n_pow(3, static_cast<ulong>(level))); k < g; ++k) S = product(S, M, F);
      if (!solve_first_coordinate(S, b, F)) continue;
    }
    x.b.assign(b.begin(), b.end());
    out.attempt = attempt, out.prime = p, out.found = true;
    const recursion_values v = recursion_at(x, M, F);
    if (on_gamma_zero && v.gamma != 0)
      throw std::logic_error("check_moment_hessian_rank: the solved point is not on gamma = 0");
    for (std::uint64_t c : v.f_row) out.f_nonzero = out.f_nonzero || c != 0;
    const vec H = gamma_hessian_mod_p(x, p);
    // Euler: Hess(M) m = (g - 1) grad gamma(M), m the free entries M_ab (a <= b).
    const auto entries = entry_pairs(d);
    const std::size_t D = entries.size();
    for (std::size_t s = 0; s < D && !out.gradient_nonzero; ++s) {
      std::uint64_t g = 0;
      for (std::size_t t = 0; t < D; ++t) g = F.add(g, F.mul(H[s * D + t], M.at(entries[t].first, entries[t].second)));
      out.gradient_nonzero = g != 0;
    }
    out.rank = rank_mod_p(H, static_cast<long>(D), p);
    return out;
  }
  return out;
}

bool moment_hessian_row::agrees() const {
  const bool random_ok = random_point.found && big_int(random_point.rank) == rho;
  const bool zero_ok = d < 2 || (zero_point.found && big_int(zero_point.rank) == rho && zero_point.gradient_nonzero &&
                                 zero_point.f_nonzero);
  return random_ok && zero_ok;
}

moment_hessian_row moment_hessian_row_of(int d, int level, std::uint64_t seed) {
  moment_hessian_row r;
  r.d = d, r.level = level;
  r.g = power_of_three(level).convert_to<long>();
  r.rho = moment_hessian_rank(level, d);
  r.random_point = check_moment_hessian_rank(d, level, seed, false);
  r.zero_point = check_moment_hessian_rank(d, level, seed, true);
  r.general = certify_block_hessian_rank(d, level, seed);
  return r;
}

}  // namespace seprank
