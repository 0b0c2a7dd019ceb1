// The Gram form y^{L,i} = A_L(M) x^i with M = sum_j x^j x^j^T (docs/theory.md, section 3):
// A_0 = I and A_{l+1} = sum_h W^O W^V (A_l M A_l^T) W^K^T W^Q A_l (+ A_l with the residual
// connection), computed over Z[M] and compared with the expansion.
#pragma once
#include <vector>

#include "seprank/support/matrix.hpp"
#include "seprank/engine/polynomial.hpp"
#include "seprank/model/config.hpp"
#include "seprank/model/weights.hpp"

namespace seprank {

// The recursion of the Gram form (docs/theory.md, section 3).
// Works over any scalar type S (FLINT polynomials in the entries of M, GiNaC expressions);
// weights only ever multiply scalars (never each other), so integer weights cannot overflow.

// One step of the recursion: A_{l+1} from A_l (full matrices, for the layers before the last).
template <class S, class W>
dense_matrix<S> gram_layer(const network_config& c, const std::vector<head_weights<W>>& layer, const dense_matrix<S>& A,
                           const dense_matrix<S>& M, const S& zero) {
  const dense_matrix<S> B = matrix_product(matrix_product(A, M), transpose(A));
  dense_matrix<S> next = c.residual ? A : dense_matrix<S>(c.dx, c.dx, zero);
  for (const auto& hw : layer) {
    const auto right = matrix_product(transpose(hw.K), matrix_product(hw.Q, A));
    const auto term = matrix_product(hw.O, matrix_product(hw.V, matrix_product(B, right)));
    for (int r = 0; r < c.dx; ++r)
      for (int s = 0; s < c.dx; ++s) next(r, s) += term(r, s);
  }
  return next;
}

// Row p of A_L(M). The last layer is associated as
//   row_p(A_L) = sum_h ((row_p(W^O) W^V A) M A^T) W^K^T W^Q A   (+ row_p(A)),  A = A_{L-1},
// which needs 2 d_x^2 products of large polynomials instead of about 3 d_x^3.
template <class S, class W>
std::vector<S> gram_row(const network_config& c, const network_weights<W>& w, const dense_matrix<S>& M, const S& zero,
                        const S& one) {
  dense_matrix<S> A(c.dx, c.dx, zero);
  for (int r = 0; r < c.dx; ++r) A(r, r) = one;
  for (int l = 0; l + 1 < c.L; ++l) A = gram_layer(c, w.layers[l], A, M, zero);
  const int p = c.entry - 1;
  auto row_times = [&](const std::vector<S>& v, const auto& m, bool transposed) {  // v m or v m^T
    std::vector<S> out;
    const int n = transposed ? m.rows() : m.cols(), k_max = transposed ? m.cols() : m.rows();
    for (int j = 0; j < n; ++j) {
      S acc = zero;
      for (int k = 0; k < k_max; ++k) acc += v[k] * (transposed ? m(j, k) : m(k, j));
      out.push_back(std::move(acc));
    }
    return out;
  };
  std::vector<S> total(c.dx, zero);
  for (const auto& hw : w.layers[c.L - 1]) {
    const auto VA = matrix_product(hw.V, A);  // d_a x d_x
    std::vector<S> z(c.dx, zero);             // row_p(W^O) W^V A
    for (int a = 0; a < hw.O.cols(); ++a)
      for (int j = 0; j < c.dx; ++j) z[j] += hw.O(p, a) * VA(a, j);
    const auto u = row_times(row_times(z, M, false), A, true);        // z M A^T
    const auto v = row_times(row_times(u, hw.K, true), hw.Q, false);  // u W^K^T W^Q
    for (int j = 0; j < c.dx; ++j) total[j] += v[j];
  }
  std::vector<S> row = row_times(total, A, false);
  if (c.residual)
    for (int j = 0; j < c.dx; ++j) row[j] += A(p, j);
  return row;
}

// Row p of A_L(M) over Z[m_ab : 1 <= a <= b <= dx] (D = dx(dx+1)/2 variables).
struct gram_form {
  ring_ptr ring;                // Z[m11, m12, ..., m_dxdx]
  std::vector<polynomial> row;  // A_L(M)[p][r], r = 1..dx
};
ring_ptr make_gram_ring(int dx);
int gram_variable(int dx, int a, int b);  // index of m_ab (1-based a, b; symmetric)
// The entries m_ab (a <= b) of M = sum_j x^j x^j^T as polynomials in the inputs.
std::vector<polynomial> gram_entries(const network_config& cfg, const ring_ptr& input_ring);
gram_form gram_form_of(const network_config& cfg, const integer_weights& w);

// Terms in row p of A_L(M) (over all r) and their largest degree in the entries of M.
struct gram_form_size {
  long terms = 0;
  int degree = 0;
};
gram_form_size gram_form_size_of(const gram_form& g);

// sum_r A_L(M)[p][r] x^i_r with M = sum_j x^j x^j^T substituted: the output computed from
// the Gram form, to compare with the expansion.
polynomial gram_form_in_inputs(const network_config& cfg, const gram_form& g, const ring_ptr& input_ring);

// The symbolic identity y = (A_L(M) x^i)_p, for GiNaC weights (symbolic or numeric);
// y_symbolic must be the expanded symbolic output. Returns true when the difference expands to 0.
bool check_symbolic_gram_identity(const network_config& cfg, const symbolic_weights& w, const ring_ptr& input_ring,
                                  const GiNaC::ex& y_symbolic);

}  // namespace seprank
