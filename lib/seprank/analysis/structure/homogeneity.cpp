#include "seprank/analysis/structure/homogeneity.hpp"

#include <algorithm>
#include <vector>

#include <flint/fmpz.h>
#include <flint/fmpz_mpoly.h>

namespace seprank {

degree_summary degree_summary_of(const polynomial& y) {
  degree_summary s;
  s.terms = y.term_count();
  std::vector<unsigned long> e(y.ring()->variable_count());
  for (long t = 0; t < s.terms; ++t) {
    y.exponents(t, e.data());
    int d = 0;
    for (auto v : e) d += static_cast<int>(v);
    s.min_degree = t == 0 ? d : std::min(s.min_degree, d);
    s.max_degree = std::max(s.max_degree, d);
    s.all_odd = s.all_odd && d % 2 == 1;
  }
  return s;
}

polynomial homogeneous_part(const polynomial& y, int d) {
  polynomial out(y.ring());
  const auto* ctx = y.ring()->ctx();
  std::vector<ulong> e(y.ring()->variable_count());
  fmpz_t coeff;
  fmpz_init(coeff);
  for (long t = 0; t < y.term_count(); ++t) {
    y.exponents(t, e.data());
    long deg = 0;
    for (auto v : e) deg += static_cast<long>(v);
    if (deg != d) continue;
    fmpz_mpoly_get_term_coeff_fmpz(coeff, y.get(), t, ctx);
    fmpz_mpoly_push_term_fmpz_ui(out.get(), coeff, e.data(), ctx);
  }
  fmpz_clear(coeff);
  fmpz_mpoly_sort_terms(out.get(), ctx);  // already sorted; keeps the invariant explicit
  return out;
}

}  // namespace seprank
