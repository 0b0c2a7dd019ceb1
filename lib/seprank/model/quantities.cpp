#include "seprank/model/quantities.hpp"

#include <gmpxx.h>

#include <iterator>
#include <limits>
#include <vector>

namespace seprank {

big_int power_of_three(long L) {
  big_int p = 1;
  for (long l = 0; l < L; ++l) p *= 3;
  return p;
}

big_float log3(const big_float& x) { return log(x) / log(big_float(3)); }

big_int summed_indices(long L) { return (power_of_three(L) - 1) / 2; }

std::int64_t output_degree(int L) { return power_of_three(L).convert_to<std::int64_t>(); }

std::int64_t summed_index_count(int L) { return summed_indices(L).convert_to<std::int64_t>(); }

std::int64_t summed_index_count_by_recursion(int L) {
  std::int64_t C = 0;
  for (int l = 1; l <= L; ++l) C = 3 * C + 1;  // each layer adds its index j and three copies of the previous ones
  return C;
}

int gram_entry_count(int dx) { return dx * (dx + 1) / 2; }

namespace {

big_int from_mpz(const mpz_class& x) {  // through 64-bit limbs, exact
  std::vector<std::uint64_t> words((mpz_sizeinbase(x.get_mpz_t(), 2) + 63) / 64 + 1);
  std::size_t count = 0;
  mpz_export(words.data(), &count, -1, sizeof(std::uint64_t), 0, 0, x.get_mpz_t());
  big_int out;
  boost::multiprecision::import_bits(out, words.begin(), words.begin() + static_cast<std::ptrdiff_t>(count), 64, false);
  return x < 0 ? big_int(-out) : out;
}

}  // namespace

big_int multichoose(std::uint64_t n, std::uint64_t k) {
  if (n == 0) return k == 0 ? 1 : 0;
  if (n - 1 > std::numeric_limits<unsigned long>::max() - k) {  // n + k - 1 beyond 64 bits: exact steps
    big_int b = 1;
    for (std::uint64_t i = 1; i <= k; ++i) b = b * (big_int(n) - 1 + i) / i;
    return b;
  }
  mpz_class b;  // binom(n + k - 1, k)
  mpz_bin_uiui(b.get_mpz_t(), static_cast<unsigned long>(n - 1 + k), static_cast<unsigned long>(k));
  return from_mpz(b);
}

std::string decimal(const big_int& v) {
  if (v >= std::numeric_limits<long>::min() && v <= std::numeric_limits<long>::max())
    return std::to_string(v.convert_to<long>());
  std::vector<std::uint64_t> words;
  boost::multiprecision::export_bits(v, std::back_inserter(words), 64, false);
  mpz_class x;
  mpz_import(x.get_mpz_t(), words.size(), -1, sizeof(std::uint64_t), 0, 0, words.data());
  return (v < 0 ? "-" : "") + x.get_str();
}

std::string bounded_count::str() const {
  return exceeds ? "more than " + std::to_string(value - 1) : std::to_string(value);
}

bounded_count binomial(std::uint64_t n, std::uint64_t k, std::uint64_t cap) {
  __extension__ typedef unsigned __int128 u128;
  if (k > n) return {0, false};
  if (k > n - k) k = n - k;
  // b_i = binom(n - k + i, i) is an integer and increases with i.
  u128 b = 1;
  for (std::uint64_t i = 1; i <= k; ++i) {
    b = b * (n - k + i) / i;
    if (b > cap) return {cap + 1, true};
  }
  return {static_cast<std::uint64_t>(b), false};
}

bounded_count multichoose_capped(std::uint64_t n, std::uint64_t k, std::uint64_t cap) {
  if (n == 0) return {k == 0 ? 1u : 0u, false};
  return binomial(n + k - 1, k, cap);
}

double multichoose_double(int n, int k) {
  if (k < 0) return 0;
  const bounded_count b =
      multichoose_capped(static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(k), std::uint64_t{1} << 62);
  return b.exceeds ? 1e300 : static_cast<double>(b.value);
}

}  // namespace seprank
