#include "seprank/analysis/structure/index_structure.hpp"

#include <algorithm>

#include <flint/fmpz.h>

#include "seprank/analysis/estimates.hpp"
#include "seprank/analysis/structure/gram_form.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {
namespace {

using poly_vector = std::vector<polynomial>;

// Recursive construction of g^l with first argument in block `first`; blocks are numbered
// in order of first use. Returns entries (only entry `only` if only >= 0).
struct g_builder {
  const network_config& c;
  const integer_weights& w;
  ring_ptr ring;
  int next_block = 1;

  poly_vector block(int b) const {
    poly_vector u;
    for (int r = 0; r < c.dx; ++r) u.push_back(polynomial::variable(ring, b * c.dx + r));
    return u;
  }

  poly_vector build(int l, int first, int only) {
    if (l == 0) return block(first);
    const int z = next_block++;
    const poly_vector q = build(l - 1, first, -1);
    const poly_vector k = build(l - 1, z, -1);
    const poly_vector v = build(l - 1, z, -1);
    check_interrupt();
    poly_vector out(only >= 0 ? 1 : c.dx, polynomial(ring));
    for (const auto& hw : w.layers[l - 1]) {
      const poly_vector qq = matrix_vector(hw.Q, q), kk = matrix_vector(hw.K, k);
      polynomial score(ring);
      for (std::size_t a = 0; a < qq.size(); ++a) score += qq[a] * kk[a];
      const poly_vector ov = matrix_vector(hw.O, matrix_vector(hw.V, v));
      if (only >= 0)
        out[0] += score * ov[only];
      else
        for (int r = 0; r < c.dx; ++r) out[r] += score * ov[r];
    }
    return out;
  }
};

// Checks that every term has degree 1 in block 0 and exactly 2 in blocks 1..C.
bool has_degree_pattern(const polynomial& g, int dx, std::int64_t C) {
  std::vector<unsigned long> e(g.ring()->variable_count());
  for (long t = 0; t < g.term_count(); ++t) {
    g.exponents(t, e.data());
    for (std::int64_t b = 0; b <= C; ++b) {
      unsigned long deg = 0;
      for (int r = 0; r < dx; ++r) deg += e[b * dx + r];
      if (deg != (b == 0 ? 1u : 2u)) return false;
    }
  }
  return true;
}

// sum over (j_1..j_C) in [N]^C of g(x^i, x^{j_1}, ..., x^{j_C}). As g is exactly quadratic in
// each u^c, the sum over j_c maps every product u^c_a u^c_b to M_ab = sum_j x^j_a x^j_b, and the
// sums over different c factor; so each term of g becomes a term in (x^i, M), and M is then
// substituted once.
polynomial sum_over_assignments(const network_config& c, const polynomial& g, const ring_ptr& in) {
  const int D = gram_entry_count(c.dx);
  const std::int64_t C = summed_index_count(c.L);
  std::vector<std::string> names;  // m_ab (D of them), then u^0 = x^i
  for (int v = 0; v < D + c.dx; ++v) names.push_back("t" + std::to_string(v));
  const auto mixed = std::make_shared<const polynomial_ring>(names);
  polynomial acc(mixed);
  std::vector<unsigned long> e(g.ring()->variable_count());
  std::vector<ulong> out(D + c.dx);
  fmpz_t coeff;
  fmpz_init(coeff);
  for (long t = 0; t < g.term_count(); ++t) {
    g.exponents(t, e.data());
    std::fill(out.begin(), out.end(), 0);
    for (int k = 0; k < c.dx; ++k) out[D + k] = e[k];
    for (std::int64_t b = 1; b <= C; ++b) {
      int idx[2], n = 0;
      for (int k = 0; k < c.dx; ++k)
        for (unsigned long m = 0; m < e[b * c.dx + k]; ++m) idx[n++] = k + 1;  // degree 2: n ends at 2
      ++out[gram_variable(c.dx, idx[0], idx[1])];
    }
    fmpz_mpoly_get_term_coeff_fmpz(coeff, g.get(), t, g.ring()->ctx());
    fmpz_mpoly_push_term_fmpz_ui(acc.get(), coeff, out.data(), mixed->ctx());
  }
  fmpz_clear(coeff);
  fmpz_mpoly_sort_terms(acc.get(), mixed->ctx());
  fmpz_mpoly_combine_like_terms(acc.get(), mixed->ctx());

  std::vector<polynomial> values = gram_entries(c, in);
  for (int k = 1; k <= c.dx; ++k) values.push_back(polynomial::variable(in, c.variable(c.position, k)));
  return acc.compose(in, values);
}

}  // namespace

index_structure_check check_index_structure(const network_config& c, const integer_weights& w, const polynomial& y,
                                            std::uint64_t max_g_terms) {
  index_structure_check r;
  r.C = summed_index_count(c.L);
  if (c.residual) {
    r.skipped = index_structure_skip::residual;
    return r;
  }
  const std::uint64_t bound = index_structure_term_bound(c, max_g_terms);
  if (bound > max_g_terms) {
    r.skipped = index_structure_skip::too_many_terms;
    r.max_g_terms = max_g_terms;
    return r;
  }
  // Variables of g^L: blocks u^0..u^C of dx variables each.
  std::vector<std::string> names;
  for (int b = 0; b <= r.C; ++b)
    for (int k = 1; k <= c.dx; ++k) names.push_back("u" + std::to_string(b) + "_" + std::to_string(k));
  const auto ring = std::make_shared<const polynomial_ring>(names);

  g_builder builder{c, w, ring};
  const polynomial g = builder.build(c.L, 0, c.entry - 1)[0];
  r.g_terms = g.term_count();
  r.degree_pattern = has_degree_pattern(g, c.dx, r.C);
  if (r.degree_pattern) {
    check_interrupt();
    r.sum_reproduces_output = sum_over_assignments(c, g, y.ring()) == y;
  }
  r.performed = true;
  return r;
}

}  // namespace seprank
