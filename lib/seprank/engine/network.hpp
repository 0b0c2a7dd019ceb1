// The analysed network of eq. 3, computed three ways:
//  - expand_output: exact expansion into a polynomial over Z (FLINT engine);
//  - forward_output: the literal double sum of eq. 3 over any commutative scalar type
//    (exact integers at points, residues mod p, GiNaC expressions for symbolic weights);
//  - symbolic_output: forward_output over GiNaC with symbolic inputs (tiny sizes only).
#pragma once
#include <vector>

#include "seprank/model/config.hpp"
#include "seprank/engine/polynomial.hpp"
#include "seprank/model/weights.hpp"

namespace seprank {

// Z[x1_1, ..., xN_dx]: variable x{j}_{r} is entry r of the input at position j.
ring_ptr make_input_ring(const network_config& cfg);

// Entry p of y^{L,i} (eq. 3) as an exact polynomial in the inputs. Per layer and head the
// double sum of eq. 3 is reassociated as W^O S_h W^Q x^{l,i} with the moment matrix
// S_h = sum_j (W^V x^{l,j})(W^K x^{l,j})^T, so each layer costs O(N) products.
polynomial expand_output(const network_config& cfg, const integer_weights& w, const ring_ptr& ring);

// One layer of eq. 3, literally: y^i = sum_j sum_h <W^Q x^i, W^K x^j> W^O W^V x^j
// (+ x^i with the residual connection), for every position i.
template <class S, class W>
std::vector<std::vector<S>> attention_layer(const network_config& c, const std::vector<head_weights<W>>& heads,
                                            const std::vector<std::vector<S>>& x) {
  auto apply = [](const dense_matrix<W>& m, const std::vector<S>& v) {
    std::vector<S> out(m.rows(), S(0));
    for (int r = 0; r < m.rows(); ++r)
      for (int k = 0; k < m.cols(); ++k) out[r] += S(m(r, k)) * v[k];
    return out;
  };
  const int N = c.N;
  std::vector<std::vector<S>> y(N, std::vector<S>(c.dx, S(0)));
  for (const auto& hw : heads) {
    std::vector<std::vector<S>> q(N), k(N), ov(N);
    for (int j = 0; j < N; ++j) {
      q[j] = apply(hw.Q, x[j]);
      k[j] = apply(hw.K, x[j]);
      ov[j] = apply(hw.O, apply(hw.V, x[j]));
    }
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j) {
        S score(0);
        for (std::size_t a = 0; a < q[i].size(); ++a) score += q[i][a] * k[j][a];
        for (int r = 0; r < c.dx; ++r) y[i][r] += score * ov[j][r];
      }
  }
  if (c.residual)
    for (int i = 0; i < N; ++i)
      for (int r = 0; r < c.dx; ++r) y[i][r] += x[i][r];
  return y;
}

// Entry p of y^{L,i} by L literal layers of eq. 3. inputs[j][r] is x^{j+1}_{r+1}.
template <class S, class W>
S forward_output(const network_config& c, const network_weights<W>& w, std::vector<std::vector<S>> inputs) {
  for (const auto& layer : w.layers) inputs = attention_layer<S, W>(c, layer, inputs);
  return inputs[c.position - 1][c.entry - 1];
}

// The output with symbolic or numeric GiNaC weights, as an expanded GiNaC polynomial in
// the symbols of `ring` (the input ring). Only for tiny configurations.
GiNaC::ex symbolic_output(const network_config& cfg, const symbolic_weights& w, const ring_ptr& ring);

}  // namespace seprank
