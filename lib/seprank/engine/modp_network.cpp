#include "seprank/engine/modp_network.hpp"

#include <algorithm>

#include <flint/ulong_extras.h>

namespace seprank {

modp_network::modp_network(const network_config& c, const integer_weights& w, std::uint64_t p)
    : cfg_(c), p_(p), pinv_(n_preinvert_limb(p)) {
  auto reduce = [p](long x) {
    const long r = x % static_cast<long>(p);
    return static_cast<std::uint64_t>(r < 0 ? r + static_cast<long>(p) : r);
  };
  for (const auto& layer : w.layers)
    for (const auto& h : layer)
      for (const auto* m : {&h.Q, &h.K, &h.V, &h.O})
        for (long v : m->data()) weights_.push_back(reduce(v));
}

std::uint64_t modp_network::evaluate(std::vector<std::uint64_t>& x, std::vector<std::uint64_t>& scratch) const {
  const int N = cfg_.N, dx = cfg_.dx, da = cfg_.head_size();
  const std::size_t head = 4 * static_cast<std::size_t>(da) * dx;  // Q, K, V, O
  scratch.assign(static_cast<std::size_t>(N) * dx + 2 * static_cast<std::size_t>(N) * da + da * da + 2 * da, 0);
  std::uint64_t* y = scratch.data();  // N x dx: the layer output
  std::uint64_t* v = y + N * dx;      // N x da: W^V x^j
  std::uint64_t* k = v + N * da;      // N x da: W^K x^j
  std::uint64_t* S = k + N * da;      // da x da: sum_j v_j k_j^T
  std::uint64_t* q = S + da * da;     // da: W^Q x^i
  std::uint64_t* t = q + da;          // da: S q
  auto mul = [this](std::uint64_t a, std::uint64_t b) { return n_mulmod2_preinv(a, b, p_, pinv_); };
  auto add = [this](std::uint64_t a, std::uint64_t b) { return n_addmod(a, b, p_); };
  // p < 2^28 and at most 255 terms per sum: products stay below 2^56, so a dot product is
  // accumulated in 64 bits and reduced once (several times faster than a reduction per product).
  const bool lazy = p_ < (std::uint64_t{1} << 28) && std::max({N, dx, da}) <= 255;
  auto dot = [&](const std::uint64_t* a, const std::uint64_t* b, int n) {
    std::uint64_t acc = 0;
    if (lazy) {
      for (int c = 0; c < n; ++c) acc += a[c] * b[c];
      return acc % p_;
    }
    for (int c = 0; c < n; ++c) acc = add(acc, mul(a[c], b[c]));
    return acc;
  };
  auto apply = [&](const std::uint64_t* W, int rows, const std::uint64_t* in, int cols, std::uint64_t* out) {
    for (int r = 0; r < rows; ++r) out[r] = dot(W + r * cols, in, cols);
  };
  const std::uint64_t* W = weights_.data();
  for (int l = 0; l < cfg_.L; ++l) {
    const bool last = l + 1 == cfg_.L;
    std::fill(y, y + N * dx, 0);
    for (int h = 0; h < cfg_.H; ++h, W += head) {
      const std::uint64_t *WQ = W, *WK = W + da * dx, *WV = W + 2 * da * dx, *WO = W + 3 * da * dx;
      std::fill(S, S + da * da, 0);
      for (int j = 0; j < N; ++j) {
        apply(WV, da, &x[j * dx], dx, v + j * da);
        apply(WK, da, &x[j * dx], dx, k + j * da);
        for (int a = 0; a < da; ++a)
          for (int b = 0; b < da; ++b)
            S[a * da + b] = lazy ? S[a * da + b] + v[j * da + a] * k[j * da + b]
                                 : add(S[a * da + b], mul(v[j * da + a], k[j * da + b]));
      }
      if (lazy)
        for (int z = 0; z < da * da; ++z) S[z] %= p_;
      for (int i = last ? cfg_.position - 1 : 0; i < (last ? cfg_.position : N); ++i) {
        apply(WQ, da, &x[i * dx], dx, q);
        apply(S, da, q, da, t);
        for (int r = 0; r < dx; ++r) y[i * dx + r] = add(y[i * dx + r], dot(WO + r * da, t, da));
      }
    }
    if (cfg_.residual)
      for (int z = 0; z < N * dx; ++z) y[z] = add(y[z], x[z]);
    std::copy(y, y + N * dx, x.begin());
  }
  return x[(cfg_.position - 1) * dx + cfg_.entry - 1];
}

}  // namespace seprank
