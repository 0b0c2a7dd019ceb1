#include "seprank/engine/gamma_hessian.hpp"

#include <stdexcept>

#include <flint/nmod_mat.h>
#include <flint/nmod_vec.h>

#include <flint/ulong_extras.h>
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

// gamma = b^T R_l(M) b and b^T A_l(M) by the recursion A_0 = I, R_j = A_j M A_j^T, A_{j+1} = R_j Q_j A_j.
gamma_values recursion_at(const hessian_block_data& x, const square& M, const field& F) {
  square A = square::identity(x.d);
  for (int j = 0; j < x.level; ++j) {
    const square R = product(product(A, M, F), transpose(A), F);
    A = product(product(R, of_integers(x.Q[j], x.d, F), F), A, F);
  }
  const square R = product(product(A, M, F), transpose(A), F);
  vec b(static_cast<std::size_t>(x.d));
  for (int i = 0; i < x.d; ++i) b[i] = F.of(x.b[i]);
  const vec Rb = apply(R, b, F);
  gamma_values out;
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

gamma_values gamma_values_mod_p(const hessian_block_data& x, std::uint64_t p) {
  const field F(p);
  return recursion_at(x, of_integers(x.N, x.d, F), F);
}

std::uint64_t gamma_mod_p(const hessian_block_data& x, std::uint64_t p) { return gamma_values_mod_p(x, p).gamma; }

std::vector<std::uint64_t> f_row_mod_p(const hessian_block_data& x, std::uint64_t p) {
  return gamma_values_mod_p(x, p).f_row;
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
  const auto entries = symmetric_entry_pairs(d);
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
  const auto entries = symmetric_entry_pairs(d);
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

std::vector<std::pair<int, int>> symmetric_entry_pairs(int d) {
  std::vector<std::pair<int, int>> e;
  for (int a = 0; a < d; ++a)
    for (int b = a; b < d; ++b) e.emplace_back(a, b);
  return e;
}

long hessian_rank_mod_p(const std::vector<std::uint64_t>& H, long D, std::uint64_t p) {
  // One elimination (d = 64: 2080 x 2080) is not split: it runs beside check_interrupt.
  return run_interruptible([H, D, p] {
    nmod_matrix m(D, D, p);
    for (long i = 0; i < D; ++i)
      for (long j = 0; j < D; ++j) nmod_mat_entry(m.m, i, j) = H[static_cast<std::size_t>(i * D + j)];
    return nmod_mat_rank(m.m);
  });
}

}  // namespace seprank
