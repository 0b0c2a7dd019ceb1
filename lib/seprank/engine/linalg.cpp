#include "seprank/engine/linalg.hpp"

#include <cmath>
#include <stdexcept>

#include <flint/fmpz_mat.h>
#include <flint/nmod_mat.h>
#include <flint/ulong_extras.h>

#include "seprank/support/random.hpp"

namespace seprank {
namespace {

struct fmpz_matrix {
  fmpz_mat_t m;
  fmpz_matrix(long r, long c) { fmpz_mat_init(m, r, c); }
  explicit fmpz_matrix(const integer_matrix& a) : fmpz_matrix(a.rows, a.cols) {
    for (const auto& e : a.entries) fmpz_set_mpz(fmpz_mat_entry(m, e.row, e.col), e.value.get_mpz_t());
  }
  ~fmpz_matrix() { fmpz_mat_clear(m); }
  fmpz_matrix(const fmpz_matrix&) = delete;
  fmpz_matrix& operator=(const fmpz_matrix&) = delete;
};

}  // namespace

std::uint64_t draw_prime(std::uint64_t seed, int bits) {
  const std::uint64_t start =
      (1ULL << (bits - 1)) | (splitmix_hash(seed) >> (65 - bits));  // uniform in [2^(bits-1), 2^bits)
  return n_nextprime(start, 1);
}

long rank_mod_p(const integer_matrix& a, std::uint64_t p) {
  if (a.rows == 0 || a.cols == 0) return 0;
  nmod_matrix m(a.rows, a.cols, p);
  mpz_class r;
  for (const auto& e : a.entries) {
    r = e.value % p;  // C semantics: sign of the dividend
    if (r < 0) r += p;
    nmod_mat_set_entry(m.m, e.row, e.col, r.get_ui());
  }
  return nmod_mat_rank(m.m);
}

long exact_rank(const integer_matrix& a) {
  if (a.rows == 0 || a.cols == 0) return 0;
  fmpz_matrix m(a);
  return fmpz_mat_rank(m.m);
}

double log2_hadamard_bound(const integer_matrix& a) {
  std::vector<mpz_class> norm2(a.rows, 0);
  for (const auto& e : a.entries) norm2[e.row] += e.value * e.value;
  double bits = 0;
  for (const auto& n : norm2)
    if (n > 0) {
      long exp = 0;
      const double mant = mpz_get_d_2exp(&exp, n.get_mpz_t());
      bits += 0.5 * (std::log2(mant) + static_cast<double>(exp));
    }
  return bits;
}

double rank_error_bound(double log2_hadamard, std::uint64_t prime) {
  const int bits = 64 - __builtin_clzll(prime);  // prime in [2^(bits-1), 2^bits)
  const double bad_primes = std::floor(std::max(0.0, log2_hadamard) / (bits - 1));
  const double largest_gap = bits <= 29 ? 250.0 : 1550.0;
  return std::min(1.0, bad_primes * largest_gap / std::ldexp(1.0, bits - 1));
}

std::vector<std::vector<mpz_class>> kernel_basis(const integer_matrix& a) {
  std::vector<std::vector<mpz_class>> basis;
  if (a.cols == 0) return basis;
  fmpz_matrix m(a), k(a.cols, a.cols);
  const long nullity = fmpz_mat_nullspace(k.m, m.m);
  fmpz_matrix kk(a.cols, nullity), prod(a.rows, nullity);
  for (long c = 0; c < nullity; ++c)
    for (long r = 0; r < a.cols; ++r) fmpz_set(fmpz_mat_entry(kk.m, r, c), fmpz_mat_entry(k.m, r, c));
  fmpz_mat_mul(prod.m, m.m, kk.m);
  if (!fmpz_mat_is_zero(prod.m)) throw std::logic_error("kernel basis: A v != 0");
  if (fmpz_mat_rank(kk.m) != nullity) throw std::logic_error("kernel basis: vectors dependent");
  for (long c = 0; c < nullity; ++c) {
    std::vector<mpz_class> v(a.cols);
    mpz_class content = 0;
    for (long r = 0; r < a.cols; ++r) {
      fmpz_get_mpz(v[r].get_mpz_t(), fmpz_mat_entry(kk.m, r, c));
      content = gcd(content, v[r]);
    }
    // Primitive, with a positive first nonzero entry (the kernel is unchanged).
    for (const auto& x : v)
      if (x != 0) {
        if (x < 0) content = -content;
        break;
      }
    for (auto& x : v) x /= content;
    basis.push_back(std::move(v));
  }
  return basis;
}

}  // namespace seprank
