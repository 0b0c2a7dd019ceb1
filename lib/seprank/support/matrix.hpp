// A small dense row-major matrix over any scalar type (integers, GiNaC expressions,
// polynomials): the weight matrices W^Q, W^K, W^V, W^O of eq. 3 and matrices of polynomials.
#pragma once
#include <cassert>
#include <type_traits>
#include <utility>
#include <vector>

namespace seprank {

template <class S>
class dense_matrix {
 public:
  dense_matrix() = default;
  dense_matrix(int rows, int cols, const S& fill = S())
      : rows_(rows), cols_(cols), a_(static_cast<std::size_t>(rows) * cols, fill) {}

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  S& operator()(int r, int c) { return a_[index(r, c)]; }
  const S& operator()(int r, int c) const { return a_[index(r, c)]; }
  const std::vector<S>& data() const { return a_; }

 private:
  std::size_t index(int r, int c) const {
    assert(r >= 0 && r < rows_ && c >= 0 && c < cols_);
    return static_cast<std::size_t>(r) * cols_ + c;
  }
  int rows_ = 0, cols_ = 0;
  std::vector<S> a_;
};

// Product of two matrices whose scalars multiply to T (e.g. long * polynomial); R names the result's scalar where
// the product is an expression template (matrix_product<mpz_class>(x, y) for GMP).
template <class R = void, class A, class B>
auto matrix_product(const dense_matrix<A>& x, const dense_matrix<B>& y) {
  using T = std::conditional_t<std::is_void_v<R>, std::decay_t<decltype(x(0, 0) * y(0, 0))>, R>;
  assert(x.cols() == y.rows());
  dense_matrix<T> z(x.rows(), y.cols(), T(x(0, 0) * y(0, 0)));
  for (int i = 0; i < x.rows(); ++i)
    for (int j = 0; j < y.cols(); ++j) {
      T s = x(i, 0) * y(0, j);
      for (int k = 1; k < x.cols(); ++k) s += x(i, k) * y(k, j);
      z(i, j) = std::move(s);
    }
  return z;
}

template <class S>
dense_matrix<S> transpose(const dense_matrix<S>& x) {
  dense_matrix<S> t(x.cols(), x.rows());
  for (int i = 0; i < x.rows(); ++i)
    for (int j = 0; j < x.cols(); ++j) t(j, i) = x(i, j);
  return t;
}

// Matrix-vector product.
template <class A, class B>
auto matrix_vector(const dense_matrix<A>& m, const std::vector<B>& v) {
  using T = std::decay_t<decltype(m(0, 0) * v[0])>;
  assert(static_cast<std::size_t>(m.cols()) == v.size());
  std::vector<T> out;
  out.reserve(m.rows());
  for (int i = 0; i < m.rows(); ++i) {
    T s = m(i, 0) * v[0];
    for (int k = 1; k < m.cols(); ++k) s += m(i, k) * v[k];
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace seprank
