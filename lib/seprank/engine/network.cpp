#include "seprank/engine/network.hpp"

#include <string>

#include "seprank/support/interrupt.hpp"

namespace seprank {
namespace {

using poly_vector = std::vector<polynomial>;

// m v for an integer matrix m and a vector of polynomials v.
polynomial dot(const poly_vector& a, const poly_vector& b) {
  polynomial s(a[0].ring());
  for (std::size_t k = 0; k < a.size(); ++k) s += a[k] * b[k];
  return s;
}

// S_h = sum_j (W^V x^j)(W^K x^j)^T, a d_a x d_a matrix of polynomials.
dense_matrix<polynomial> moment_matrix(const head_weights<long>& hw, const std::vector<poly_vector>& x) {
  const int da = hw.V.rows();
  const ring_ptr& ring = x[0][0].ring();
  dense_matrix<polynomial> s(da, da, polynomial(ring));
  for (const auto& xj : x) {
    const poly_vector v = matrix_vector(hw.V, xj), k = matrix_vector(hw.K, xj);
    for (int a = 0; a < da; ++a)
      for (int b = 0; b < da; ++b) s(a, b) += v[a] * k[b];
    check_interrupt();
  }
  return s;
}

// All positions of one layer: y^i = sum_h W^O S_h W^Q x^i (+ x^i).
std::vector<poly_vector> full_layer(const network_config& c, const std::vector<head_weights<long>>& heads,
                                    const std::vector<poly_vector>& x) {
  std::vector<poly_vector> y(c.N, poly_vector(c.dx, polynomial(x[0][0].ring())));
  for (const auto& hw : heads) {
    const auto s = moment_matrix(hw, x);
    for (int i = 0; i < c.N; ++i) {
      const poly_vector q = matrix_vector(hw.Q, x[i]);
      poly_vector t;  // S_h W^Q x^i
      for (int a = 0; a < s.rows(); ++a) {
        polynomial ta(q[0].ring());
        for (int b = 0; b < s.cols(); ++b) ta += s(a, b) * q[b];
        t.push_back(std::move(ta));
      }
      const poly_vector o = matrix_vector(hw.O, t);
      for (int r = 0; r < c.dx; ++r) y[i][r] += o[r];
    }
  }
  if (c.residual)
    for (int i = 0; i < c.N; ++i)
      for (int r = 0; r < c.dx; ++r) y[i][r] += x[i][r];
  return y;
}

// Entry p at position i of the last layer: sum_h (W^O_p S_h) (W^Q x^i) (+ x^i_p).
polynomial last_layer(const network_config& c, const std::vector<head_weights<long>>& heads,
                      const std::vector<poly_vector>& x) {
  const int i = c.position - 1, p = c.entry - 1;
  polynomial y(x[0][0].ring());
  for (const auto& hw : heads) {
    const auto s = moment_matrix(hw, x);
    poly_vector row(s.cols(), polynomial(y.ring()));  // W^O_p S_h
    for (int b = 0; b < s.cols(); ++b)
      for (int a = 0; a < s.rows(); ++a)
        if (hw.O(p, a) != 0) row[b] += hw.O(p, a) * s(a, b);
    y += dot(row, matrix_vector(hw.Q, x[i]));
  }
  if (c.residual) y += x[i][p];
  return y;
}

}  // namespace

ring_ptr make_input_ring(const network_config& c) {
  std::vector<std::string> names, tex;
  for (int j = 1; j <= c.N; ++j)
    for (int r = 1; r <= c.dx; ++r) {
      names.push_back("x" + std::to_string(j) + "_" + std::to_string(r));
      tex.push_back("x^{(" + std::to_string(j) + ")}_{" + std::to_string(r) + "}");
    }
  return std::make_shared<const polynomial_ring>(names, tex);
}

polynomial expand_output(const network_config& c, const integer_weights& w, const ring_ptr& ring) {
  std::vector<poly_vector> x(c.N);
  for (int j = 1; j <= c.N; ++j)
    for (int r = 1; r <= c.dx; ++r) x[j - 1].push_back(polynomial::variable(ring, c.variable(j, r)));
  for (int l = 0; l + 1 < c.L; ++l) {
    x = full_layer(c, w.layers[l], x);
    check_interrupt();
  }
  return last_layer(c, w.layers[c.L - 1], x);
}

GiNaC::ex symbolic_output(const network_config& c, const symbolic_weights& w, const ring_ptr& ring) {
  std::vector<std::vector<GiNaC::ex>> x(c.N);
  for (int j = 1; j <= c.N; ++j)
    for (int r = 1; r <= c.dx; ++r) x[j - 1].push_back(ring->symbol(c.variable(j, r)));
  return GiNaC::expand(forward_output<GiNaC::ex, GiNaC::ex>(c, w, x));
}

}  // namespace seprank
