// The forward pass of eq. 3 over Z/p at a point (no expansion), for grid tensors and evaluation
// checks: per layer and head W^O S_h W^Q x^i with S_h = sum_j (W^V x^j)(W^K x^j)^T, in flat arrays.
#pragma once
#include <cstdint>
#include <vector>

#include "seprank/model/config.hpp"
#include "seprank/model/weights.hpp"

namespace seprank {

class modp_network {
 public:
  modp_network(const network_config& cfg, const integer_weights& w, std::uint64_t p);
  // x: the N*dx input residues (overwritten); returns y_p mod p.
  std::uint64_t evaluate(std::vector<std::uint64_t>& x, std::vector<std::uint64_t>& scratch) const;

 private:
  network_config cfg_;
  std::uint64_t p_, pinv_;
  std::vector<std::uint64_t> weights_;  // per layer, head: Q, K, V, O row-major
};

}  // namespace seprank
