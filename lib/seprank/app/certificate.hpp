// Certificates anyone can re-check (docs/theory.md, section 8): for the certified lower bound on sep,
// DIR/certificate.json (the configuration, the weights, a prime below 2^28, the partition, the grid points
// and the claimed rank) and DIR/check.py, which recomputes the grid by the literal forward pass of eq. 3
// with numpy only and ranks it mod p. The upper bound's certificate is the Gram-form argument plus the
// count (docs/theory.md, section 4), stated in the derivation.
#pragma once
#include <string>

#include "seprank/analysis/ranks/grid_certificate.hpp"
#include "seprank/analysis/ranks/grid_tensor.hpp"
#include "seprank/model/partition.hpp"
#include "seprank/model/weights.hpp"

namespace seprank {

// Writes DIR/certificate.json and DIR/check.py (creating DIR); throws usage_error when it cannot.
void write_certificate(const std::string& dir, const network_config& cfg, const integer_weights& w, const partition& p,
                       const grid_certificate& g);
// Removes DIR/certificate.json and DIR/check.py (a run that was asked for a certificate and did not finish it must
// not leave an earlier run's there, which check.py would still certify); true when there was one.
bool remove_certificate(const std::string& dir);

}  // namespace seprank
