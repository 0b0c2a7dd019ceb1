#include "seprank/engine/macaulay.hpp"

#include <memory>
#include <string>

#include "seprank/engine/fflas_rank.hpp"
#include "seprank/model/monomial_index.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {

ring_ptr form_ring(int n) {
  std::vector<std::string> names;
  for (int i = 0; i < n; ++i) names.push_back("x" + std::to_string(i));
  return std::make_shared<const polynomial_ring>(names);
}

polynomial quadratic_form(const dense_matrix<mpz_class>& S, const ring_ptr& ring) {
  polynomial f(ring);
  for (int i = 0; i < S.rows(); ++i)
    for (int j = 0; j < S.cols(); ++j)
      if (S(i, j) != 0)
        f += polynomial::constant(ring, S(i, j)) * polynomial::variable(ring, i) * polynomial::variable(ring, j);
  return f;
}

polynomial determinant(const std::vector<std::vector<polynomial>>& m) {
  const std::size_t n = m.size();
  if (n == 1) return m[0][0];
  polynomial out(m[0][0].ring());
  for (std::size_t j = 0; j < n; ++j) {
    std::vector<std::vector<polynomial>> minor;
    for (std::size_t i = 1; i < n; ++i) {
      std::vector<polynomial> row;
      for (std::size_t k = 0; k < n; ++k)
        if (k != j) row.push_back(m[i][k]);
      minor.push_back(std::move(row));
    }
    if (j % 2)
      out -= m[0][j] * determinant(minor);
    else
      out += m[0][j] * determinant(minor);
  }
  return out;
}

double macaulay_rows(const std::vector<polynomial>& gens, int d) {
  double rows = 0;
  for (const auto& g : gens) rows += multichoose_double(g.ring()->variable_count(), d - g.total_degree());
  return rows;
}

double macaulay_cols(int n, int d) { return multichoose_double(n, d); }

integer_matrix macaulay_matrix(const std::vector<polynomial>& gens, int d) {
  integer_matrix mac;
  if (gens.empty()) return mac;
  const int n = gens.front().ring()->variable_count();
  const monomial_index index(n, d);
  mac.cols = static_cast<long>(index.count(d));
  std::vector<unsigned> shift(static_cast<std::size_t>(n)), e(static_cast<std::size_t>(n));
  std::vector<unsigned long> term(static_cast<std::size_t>(n));
  for (const auto& g : gens) {
    const int rest = d - g.total_degree();
    if (rest < 0) continue;
    for (std::uint64_t s = 0; s < index.count(rest); ++s) {
      index.unrank(s, rest, shift.data());
      for (long t = 0; t < g.term_count(); ++t) {
        g.exponents(t, term.data());
        for (int i = 0; i < n; ++i)
          e[static_cast<std::size_t>(i)] =
              static_cast<unsigned>(term[static_cast<std::size_t>(i)]) + shift[static_cast<std::size_t>(i)];
        mac.entries.push_back({mac.rows, static_cast<long>(index.rank(e.data(), d)), g.coefficient(t)});
      }
      ++mac.rows;
    }
  }
  return mac;
}

int macaulay_span_degree(const std::vector<polynomial>& gens, int first, int last, std::uint64_t p,
                         std::uint64_t max_entries, const std::function<void(double, double, int)>& announce) {
  if (gens.empty()) return 0;
  const int n = gens.front().ring()->variable_count();
  for (int d = first; d <= last; ++d) {
    check_interrupt();  // Ctrl-C and --time-limit between degrees
    const double rows = macaulay_rows(gens, d), cols = macaulay_cols(n, d);
    if (rows * cols > static_cast<double>(max_entries)) return 0;
    if (rows < cols) continue;  // too few rows to span this degree
    announce(rows, cols, d);
    integer_matrix mac = macaulay_matrix(gens, d);
    const long full = mac.cols;
    // One elimination takes seconds at L = 6: on a thread of its own, so Ctrl-C and --time-limit answer at once.
    if (run_interruptible([m = std::move(mac), p] { return rank_mod_p_fastest(m, p); }) == full) return d;
  }
  return 0;
}

}  // namespace seprank
