#include "seprank/analysis/structure/annihilators/word.hpp"

#include <algorithm>

#include "seprank/engine/integer_forms.hpp"
#include "seprank/model/quantities.hpp"

namespace seprank {

std::vector<int> gram_word_forms(int L) {
  std::vector<int> F{0};  // A_0 = I: the word (I)
  for (int l = 1; l <= L; ++l) {
    std::vector<int> next{0};                                              // B F_0
    next.insert(next.end(), F.begin() + 1, F.end());                       // F_1, ..., F_c
    for (std::size_t j = F.size() - 1; j >= 1; --j) next.push_back(F[j]);  // F_c^T, ..., F_1^T: the same quadrics
    next.push_back(l);                                                     // the junction F_0^T E_l F_0
    next.insert(next.end(), F.begin() + 1, F.end());                       // F_1, ..., F_c
    F = std::move(next);
  }
  return F;
}

gram_word gram_word_of(const network_config& c, const integer_weights& w) {
  gram_word g;
  if (c.H != 1 || c.residual) return g;
  zmatrix I(c.dx, c.dx, mpz_class(0));
  for (int r = 0; r < c.dx; ++r) I(r, r) = 1;
  std::vector<zmatrix> F{I};
  for (const auto& layer : w.layers) {
    const auto& h = layer[0];
    const zmatrix B = zmatrix_mul(zmatrix_of(h.O), zmatrix_of(h.V)),
                  E = zmatrix_mul(transpose(zmatrix_of(h.K)), zmatrix_of(h.Q));
    std::vector<zmatrix> next;
    next.push_back(zmatrix_mul(B, F[0]));  // B F_0, F_1, ..., F_c
    for (std::size_t j = 1; j < F.size(); ++j) next.push_back(F[j]);
    for (std::size_t j = F.size() - 1; j >= 1; --j) next.push_back(transpose(F[j]));  // F_c^T, ..., F_1^T
    next.push_back(zmatrix_mul(zmatrix_mul(transpose(F[0]), E), F[0]));               // F_0^T E F_0
    for (std::size_t j = 1; j < F.size(); ++j) next.push_back(F[j]);                  // F_1, ..., F_c
    F = std::move(next);
  }
  g.factors = std::move(F);
  g.forms = gram_word_forms(c.L);
  return g;
}

std::vector<std::uint64_t> gram_word_row(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M,
                                         std::uint64_t p) {
  const int dx = M.rows();
  std::vector<std::uint64_t> row(dx);
  for (int j = 0; j < dx; ++j) row[j] = mod_reduce(g.factors[0](entry - 1, j), p);
  for (std::size_t f = 1; f < g.factors.size(); ++f) {
    std::vector<std::uint64_t> rm(dx, 0), next(dx, 0);
    for (int j = 0; j < dx; ++j)
      for (int k = 0; k < dx; ++k) rm[j] = (rm[j] + mod_mul(row[k], M(k, j), p)) % p;
    for (int j = 0; j < dx; ++j)
      for (int k = 0; k < dx; ++k) next[j] = (next[j] + mod_mul(rm[k], mod_reduce(g.factors[f](k, j), p), p)) % p;
    row = std::move(next);
  }
  return row;
}

int degree_along(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M,
                 const std::vector<std::uint64_t>& v, std::uint64_t p) {
  const int dx = M.rows();
  const int C = static_cast<int>(g.factors.size()) - 1;  // P_r(M + t v v^T) has degree <= C in t
  std::vector<std::vector<std::uint64_t>> values;        // values[t][r], t = 0..C
  for (int t = 0; t <= C; ++t) {
    dense_matrix<std::uint64_t> Mt = M;
    for (int a = 0; a < dx; ++a)
      for (int b = 0; b < dx; ++b)
        Mt(a, b) = (Mt(a, b) + mod_mul(static_cast<std::uint64_t>(t), mod_mul(v[a], v[b], p), p)) % p;
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
        d[t] = mod_mul(diff, mod_inverse(static_cast<std::uint64_t>(level), p), p);
      }
    for (int t = C; t >= 0; --t)
      if (d[t] != 0) {
        degree = std::max(degree, t);
        break;
      }
  }
  return degree;
}

}  // namespace seprank
