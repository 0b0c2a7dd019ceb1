#include "seprank/model/quantities.hpp"

namespace seprank {

big_int power_of_three(long L) {
  big_int p = 1;
  for (long l = 0; l < L; ++l) p *= 3;
  return p;
}

big_int summed_indices(long L) { return (power_of_three(L) - 1) / 2; }

std::int64_t output_degree(int L) { return power_of_three(L).convert_to<std::int64_t>(); }

std::int64_t summed_index_count(int L) { return summed_indices(L).convert_to<std::int64_t>(); }

std::int64_t summed_index_count_by_recursion(int L) {
  std::int64_t C = 0;
  for (int l = 1; l <= L; ++l) C = 3 * C + 1;  // each layer adds its index j and three copies of the previous ones
  return C;
}

int gram_entry_count(int dx) { return dx * (dx + 1) / 2; }

big_int multichoose(std::uint64_t n, std::uint64_t k) {
  if (n == 0) return k == 0 ? 1 : 0;
  big_int b = 1;  // binom(n + k - 1, k), exact
  for (std::uint64_t i = 1; i <= k; ++i) b = b * (n - 1 + i) / i;
  return b;
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

}  // namespace seprank
