#include "seprank/engine/integer_forms.hpp"

#include <algorithm>

#include <flint/ulong_extras.h>

#include "seprank/engine/macaulay.hpp"

namespace seprank {

zmatrix zmatrix_mul(const zmatrix& x, const zmatrix& y) {
  if (x.rows() == 0 || x.cols() == 0 || y.cols() == 0) return zmatrix(x.rows(), y.cols(), mpz_class(0));
  return matrix_product<mpz_class>(x, y);
}

zmatrix zmatrix_of(const dense_matrix<long>& m) {
  zmatrix z(m.rows(), m.cols());
  for (int i = 0; i < m.rows(); ++i)
    for (int j = 0; j < m.cols(); ++j) z(i, j) = m(i, j);
  return z;
}

zmatrix zmatrix_symmetric(const zmatrix& K) {
  zmatrix S(K.rows(), K.cols());
  for (int i = 0; i < K.rows(); ++i)
    for (int j = 0; j < K.cols(); ++j) S(i, j) = K(i, j) + K(j, i);
  return S;
}

bool zmatrix_is_zero(const zmatrix& S) {
  return std::all_of(S.data().begin(), S.data().end(), [](const mpz_class& x) { return x == 0; });
}

bool zmatrix_proportional(const zmatrix& a, const zmatrix& b) {
  // With b_i != 0 the pivot: a_j b_i = b_j a_i for every j says a = (a_i / b_i) b (and a_i = 0 would force a = 0).
  const auto& x = a.data();
  const auto& y = b.data();
  const std::size_t i =
      static_cast<std::size_t>(std::find_if(y.begin(), y.end(), [](const mpz_class& v) { return v != 0; }) - y.begin());
  if (i == y.size()) return zmatrix_is_zero(a);
  for (std::size_t j = 0; j < x.size(); ++j)
    if (x[j] * y[i] != y[j] * x[i]) return false;
  return true;
}

std::uint64_t mod_mul(std::uint64_t a, std::uint64_t b, std::uint64_t p) { return n_mulmod2(a, b, p); }
std::uint64_t mod_inverse(std::uint64_t a, std::uint64_t p) { return n_invmod(a, p); }

std::uint64_t mod_reduce(const mpz_class& x, std::uint64_t p) {
  mpz_class r = x % static_cast<unsigned long>(p);
  if (r < 0) r += static_cast<unsigned long>(p);
  return r.get_ui();
}

polynomial sheared_conic(const zmatrix& S, const ring_ptr& ring, int a, int b) {
  const polynomial x = polynomial::variable(ring, 0), y = polynomial::variable(ring, 1);
  const polynomial w[] = {x, y, polynomial::variable(ring, 2) + a * x + b * y};
  polynomial out(ring);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (S(i, j) != 0) out += polynomial::constant(ring, S(i, j)) * w[i] * w[j];
  return out;
}

std::vector<polynomial> quadratic_forms_of(const std::vector<zmatrix>& quadrics, const ring_ptr& ring) {
  std::vector<polynomial> out;
  for (const auto& S : quadrics) out.push_back(quadratic_form(S, ring));
  return out;
}

}  // namespace seprank
