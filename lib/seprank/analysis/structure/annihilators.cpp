#include "seprank/analysis/structure/annihilators.hpp"

#include <algorithm>
#include <sstream>

#include <flint/ulong_extras.h>

#include "seprank/engine/polynomial.hpp"
#include "seprank/model/quantities.hpp"

namespace seprank {
namespace {

using zmatrix = dense_matrix<mpz_class>;

zmatrix mul(const zmatrix& x, const zmatrix& y) {
  zmatrix z(x.rows(), y.cols(), mpz_class(0));
  for (int i = 0; i < x.rows(); ++i)
    for (int j = 0; j < y.cols(); ++j) {
      mpz_class s = 0;
      for (int k = 0; k < x.cols(); ++k) s += x(i, k) * y(k, j);
      z(i, j) = s;
    }
  return z;
}

zmatrix to_z(const dense_matrix<long>& m) {
  zmatrix z(m.rows(), m.cols());
  for (int i = 0; i < m.rows(); ++i)
    for (int j = 0; j < m.cols(); ++j) z(i, j) = m(i, j);
  return z;
}

zmatrix symmetric_form(const zmatrix& K) {  // K + K^T: v^T K v = (1/2) v^T (K + K^T) v
  zmatrix S(K.rows(), K.cols());
  for (int i = 0; i < K.rows(); ++i)
    for (int j = 0; j < K.cols(); ++j) S(i, j) = K(i, j) + K(j, i);
  return S;
}

bool is_zero(const zmatrix& S) {
  return std::all_of(S.data().begin(), S.data().end(), [](const mpz_class& x) { return x == 0; });
}

bool proportional(const zmatrix& a, const zmatrix& b) {  // a = c b for a rational c != 0 (both nonzero)
  for (std::size_t i = 0; i < a.data().size(); ++i)
    for (std::size_t j = 0; j < a.data().size(); ++j)
      if (a.data()[i] * b.data()[j] != a.data()[j] * b.data()[i]) return false;
  return true;
}

std::uint64_t mulmod(std::uint64_t a, std::uint64_t b, std::uint64_t p) { return n_mulmod2(a, b, p); }
std::uint64_t inverse(std::uint64_t a, std::uint64_t p) { return n_invmod(a, p); }

std::uint64_t reduce(const mpz_class& x, std::uint64_t p) {
  mpz_class r = x % static_cast<unsigned long>(p);
  if (r < 0) r += static_cast<unsigned long>(p);
  return r.get_ui();
}

// The conic w^T S w in Z[x, y, z] after the shear z -> z + a x + b y (w = (x, y, z)).
polynomial conic(const zmatrix& S, const ring_ptr& ring, int a, int b) {
  std::ostringstream text;
  const std::string var[] = {"x", "y", "(z + " + std::to_string(a) + "*x + " + std::to_string(b) + "*y)"};
  text << "0";
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (S(i, j) != 0) text << " + (" << S(i, j).get_str() << ")*" << var[i] << "*" << var[j];
  return polynomial::parse(ring, text.str());
}

// Rows and columns of Gram block k: d_x mc(D, C - k) x mc(D, k) (docs/theory.md, section 7).
std::pair<long, long> block_size(const network_config& c, int C, unsigned k) {
  const auto D = static_cast<std::uint64_t>(gram_entry_count(c.dx));
  return {(c.dx * multichoose(D, static_cast<std::uint64_t>(C) - k)).convert_to<long>(), multichoose(D, k).convert_to<long>()};
}

}  // namespace

gram_word gram_word_of(const network_config& c, const integer_weights& w) {
  gram_word g;
  if (c.H != 1 || c.residual) return g;
  zmatrix I(c.dx, c.dx, mpz_class(0));
  for (int r = 0; r < c.dx; ++r) I(r, r) = 1;
  std::vector<zmatrix> F{I};
  for (const auto& layer : w.layers) {
    const auto& h = layer[0];
    const zmatrix B = mul(to_z(h.O), to_z(h.V)), E = mul(transpose(to_z(h.K)), to_z(h.Q));
    std::vector<zmatrix> next;
    next.push_back(mul(B, F[0]));                                        // B F_0, F_1, ..., F_c
    for (std::size_t j = 1; j < F.size(); ++j) next.push_back(F[j]);
    for (std::size_t j = F.size() - 1; j >= 1; --j) next.push_back(transpose(F[j]));  // F_c^T, ..., F_1^T
    next.push_back(mul(mul(transpose(F[0]), E), F[0]));                 // F_0^T E F_0
    for (std::size_t j = 1; j < F.size(); ++j) next.push_back(F[j]);     // F_1, ..., F_c
    F = std::move(next);
  }
  g.factors = std::move(F);
  return g;
}

std::vector<std::uint64_t> gram_word_row(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M, std::uint64_t p) {
  const int dx = M.rows();
  std::vector<std::uint64_t> row(dx);
  for (int j = 0; j < dx; ++j) row[j] = reduce(g.factors[0](entry - 1, j), p);
  for (std::size_t f = 1; f < g.factors.size(); ++f) {
    std::vector<std::uint64_t> rm(dx, 0), next(dx, 0);
    for (int j = 0; j < dx; ++j)
      for (int k = 0; k < dx; ++k) rm[j] = (rm[j] + mulmod(row[k], M(k, j), p)) % p;
    for (int j = 0; j < dx; ++j)
      for (int k = 0; k < dx; ++k) next[j] = (next[j] + mulmod(rm[k], reduce(g.factors[f](k, j), p), p)) % p;
    row = std::move(next);
  }
  return row;
}

int degree_along(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M, const std::vector<std::uint64_t>& v,
                 std::uint64_t p) {
  const int dx = M.rows();
  const int C = static_cast<int>(g.factors.size()) - 1;  // P_r(M + t v v^T) has degree <= C in t
  std::vector<std::vector<std::uint64_t>> values;         // values[t][r], t = 0..C
  for (int t = 0; t <= C; ++t) {
    dense_matrix<std::uint64_t> Mt = M;
    for (int a = 0; a < dx; ++a)
      for (int b = 0; b < dx; ++b) Mt(a, b) = (Mt(a, b) + mulmod(static_cast<std::uint64_t>(t), mulmod(v[a], v[b], p), p)) % p;
    values.push_back(gram_word_row(g, entry, Mt, p));
  }
  // Newton's divided differences at t = 0..C: the degree is the last nonzero one.
  int degree = -1;
  for (int r = 0; r < dx; ++r) {
    std::vector<std::uint64_t> d(C + 1);
    for (int t = 0; t <= C; ++t) d[t] = values[t][r];
    for (int level = 1; level <= C; ++level)
      for (int t = C; t >= level; --t) {
        const std::uint64_t diff = (d[t] + p - d[t - 1]) % p;
        d[t] = mulmod(diff, inverse(static_cast<std::uint64_t>(level), p), p);
      }
    for (int t = C; t >= 0; --t)
      if (d[t] != 0) {
        degree = std::max(degree, t);
        break;
      }
  }
  return degree;
}

annihilator_analysis analyse_annihilators(const network_config& c, const integer_weights& w) {
  annihilator_analysis a;
  a.C = static_cast<int>(summed_index_count(c.L));
  a.degree = static_cast<unsigned>((a.C + 1) / 2);
  if (c.H != 1) return a.skipped = annihilator_skip::heads, a;
  if (c.residual) return a.skipped = annihilator_skip::residual, a;
  if (a.C % 2 == 0) return a.skipped = annihilator_skip::even_C, a;
  const gram_word g = gram_word_of(c, w);
  for (int j = 0; j < c.dx; ++j) a.u.push_back(g.factors[0](c.entry - 1, j));
  const auto nonzero = std::find_if(a.u.begin(), a.u.end(), [](const mpz_class& x) { return x != 0; });
  if (nonzero == a.u.end()) return a.skipped = annihilator_skip::zero_row, a;
  for (int j = 2; j < a.C; j += 2) {
    const zmatrix S = symmetric_form(g.factors[static_cast<std::size_t>(j)]);
    if (is_zero(S)) continue;
    if (std::none_of(a.quadrics.begin(), a.quadrics.end(), [&](const zmatrix& q) { return proportional(q, S); }))
      a.quadrics.push_back(S);
  }
  // The case decided here: P^3, the plane u^perp and two conics in it (d_x = 4, two distinct quadrics).
  if (c.dx != 4 || a.quadrics.size() != 2) return a.skipped = annihilator_skip::not_finite, a;
  // u^perp spanned over Q by u_i e_j - u_j e_i (j != i), with u_i != 0.
  const int i = static_cast<int>(nonzero - a.u.begin());
  a.plane_basis = zmatrix(c.dx, c.dx - 1, mpz_class(0));
  for (int j = 0, col = 0; j < c.dx; ++j) {
    if (j == i) continue;
    a.plane_basis(j, col) = a.u[static_cast<std::size_t>(i)];
    a.plane_basis(i, col) = -a.u[static_cast<std::size_t>(j)];
    ++col;
  }
  auto ring = std::make_shared<const polynomial_ring>(std::vector<std::string>{"x", "y", "z"});
  std::vector<zmatrix> plane;
  for (const auto& q : a.quadrics) plane.push_back(mul(mul(transpose(a.plane_basis), q), a.plane_basis));
  // A root (x : y) of R = res_z lifts to a common point when the z^2 coefficients do not vanish; 4 distinct
  // finite roots of R(x, 1) (degree 4, nonzero discriminant) are the projections of 4 distinct points.
  const int shears[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}, {3, 1}, {1, 3}};
  for (int s = 0; s < 8; ++s) {
    const polynomial c1 = conic(plane[0], ring, shears[s][0], shears[s][1]), c2 = conic(plane[1], ring, shears[s][0], shears[s][1]);
    std::vector<unsigned long> e(3);
    auto z2 = [&](const polynomial& p) {  // coefficient of z^2
      for (long t = 0; t < p.term_count(); ++t)
        if (p.exponents(t, e.data()), e[2] == 2) return p.coefficient(t);
      return mpz_class(0);
    };
    if (z2(c1) == 0 || z2(c2) == 0) continue;
    const polynomial R = resultant(c1, c2, 2);
    std::vector<mpz_class> coeffs(5, 0);
    bool homogeneous_quartic = true;
    for (long t = 0; t < R.term_count(); ++t) {
      R.exponents(t, e.data());
      if (e[0] + e[1] != 4 || e[2] != 0) homogeneous_quartic = false;
      else coeffs[e[0]] += R.coefficient(t);
    }
    if (!homogeneous_quartic || coeffs[4] == 0) continue;
    const mpz_class d = discriminant(coeffs);
    if (d == 0) continue;
    a.resultant = coeffs, a.discriminant = d, a.shear = s, a.points = 4;
    a.operators = static_cast<long>(a.degree) + 1 >= a.points ? a.points : static_cast<long>(a.degree) + 1;
    const auto [rows, cols] = block_size(c, a.C, a.degree);
    a.loss = std::min(rows, cols) - annihilator_block_bound(a, a.degree, rows, cols);
    return a;
  }
  a.skipped = annihilator_skip::not_distinct;
  return a;
}

std::vector<long> annihilator_block_bounds(const annihilator_analysis& a, const network_config& c) {
  if (!a.proven()) return {};
  std::vector<long> out(static_cast<std::size_t>(a.C) + 1, -1);
  const auto [rows, cols] = block_size(c, a.C, a.degree);
  out[a.degree] = annihilator_block_bound(a, a.degree, rows, cols);
  return out;
}

long annihilator_block_bound(const annihilator_analysis& a, unsigned k, long rows, long cols) {
  if (!a.proven() || k != a.degree) return std::min(rows, cols);
  return std::min(rows, cols - a.operators);
}

}  // namespace seprank
