#include "seprank/analysis/structure/gram_form.hpp"

#include <algorithm>

#include "seprank/support/interrupt.hpp"

namespace seprank {

// The entries m_ab (a <= b) of M = sum_j x^j x^j^T as polynomials in the inputs.
std::vector<polynomial> gram_entries(const network_config& c, const ring_ptr& in) {
  std::vector<polynomial> m;
  for (int a = 1; a <= c.dx; ++a)
    for (int b = a; b <= c.dx; ++b) {
      polynomial s(in);
      for (int j = 1; j <= c.N; ++j)
        s += polynomial::variable(in, c.variable(j, a)) * polynomial::variable(in, c.variable(j, b));
      m.push_back(std::move(s));
    }
  return m;
}

int gram_variable(int dx, int a, int b) {
  if (a > b) std::swap(a, b);
  // m_ab for a <= b in row-major order of the upper triangle.
  return (a - 1) * dx - (a - 1) * (a - 2) / 2 + (b - a);
}

ring_ptr make_gram_ring(int dx) {
  std::vector<std::string> names, tex;
  for (int a = 1; a <= dx; ++a)
    for (int b = a; b <= dx; ++b) {
      names.push_back("m" + std::to_string(a) + "_" + std::to_string(b));
      tex.push_back("M_{" + std::to_string(a) + std::to_string(b) + "}");
    }
  return std::make_shared<const polynomial_ring>(names, tex);
}

gram_form gram_form_of(const network_config& c, const integer_weights& w) {
  gram_form g{make_gram_ring(c.dx), {}};
  const polynomial zero(g.ring), one = polynomial::constant(g.ring, 1);
  dense_matrix<polynomial> M(c.dx, c.dx, zero);
  for (int a = 1; a <= c.dx; ++a)
    for (int b = 1; b <= c.dx; ++b) M(a - 1, b - 1) = polynomial::variable(g.ring, gram_variable(c.dx, a, b));
  g.row = gram_row(c, w, M, zero, one);
  return g;
}

polynomial gram_form_in_inputs(const network_config& c, const gram_form& g, const ring_ptr& in) {
  const std::vector<polynomial> m_values = gram_entries(c, in);
  polynomial y(in);
  for (int r = 0; r < c.dx; ++r)
    y += g.row[r].compose(in, m_values) * polynomial::variable(in, c.variable(c.position, r + 1));
  return y;
}

bool check_symbolic_gram_identity(const network_config& c, const symbolic_weights& w, const ring_ptr& in,
                                  const GiNaC::ex& y_symbolic) {
  dense_matrix<GiNaC::ex> M(c.dx, c.dx, 0);
  for (int a = 1; a <= c.dx; ++a)
    for (int b = 1; b <= c.dx; ++b)
      for (int j = 1; j <= c.N; ++j) M(a - 1, b - 1) += in->symbol(c.variable(j, a)) * in->symbol(c.variable(j, b));
  const auto row = gram_row<GiNaC::ex>(c, w, M, 0, 1);
  GiNaC::ex y = 0;
  for (int r = 0; r < c.dx; ++r) y += row[r] * in->symbol(c.variable(c.position, r + 1));
  return GiNaC::expand(y - y_symbolic).is_zero();
}

gram_form_size gram_form_size_of(const gram_form& g) {
  gram_form_size z;
  for (const auto& p : g.row) {
    z.terms += p.term_count();
    z.degree = std::max(z.degree, p.total_degree());
    check_interrupt();  // a row's degree takes 0.2 s at L = 2, d_x = 10
  }
  return z;
}

}  // namespace seprank
