#include "seprank/analysis/structure/point_checks.hpp"

#include <algorithm>
#include <cmath>

#include "seprank/engine/linalg.hpp"
#include "seprank/engine/modp_network.hpp"
#include "seprank/engine/network.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/random.hpp"

namespace seprank {
namespace {

// Deterministic integer points for the forward-pass cross-check.
std::vector<std::vector<mpz_class>> random_points(const network_config& c, std::uint64_t seed, int count, long mag) {
  splitmix64 rng{stream_seed(seed, random_stream::check_points)};
  auto next = [&rng] { return rng.next(); };
  std::vector<std::vector<mpz_class>> pts(count);
  for (auto& p : pts)
    for (int v = 0; v < c.variable_count(); ++v)
      p.push_back(static_cast<long>(next() % static_cast<std::uint64_t>(2 * mag + 1)) - mag);
  return pts;
}

}  // namespace

point_check forward_pass_check(const network_config& c, const integer_weights& w, const polynomial& y,
                               std::uint64_t seed) {
  point_check r{4, 1L << 20, true, 0};
  for (const auto& p : random_points(c, seed, r.points, r.magnitude)) {
    std::vector<std::vector<mpz_class>> x(c.N);
    for (int j = 1; j <= c.N; ++j)
      for (int k = 1; k <= c.dx; ++k) x[j - 1].push_back(p[c.variable(j, k)]);
    r.agree = r.agree && forward_output<mpz_class, long>(c, w, x) == y.evaluate(p);
  }
  const double per_point = static_cast<double>(output_degree(c.L)) / static_cast<double>(2 * r.magnitude + 1);
  r.error_bound = std::nextafter(std::pow(per_point, r.points), 1.0);
  return r;
}

gram_point_check gram_form_at_points(const network_config& c, const integer_weights& w, const gram_form& g,
                                     std::uint64_t seed, std::uint64_t coefficient_bits) {
  gram_point_check r;
  r.performed = true;
  r.points = 4;
  r.prime = draw_prime(stream_seed(seed, random_stream::gram_check_prime));
  const modp_network net(c, w, r.prime);
  splitmix64 rng{stream_seed(seed, random_stream::gram_check_points)};
  auto z = [](std::uint64_t v) { return mpz_class(static_cast<unsigned long>(v)); };  // LP64: 64 bits
  const mpz_class p = z(r.prime);
  std::vector<std::uint64_t> x(c.variable_count()), scratch;
  r.agree = true;
  for (int k = 0; k < r.points; ++k) {
    for (auto& v : x) v = rng.next() % r.prime;
    std::vector<mpz_class> M;  // m_ab = sum_j x^j_a x^j_b mod p, in the order of the Gram ring
    for (int a = 1; a <= c.dx; ++a)
      for (int b = a; b <= c.dx; ++b) {
        mpz_class s = 0;
        for (int j = 1; j <= c.N; ++j) s += z(x[c.variable(j, a)]) * z(x[c.variable(j, b)]);
        M.push_back(s % p);
      }
    mpz_class gram = 0;
    for (int q = 0; q < c.dx; ++q) {
      gram += g.row[q].evaluate(M) * z(x[c.variable(c.position, q + 1)]);
      check_interrupt();
    }
    gram %= p;
    if (gram < 0) gram += p;
    std::vector<std::uint64_t> xf = x;
    r.agree = r.agree && z(net.evaluate(xf, scratch)) == gram;
    check_interrupt();
  }
  // The difference of the two sides over Z: the forward pass's coefficients are below 2^coefficient_bits (the
  // majorant of eq. 3); the substituted Gram side's sum of absolute coefficients is at most
  // sum_r sum_gamma |c_r(gamma)| N^C (each entry of M = sum_j x^j x^j^T has N terms, coefficient 1).
  mpz_class gram_sum = 0;
  for (const auto& row : g.row)
    for (long t = 0; t < row.term_count(); ++t) gram_sum += abs(row.coefficient(t));
  const double gram_bits = static_cast<double>(mpz_sizeinbase(gram_sum.get_mpz_t(), 2)) +
                           static_cast<double>(summed_index_count(c.L)) * std::log2(static_cast<double>(c.N));
  const double difference_bits = std::max(static_cast<double>(coefficient_bits), std::ceil(gram_bits)) + 1;
  const double per_point = static_cast<double>(output_degree(c.L)) / static_cast<double>(r.prime);
  r.error_bound = std::pow(per_point, r.points) + rank_error_bound(difference_bits, r.prime);
  return r;
}

}  // namespace seprank
