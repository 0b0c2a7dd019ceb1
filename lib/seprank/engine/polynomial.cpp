#include "seprank/engine/polynomial.hpp"
#include "seprank/support/interrupt.hpp"

#include <flint/fmpz_poly.h>
#include <flint/fmpz_poly_mat.h>

#include <map>
#include <sstream>
#include <stdexcept>

#include <flint/flint.h>
#include <flint/fmpz.h>
#include <thread>

namespace seprank {

void set_engine_threads(int n) { flint_set_num_threads(n < 1 ? 1 : n); }
void use_engine_threads_here(int n) { _flint_set_num_workers(n < 1 ? 0 : n - 1); }

int default_engine_threads() {
  const unsigned hw = std::thread::hardware_concurrency();
  return hw == 0 ? 1 : static_cast<int>(hw < 8 ? hw : 8);
}

polynomial_ring::polynomial_ring(std::vector<std::string> names, std::vector<std::string> latex)
    : names_(std::move(names)) {
  fmpz_mpoly_ctx_init(ctx_, static_cast<slong>(names_.size()), ORD_LEX);
  if (latex.empty()) latex = names_;
  symbols_.reserve(names_.size());
  for (std::size_t i = 0; i < names_.size(); ++i) symbols_.emplace_back(names_[i], latex[i]);
}

polynomial_ring::polynomial_ring(std::vector<GiNaC::symbol> symbols) : symbols_(std::move(symbols)) {
  for (const auto& s : symbols_) names_.push_back(s.get_name());
  fmpz_mpoly_ctx_init(ctx_, static_cast<slong>(names_.size()), ORD_LEX);
}

polynomial_ring::~polynomial_ring() { fmpz_mpoly_ctx_clear(ctx_); }

polynomial::polynomial(ring_ptr ring) : ring_(std::move(ring)) {
  fmpz_mpoly_init(p_, ring_->ctx());
  live_ = true;
}

polynomial polynomial::variable(const ring_ptr& ring, int i) {
  polynomial p(ring);
  fmpz_mpoly_gen(p.p_, i, ring->ctx());
  return p;
}

polynomial polynomial::constant(const ring_ptr& ring, long c) {
  polynomial p(ring);
  fmpz_mpoly_set_si(p.p_, c, ring->ctx());
  return p;
}

polynomial polynomial::constant(const ring_ptr& ring, const mpz_class& c) {
  polynomial p(ring);
  fmpz_t x;
  fmpz_init(x);
  fmpz_set_mpz(x, c.get_mpz_t());
  fmpz_mpoly_set_fmpz(p.p_, x, ring->ctx());
  fmpz_clear(x);
  return p;
}

polynomial polynomial::parse(const ring_ptr& ring, const std::string& text) {
  std::vector<const char*> names;
  for (int i = 0; i < ring->variable_count(); ++i) names.push_back(ring->name(i).c_str());
  polynomial p(ring);
  if (fmpz_mpoly_set_str_pretty(p.p_, text.c_str(), names.data(), ring->ctx()) != 0)
    throw std::invalid_argument("cannot parse polynomial: " + text);
  return p;
}

polynomial::polynomial(const polynomial& o) : ring_(o.ring_) {
  if (!o.live_) return;
  fmpz_mpoly_init(p_, ring_->ctx());
  fmpz_mpoly_set(p_, o.p_, ring_->ctx());
  live_ = true;
}

polynomial::polynomial(polynomial&& o) noexcept : ring_(std::move(o.ring_)), live_(o.live_) {
  p_[0] = o.p_[0];
  o.live_ = false;
}

polynomial& polynomial::operator=(const polynomial& o) {
  if (this != &o) *this = polynomial(o);
  return *this;
}

polynomial& polynomial::operator=(polynomial&& o) noexcept {
  if (this == &o) return *this;
  if (live_) fmpz_mpoly_clear(p_, ring_->ctx());
  ring_ = std::move(o.ring_);
  p_[0] = o.p_[0];
  live_ = o.live_;
  o.live_ = false;
  return *this;
}

polynomial::~polynomial() {
  if (live_) fmpz_mpoly_clear(p_, ring_->ctx());
}

polynomial& polynomial::operator+=(const polynomial& b) {
  fmpz_mpoly_add(p_, p_, b.p_, ring_->ctx());
  return *this;
}

polynomial& polynomial::operator-=(const polynomial& b) {
  fmpz_mpoly_sub(p_, p_, b.p_, ring_->ctx());
  return *this;
}

namespace {
// Term products in one uninterrupted FLINT multiplication (about 0.4 s here): the grain of Ctrl-C and
// --time-limit in the Gram form and the expansion, whose largest products (L = 3, d_x = 4: 48620 x 715
// terms, 1.5 s) would otherwise pass a signal by more than a second.
constexpr double product_grain = 1e7;

// Terms [from, from + count) of a, as a polynomial in the same context (terms stay sorted).
void copy_terms(fmpz_mpoly_t out, const fmpz_mpoly_t a, slong from, slong count, const fmpz_mpoly_ctx_t ctx) {
  const slong words = mpoly_words_per_exp(a->bits, ctx->minfo);
  fmpz_mpoly_fit_length_reset_bits(out, count, a->bits, ctx);
  for (slong t = 0; t < count; ++t) {
    fmpz_set(out->coeffs + t, a->coeffs + from + t);
    mpoly_monomial_set(out->exps + words * t, a->exps + words * (from + t), words);
  }
  _fmpz_mpoly_set_length(out, count, ctx);
}
}  // namespace

polynomial operator*(const polynomial& a, const polynomial& b) {
  check_interrupt();
  polynomial c(a.ring_);
  const auto* ctx = a.ring_->ctx();
  const slong n = fmpz_mpoly_length(a.p_, ctx), m = fmpz_mpoly_length(b.p_, ctx);
  if (static_cast<double>(n) * static_cast<double>(m) <= product_grain || n < 2) {
    fmpz_mpoly_mul(c.p_, a.p_, b.p_, ctx);
    return c;
  }
  // a b = sum over slices of a of (slice) b, with a check between slices; the sum is the same polynomial.
  const slong slice = std::max<slong>(1, static_cast<slong>(product_grain / static_cast<double>(m)));
  polynomial part(a.ring_), piece(a.ring_);
  for (slong from = 0; from < n; from += slice) {
    if (from > 0) check_interrupt();
    copy_terms(part.p_, a.p_, from, std::min(slice, n - from), ctx);
    fmpz_mpoly_mul(piece.p_, part.p_, b.p_, ctx);
    fmpz_mpoly_add(c.p_, c.p_, piece.p_, ctx);
  }
  return c;
}

polynomial& polynomial::operator*=(const polynomial& b) { return *this = *this * b; }

polynomial& polynomial::operator*=(long c) {
  fmpz_mpoly_scalar_mul_si(p_, p_, c, ring_->ctx());
  return *this;
}

bool polynomial::operator==(const polynomial& b) const {
  return ring_ == b.ring_ && fmpz_mpoly_equal(p_, b.p_, ring_->ctx());
}

bool polynomial::is_zero() const { return fmpz_mpoly_is_zero(p_, ring_->ctx()); }
long polynomial::term_count() const { return fmpz_mpoly_length(p_, ring_->ctx()); }
int polynomial::total_degree() const { return static_cast<int>(fmpz_mpoly_total_degree_si(p_, ring_->ctx())); }

void polynomial::exponents(long t, unsigned long* out) const { fmpz_mpoly_get_term_exp_ui(out, p_, t, ring_->ctx()); }

std::vector<unsigned long> polynomial::exponents(long t) const {
  std::vector<unsigned long> e(ring_->variable_count());
  exponents(t, e.data());
  return e;
}

mpz_class polynomial::coefficient(long t) const {
  fmpz_t c;
  fmpz_init(c);
  fmpz_mpoly_get_term_coeff_fmpz(c, p_, t, ring_->ctx());
  mpz_class out;
  fmpz_get_mpz(out.get_mpz_t(), c);
  fmpz_clear(c);
  return out;
}

std::string polynomial::coefficient_string(long t) const { return coefficient(t).get_str(); }

polynomial polynomial::compose(const ring_ptr& target, const std::vector<polynomial>& values) const {
  std::vector<fmpz_mpoly_struct*> v;
  for (const auto& x : values) v.push_back(const_cast<fmpz_mpoly_struct*>(x.p_));
  polynomial r(target);
  if (!fmpz_mpoly_compose_fmpz_mpoly(r.p_, p_, v.data(), ring_->ctx(), target->ctx()))
    throw std::overflow_error("polynomial composition: exponent overflow");
  return r;
}

mpz_class polynomial::evaluate(const std::vector<mpz_class>& point) const {
  const int n = ring_->variable_count();
  std::vector<fmpz> vals(n);
  std::vector<fmpz*> ptrs(n);
  for (int i = 0; i < n; ++i) {
    fmpz_init(&vals[i]);
    fmpz_set_mpz(&vals[i], point[i].get_mpz_t());
    ptrs[i] = &vals[i];
  }
  fmpz_t ev;
  fmpz_init(ev);
  fmpz_mpoly_evaluate_all_fmpz(ev, p_, ptrs.data(), ring_->ctx());
  mpz_class out;
  fmpz_get_mpz(out.get_mpz_t(), ev);
  fmpz_clear(ev);
  for (auto& v : vals) fmpz_clear(&v);
  return out;
}

namespace {

using symbol_index = std::map<GiNaC::ex, int, GiNaC::ex_is_less>;

// Adds one expanded monomial (numeric coefficient times powers of ring symbols) to `acc`.
void push_monomial(const GiNaC::ex& m, const symbol_index& index, polynomial& acc) {
  const ring_ptr& ring = acc.ring();
  std::vector<ulong> exps(ring->variable_count(), 0);
  GiNaC::numeric coeff = 1;
  auto factor = [&](const GiNaC::ex& f) {
    if (GiNaC::is_a<GiNaC::numeric>(f)) {
      coeff *= GiNaC::ex_to<GiNaC::numeric>(f);
      return;
    }
    GiNaC::ex base = f;
    long power = 1;
    if (GiNaC::is_a<GiNaC::power>(f)) {
      base = f.op(0);
      const GiNaC::ex pe = f.op(1);
      if (!GiNaC::is_a<GiNaC::numeric>(pe) || !GiNaC::ex_to<GiNaC::numeric>(pe).is_pos_integer())
        throw std::invalid_argument("from_ginac: not a polynomial");
      power = GiNaC::ex_to<GiNaC::numeric>(pe).to_long();
    }
    const auto it = index.find(base);
    if (it == index.end()) throw std::invalid_argument("from_ginac: unknown symbol in expression");
    exps[it->second] += static_cast<ulong>(power);
  };
  if (GiNaC::is_a<GiNaC::mul>(m))
    for (std::size_t k = 0; k < m.nops(); ++k) factor(m.op(k));
  else
    factor(m);
  if (!coeff.is_integer()) throw std::invalid_argument("from_ginac: non-integer coefficient");
  fmpz_t c;
  fmpz_init(c);
  std::ostringstream digits;
  digits << coeff;
  fmpz_set_str(c, digits.str().c_str(), 10);  // exact decimal transfer
  fmpz_mpoly_push_term_fmpz_ui(acc.get(), c, exps.data(), ring->ctx());
  fmpz_clear(c);
}

}  // namespace

polynomial from_ginac(const GiNaC::ex& e, const ring_ptr& ring) {
  symbol_index index;
  for (int i = 0; i < ring->variable_count(); ++i) index[ring->symbol(i)] = i;
  const GiNaC::ex x = GiNaC::expand(e);
  polynomial acc(ring);
  if (GiNaC::is_a<GiNaC::add>(x))
    for (std::size_t k = 0; k < x.nops(); ++k) push_monomial(x.op(k), index, acc);
  else if (!x.is_zero())
    push_monomial(x, index, acc);
  fmpz_mpoly_sort_terms(acc.get(), ring->ctx());
  fmpz_mpoly_combine_like_terms(acc.get(), ring->ctx());
  return acc;
}

}  // namespace seprank

namespace seprank {

polynomial resultant(const polynomial& a, const polynomial& b, int var) {
  polynomial r(a.ring());
  if (!fmpz_mpoly_resultant(r.get(), a.get(), b.get(), var, a.ring()->ctx()))
    throw std::overflow_error("resultant: FLINT could not compute it");
  return r;
}

mpz_class discriminant(const std::vector<mpz_class>& c) {
  fmpz_poly_t f;
  fmpz_poly_init(f);
  for (std::size_t k = 0; k < c.size(); ++k) {
    fmpz_t x;
    fmpz_init(x);
    fmpz_set_mpz(x, c[k].get_mpz_t());
    fmpz_poly_set_coeff_fmpz(f, static_cast<slong>(k), x);
    fmpz_clear(x);
  }
  fmpz_t d;
  fmpz_init(d);
  fmpz_poly_discriminant(d, f);
  mpz_class out;
  fmpz_get_mpz(out.get_mpz_t(), d);
  fmpz_clear(d);
  fmpz_poly_clear(f);
  return out;
}

std::vector<mpz_class> pencil_determinant(const std::vector<std::vector<mpz_class>>& A,
                                          const std::vector<std::vector<mpz_class>>& B) {
  const auto n = static_cast<slong>(A.size());
  fmpz_poly_mat_t m;
  fmpz_poly_mat_init(m, n, n);
  fmpz_t x;
  fmpz_init(x);
  for (slong i = 0; i < n; ++i)
    for (slong j = 0; j < n; ++j) {
      fmpz_poly_struct* e = fmpz_poly_mat_entry(m, i, j);
      fmpz_set_mpz(x, B[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].get_mpz_t());
      fmpz_poly_set_coeff_fmpz(e, 0, x);
      fmpz_set_mpz(x, A[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)].get_mpz_t());
      fmpz_poly_set_coeff_fmpz(e, 1, x);
    }
  fmpz_poly_t d;
  fmpz_poly_init(d);
  fmpz_poly_mat_det(d, m);
  std::vector<mpz_class> out(static_cast<std::size_t>(std::max<slong>(fmpz_poly_length(d), 0)));
  for (slong k = 0; k < fmpz_poly_length(d); ++k) {
    fmpz_poly_get_coeff_fmpz(x, d, k);
    fmpz_get_mpz(out[static_cast<std::size_t>(k)].get_mpz_t(), x);
  }
  fmpz_poly_clear(d);
  fmpz_clear(x);
  fmpz_poly_mat_clear(m);
  return out;
}

}  // namespace seprank
