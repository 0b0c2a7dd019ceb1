// Monomial spaces: the enumeration of monomials of a given degree (docs/theory.md, section 4); the size
// of the space that contains y_p is model/output_monomials (needed by the guards before anything runs).
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "seprank/model/config.hpp"
#include "seprank/model/output_monomials.hpp"
#include "seprank/model/quantities.hpp"

namespace seprank {

// Calls f on every exponent vector of n variables with total degree `degree` (or <= degree when
// up_to), in lexicographic order (largest exponent of the first variable first); stops after
// `limit` vectors and returns how many were visited.
std::uint64_t enumerate_monomials(int n, int degree, bool up_to, std::uint64_t limit,
                                  const std::function<void(const std::vector<unsigned>&)>& f);

}  // namespace seprank
