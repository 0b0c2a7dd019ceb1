// Monomials of one degree in n variables, numbered without listing them: lexicographic order with
// the larger first exponent first ((2,0), (1,1), (0,2)). The graded Gram rank (analysis/gram_rank)
// builds and samples blocks of size up to d_x multichoose(D, C) this way (docs/theory.md, section 7).
#pragma once
#include <cstdint>
#include <vector>

namespace seprank {

class monomial_index {
 public:
  // Monomials of degree 0..max_degree in n >= 1 variables; throws std::overflow_error when a count
  // exceeds 2^62.
  monomial_index(int n, int max_degree);
  int variables() const { return n_; }
  // multichoose(n, degree): the number of monomials of that degree.
  std::uint64_t count(int degree) const { return table_[n_][degree]; }
  // The position of the exponent vector e (n entries summing to degree) among them.
  std::uint64_t rank(const unsigned* e, int degree) const;
  // The exponent vector at a position (0 <= index < count(degree)), written to e.
  void unrank(std::uint64_t index, int degree, unsigned* e) const;

 private:
  int n_;
  std::vector<std::vector<std::uint64_t>> table_;  // table_[m][d] = multichoose(m, d)
};

}  // namespace seprank
