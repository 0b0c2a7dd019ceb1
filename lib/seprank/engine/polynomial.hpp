// Exact multivariate polynomials over Z: a small RAII wrapper over FLINT's fmpz_mpoly,
// with exact conversion to and from GiNaC (for display, LaTeX and symbolic checks).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <flint/fmpz_mpoly.h>
#include <ginac/ginac.h>
#include <gmpxx.h>

namespace seprank {

// A polynomial ring Z[v_0, ..., v_{n-1}] with named variables (lexicographic term order).
class polynomial_ring {
 public:
  // names: plain-text variable names; latex_names: LaTeX names (defaults to names).
  explicit polynomial_ring(std::vector<std::string> names, std::vector<std::string> latex_names = {});
  // A ring over existing GiNaC symbols (so that expressions in them convert exactly).
  explicit polynomial_ring(std::vector<GiNaC::symbol> symbols);
  ~polynomial_ring();
  polynomial_ring(const polynomial_ring&) = delete;
  polynomial_ring& operator=(const polynomial_ring&) = delete;

  int variable_count() const { return static_cast<int>(names_.size()); }
  const std::string& name(int i) const { return names_[i]; }
  const GiNaC::symbol& symbol(int i) const { return symbols_[i]; }
  const fmpz_mpoly_ctx_struct* ctx() const { return ctx_; }

 private:
  fmpz_mpoly_ctx_t ctx_;
  std::vector<std::string> names_;
  std::vector<GiNaC::symbol> symbols_;
};

using ring_ptr = std::shared_ptr<const polynomial_ring>;

class polynomial {
 public:
  polynomial() = default;              // an empty handle; assign before use
  explicit polynomial(ring_ptr ring);  // zero
  static polynomial variable(const ring_ptr& ring, int i);
  static polynomial constant(const ring_ptr& ring, long c);
  static polynomial constant(const ring_ptr& ring, const mpz_class& c);
  // Parses e.g. "3*x1_1^2*x2_1 - x1_2" in the ring's variable names (FLINT's parser);
  // throws std::invalid_argument on a syntax error.
  static polynomial parse(const ring_ptr& ring, const std::string& text);
  polynomial(const polynomial& other);
  polynomial(polynomial&& other) noexcept;
  polynomial& operator=(const polynomial& other);
  polynomial& operator=(polynomial&& other) noexcept;
  ~polynomial();

  polynomial& operator+=(const polynomial& b);
  polynomial& operator-=(const polynomial& b);
  polynomial& operator*=(const polynomial& b);
  polynomial& operator*=(long c);
  friend polynomial operator+(polynomial a, const polynomial& b) { return a += b; }
  friend polynomial operator-(polynomial a, const polynomial& b) { return a -= b; }
  friend polynomial operator*(const polynomial& a, const polynomial& b);
  friend polynomial operator*(long c, polynomial a) { return a *= c; }
  friend polynomial operator*(polynomial a, long c) { return a *= c; }
  bool operator==(const polynomial& b) const;
  bool operator!=(const polynomial& b) const { return !(*this == b); }

  bool is_zero() const;
  long term_count() const;
  int total_degree() const;  // -1 for the zero polynomial
  // Exponent of every variable in term t (terms in the ring's lexicographic order).
  std::vector<unsigned long> exponents(long t) const;
  void exponents(long t, unsigned long* out) const;
  std::string coefficient_string(long t) const;
  mpz_class coefficient(long t) const;

  // Substitute values[v] (polynomials over `target`) for every variable v.
  polynomial compose(const ring_ptr& target, const std::vector<polynomial>& values) const;
  // Exact value at an integer point.
  mpz_class evaluate(const std::vector<mpz_class>& point) const;

  const ring_ptr& ring() const { return ring_; }
  fmpz_mpoly_struct* get() { return p_; }
  const fmpz_mpoly_struct* get() const { return p_; }

 private:
  ring_ptr ring_;
  fmpz_mpoly_struct p_[1] = {};
  bool live_ = false;
};

// Number of threads FLINT may use for polynomial multiplication (results do not depend on it).
// The resultant of a and b with respect to variable `var` (FLINT fmpz_mpoly_resultant): it vanishes at a
// point of the other variables exactly when a and b have a common root in `var` there, provided their leading
// coefficients in `var` do not both vanish.
polynomial resultant(const polynomial& a, const polynomial& b, int var);
// The discriminant of the univariate polynomial sum_k c[k] t^k over Z (FLINT fmpz_poly_discriminant): nonzero
// exactly when the polynomial of degree c.size() - 1 has that many distinct complex roots.
mpz_class discriminant(const std::vector<mpz_class>& c);
// The coefficients (by degree) of det(x A + B) for square integer matrices A, B of one size (FLINT
// fmpz_poly_mat_det): the binary form det(x A + y B) at y = 1.
std::vector<mpz_class> pencil_determinant(const std::vector<std::vector<mpz_class>>& A,
                                          const std::vector<std::vector<mpz_class>>& B);

// FLINT's threads: the process's pool (call on the main thread, while no FLINT call runs) ...
void set_engine_threads(int n);
// ... and how many of the pool's threads a FLINT call made on the calling thread may use (each thread keeps
// its own count, 0 on a new one; the pool is not resized, so this is safe beside other FLINT calls).
void use_engine_threads_here(int n);
int default_engine_threads();

// Converts an expression that expands to a polynomial with integer coefficients in the
// ring's symbols; throws std::invalid_argument otherwise.
polynomial from_ginac(const GiNaC::ex& e, const ring_ptr& ring);

}  // namespace seprank
