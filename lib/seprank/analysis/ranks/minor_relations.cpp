#include "seprank/analysis/ranks/minor_relations.hpp"

#include <functional>
#include <vector>

#include <flint/ulong_extras.h>

#include "seprank/analysis/structure/gram_form.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/model/monomial_index.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {
namespace {

// Subsets of {0..n-1} of size k, in lexicographic order.
std::vector<std::vector<int>> subsets(int n, int k) {
  std::vector<std::vector<int>> out;
  std::vector<int> cur;
  std::function<void(int)> rec = [&](int from) {
    if (static_cast<int>(cur.size()) == k) return out.push_back(cur);
    for (int a = from; a < n; ++a) cur.push_back(a), rec(a + 1), cur.pop_back();
  };
  rec(0);
  return out;
}

// The minor of the symmetric matrix M (entries m_ab, ring Z[m]) with rows I and columns J, by
// Laplace expansion along the first row.
polynomial minor(const ring_ptr& ring, int dx, const std::vector<int>& I, const std::vector<int>& J) {
  if (I.empty()) return polynomial::constant(ring, 1);
  polynomial det(ring);
  const std::vector<int> rest(I.begin() + 1, I.end());
  for (std::size_t c = 0; c < J.size(); ++c) {
    std::vector<int> cols = J;
    cols.erase(cols.begin() + static_cast<long>(c));
    polynomial term = polynomial::variable(ring, gram_variable(dx, I[0] + 1, J[c] + 1)) * minor(ring, dx, rest, cols);
    if (c % 2)
      det -= term;
    else
      det += term;
  }
  return det;
}

// A relation: per component t (one for the even side, d_x for x_t on the odd side) a polynomial in m.
using relation = std::vector<polynomial>;

// Where the relations are ranked: degree d in the D Gram entries, modulo p, at most max_entries entries.
struct relation_space {
  int D = 0, d = 0;
  std::uint64_t p = 0, max_entries = 0;
};

// Rank mod p of the degree-d multiples m^gamma * rel of every relation (each of degree rel_degree, with
// `components` polynomials), as vectors over the basis (t, monomial of degree d); -1 when over max_entries.
long relation_rank(const std::vector<relation>& rels, int rel_degree, int components, const relation_space& s) {
  const int D = s.D, d = s.d;
  const std::uint64_t p = s.p;
  if (d < rel_degree || rels.empty()) return 0;
  const monomial_index idx(D, d);
  const std::uint64_t shifts = idx.count(d - rel_degree), cols = components * idx.count(d);
  const std::uint64_t rows = rels.size() * shifts;
  if (rows * cols > s.max_entries) return -1;
  nmod_matrix R(static_cast<long>(rows), static_cast<long>(cols), p);
  std::vector<unsigned> gamma(D), alpha(D);
  std::vector<unsigned long> e(D);
  long row = 0;
  for (const auto& rel : rels)
    for (std::uint64_t g = 0; g < shifts; ++g, ++row) {
      idx.unrank(g, d - rel_degree, gamma.data());
      for (int t = 0; t < components; ++t)
        for (long term = 0; term < rel[t].term_count(); ++term) {
          rel[t].exponents(term, e.data());
          for (int v = 0; v < D; ++v) alpha[v] = gamma[v] + static_cast<unsigned>(e[v]);
          const mpz_class c = rel[t].coefficient(term);
          const long col = static_cast<long>(t * idx.count(d) + idx.rank(alpha.data(), d));
          nmod_mat_entry(R.m, row, col) = n_addmod(nmod_mat_entry(R.m, row, col), mpz_fdiv_ui(c.get_mpz_t(), p), p);
        }
    }
  check_interrupt();
  return nmod_mat_rank(R.m);
}

}  // namespace

long even_side_bound(int dx, int positions, int k, std::uint64_t p, std::uint64_t max_entries) {
  const int D = gram_entry_count(dx);
  const monomial_index idx(D, k);
  const long all = static_cast<long>(idx.count(k));
  if (positions >= dx) return all;  // no vanishing minor
  const auto ring = make_gram_ring(dx);
  std::vector<relation> rels;
  const auto sets = subsets(dx, positions + 1);
  for (std::size_t a = 0; a < sets.size(); ++a)
    for (std::size_t b = a; b < sets.size(); ++b)
      rels.push_back({minor(ring, dx, sets[a], sets[b])});  // minor(I, J) = minor(J, I)
  const long r = relation_rank(rels, positions + 1, 1, {D, k, p, max_entries});
  return r < 0 ? -1 : all - r;
}

long odd_side_bound(int dx, int positions, int d, std::uint64_t p, std::uint64_t max_entries) {
  const int D = gram_entry_count(dx);
  const monomial_index idx(D, d);
  const long all = dx * static_cast<long>(idx.count(d));
  if (positions >= dx) return all;
  const auto ring = make_gram_ring(dx);
  const int r = positions;  // rank of [M_A | x^i] <= |A|: its (r+1)-minors vanish
  std::vector<relation> linear, with_x;
  // Minors with the column x^i: rows I (r+1), columns J of M (r); expanding along x:
  // sum over t in I of (-1)^(position of t) x_t minor(M; I \ t, J) (degree r in m).
  for (const auto& I : subsets(dx, r + 1))
    for (const auto& J : subsets(dx, r)) {
      relation rel(dx, polynomial(ring));
      for (std::size_t pos = 0; pos < I.size(); ++pos) {
        std::vector<int> rows = I;
        rows.erase(rows.begin() + static_cast<long>(pos));
        const polynomial m = minor(ring, dx, rows, J);
        if (pos % 2)
          rel[I[pos]] -= m;
        else
          rel[I[pos]] += m;
      }
      linear.push_back(rel);
    }
  // Minors of M itself, times each x_t (degree r + 1 in m).
  const auto sets = subsets(dx, r + 1);
  for (std::size_t a = 0; a < sets.size(); ++a)
    for (std::size_t b = a; b < sets.size(); ++b) {
      const polynomial m = minor(ring, dx, sets[a], sets[b]);
      for (int t = 0; t < dx; ++t) {
        relation rel(dx, polynomial(ring));
        rel[t] = m;
        with_x.push_back(rel);
      }
    }
  if (d <= r) {  // only the family linear in x reaches degree d (when d = r)
    const long r1 = relation_rank(linear, r, dx, {D, d, p, max_entries});
    return r1 < 0 ? -1 : all - r1;
  }
  // Degree d > r: the linear family times every m_v spans its degree-(r+1) multiples; rank it with
  // the x_t minor(M) family, both shifted to degree d.
  std::vector<relation> raised = with_x;
  for (const auto& rel : linear)
    for (int v = 0; v < D; ++v) {
      relation x(dx, polynomial(ring));
      for (int t = 0; t < dx; ++t) x[t] = rel[t] * polynomial::variable(ring, v);
      raised.push_back(x);
    }
  const long r_union = relation_rank(raised, r + 1, dx, {D, d, p, max_entries});
  if (r_union < 0) return -1;
  return all - r_union;
}

}  // namespace seprank
