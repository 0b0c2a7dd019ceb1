#include "seprank/analysis/structure/annihilators/varieties.hpp"

#include <algorithm>
#include <functional>

#include "seprank/engine/fflas_rank.hpp"
#include "seprank/engine/integer_forms.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/engine/macaulay.hpp"
#include "seprank/engine/polynomial.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/random.hpp"

namespace seprank {
namespace {

// The quadrics x^T S x and the maximal minors of their Jacobian (rows 2 S x): Z is smooth of the expected
// dimension exactly when these have no common zero, shown by a Macaulay matrix of full rank mod p
// (docs/theory.md, section 14). Degrees from `first` on (0: from max(2, m)). Returns the degree that worked, or 0.
int macaulay_smooth(const std::vector<zmatrix>& quadrics, int n, std::uint64_t p, std::uint64_t max_entries,
                    const std::function<void(double, double, int)>& announce, int first = 0) {
  const int m = static_cast<int>(quadrics.size());
  // binom(n, m) minors, each a form of degree m with up to mc(n, m) terms built m times over: beyond about 10^6
  // such terms the test is not tried (Z is then known by its dimension only, a weaker but sound count).
  if (multichoose_double(n - m + 1, m) * multichoose_double(n, m) * m > 1e6)
    return 0;  // binom(n, m) = mc(n - m + 1, m)
  const ring_ptr ring = form_ring(n);
  std::vector<polynomial> gens = quadratic_forms_of(quadrics, ring);
  // The Jacobian: d/dx_i of x^T S x = 2 (S x)_i (S symmetric).
  std::vector<std::vector<polynomial>> jac(static_cast<std::size_t>(m),
                                           std::vector<polynomial>(static_cast<std::size_t>(n), polynomial(ring)));
  for (int q = 0; q < m; ++q)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (const mpz_class& s = quadrics[static_cast<std::size_t>(q)](i, j); s != 0)
          jac[static_cast<std::size_t>(q)][static_cast<std::size_t>(i)] +=
              polynomial::constant(ring, mpz_class(2 * s)) * polynomial::variable(ring, j);
  // The m x m minors: every choice of m columns.
  std::vector<int> cols(static_cast<std::size_t>(m));
  std::function<void(int, int)> choose = [&](int at, int from) {
    if (at == m) {
      std::vector<std::vector<polynomial>> sub;
      for (int r = 0; r < m; ++r) {
        std::vector<polynomial> row;
        for (int c : cols) row.push_back(jac[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]);
        sub.push_back(std::move(row));
      }
      polynomial d = determinant(sub);
      if (!d.is_zero()) gens.push_back(std::move(d));
      return;
    }
    for (int c = from; c < n; ++c) cols[static_cast<std::size_t>(at)] = c, choose(at + 1, c + 1);
  };
  choose(0, 0);
  const int last = m + (n - m) * std::max(m - 1, 1) + 3;  // beyond the Macaulay bound of n forms of these degrees
  return macaulay_span_degree(gens, first > 0 ? first : std::max(2, m), last, p, max_entries, announce);
}

// The prime the Macaulay matrices are ranked modulo: the largest below 2^23, so that large ones run on BLAS
// (engine/fflas_rank) with room to delay the reductions (products of 46 bits summed in doubles): L = 6, d_x = 7
// takes 23 s, against 62 s below 2^26 and 116 s with FLINT below 2^30 (1073741789 before 2026-11-27). A matrix of
// full rank over Q that is not mod this prime would only cost a weaker bound (the tool would not claim what it
// failed to show), never a wrong one.
constexpr std::uint64_t macaulay_prime = 8388593;

// The distinct nonzero quadrics of a grouping's forms restricted to the linear space spanned by basis' columns.
std::vector<zmatrix> restricted_quadrics(const annihilator_grouping& gr, const gram_word& g, const zmatrix& basis) {
  std::vector<zmatrix> quadrics;
  std::vector<zmatrix> unrestricted;  // the word repeats its factors: restrict each distinct form once
  for (int j : gr.positions) {
    const zmatrix K = zmatrix_symmetric(g.factors[static_cast<std::size_t>(j)]);
    if (zmatrix_is_zero(K) || std::any_of(unrestricted.begin(), unrestricted.end(),
                                          [&](const zmatrix& q) { return zmatrix_proportional(q, K); }))
      continue;
    unrestricted.push_back(K);
    const zmatrix S = zmatrix_mul(zmatrix_mul(transpose(basis), K), basis);
    if (zmatrix_is_zero(S)) continue;
    if (std::none_of(quadrics.begin(), quadrics.end(), [&](const zmatrix& q) { return zmatrix_proportional(q, S); }))
      quadrics.push_back(S);
  }
  return quadrics;
}

// An intersection of two families: of Z only dim (R/I)_d is needed (the union's count), so it is shown empty, or of
// the expected dimension (a regular sequence), instead of smooth.
void prove_intersection(annihilator_family& f, std::uint64_t max_entries) {
  const int m = static_cast<int>(f.quadrics.size()), n = f.ambient;
  if (f.dimension < 0) {
    if (n == 0) return;
    // m > n - 1 quadrics: if n of them form a regular sequence, every form of degree n + 1 is in their ideal.
    const int d = macaulay_span_degree(quadratic_forms_of(f.quadrics, form_ring(n)), 2, n + 2, macaulay_prime,
                                       max_entries, [](double, double, int) {});
    if (d > 0) f.proof = variety_proof::empty_macaulay_mod_p, f.prime = macaulay_prime, f.macaulay_degree = d;
    return;
  }
  // Restricted to a linear space Lambda of projective dimension m - 1 (fixed pseudo-random integer columns), the m
  // quadrics have no common zero when every form of some degree lies in their ideal there. A variety of
  // dimension > e would meet Lambda (dimensions add up to n - 1), so dim Z = e: a regular sequence.
  f.proof = variety_proof::dimension_only;
  splitmix64 rng{0x5eed0000ULL + static_cast<std::uint64_t>(m) * 131 + static_cast<std::uint64_t>(n)};
  for (int attempt = 0; attempt < 2 && f.proof == variety_proof::dimension_only; ++attempt) {
    zmatrix Lambda(n, m);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < m; ++c) Lambda(r, c) = static_cast<long>(rng.next() % 19) - 9;
    std::vector<zmatrix> section;
    for (const auto& S : f.quadrics) section.push_back(zmatrix_mul(zmatrix_mul(transpose(Lambda), S), Lambda));
    const int d = macaulay_span_degree(quadratic_forms_of(section, form_ring(m)), 2, m + 2, macaulay_prime, max_entries,
                                       [](double, double, int) {});
    if (d > 0) f.proof = variety_proof::regular_sequence_mod_p, f.prime = macaulay_prime, f.macaulay_degree = d;
  }
}

// The smooth test on a linear space Lambda of projective dimension m (fixed pseudo-random integer columns, n x (m +
// 1)), in m + 1 variables instead of n: if the restricted quadrics and their Jacobian minors have no common zero, Z cap
// Lambda is 0-dimensional and smooth (Lambda has full rank, else its kernel would be a singular point), so dim Z = e
// (a larger Z would meet Lambda in a curve) and Z is smooth at the points of Z cap Lambda (the local ring of Z there,
// of dimension e, has a maximal ideal generated by the e linear forms of Lambda). Every component of Z has dimension e
// and meets Lambda, so Z is generically reduced; a complete intersection has no embedded components, so its ideal is
// radical (section 14).
void prove_reduced_section(annihilator_family& f, const word_context& w, const std::string& name) {
  const int m = static_cast<int>(f.quadrics.size()), n = f.ambient;
  // On Lambda the quadrics leave H(D) = sum_{i <= D} binom(m, i) forms of degree D (2^m once D >= m), which the
  // m + 1 minors of degree m times the forms of degree D - m must fill: no degree with (m + 1) H(D - m) < H(D) can
  // work, so the test starts above them (L = 6: degree 8 for six quadrics; seven or more reach the size limit at
  // once, as at L = 8, d_x = 64).
  auto H = [&](int D) {
    double h = 0, binom = 1;
    for (int i = 0; i <= std::min(D, m); ++i) h += binom, binom = binom * (m - i) / (i + 1);
    return h;
  };
  int first = std::max(2, m);
  while ((m + 1) * H(first - m) < H(first)) ++first;
  // The matrix in that degree (m quadrics and m + 1 minors of degree m, in m + 1 variables) must fit before the
  // minors are built (Laplace expansion: seconds for m >= 8).
  const double rows = m * multichoose_double(m + 1, first - 2) + (m + 1) * multichoose_double(m + 1, first - m);
  if (rows * multichoose_double(m + 1, first) > static_cast<double>(w.max_entries)) return;
  splitmix64 rng{0x5ec70000ULL + static_cast<std::uint64_t>(m) * 131 + static_cast<std::uint64_t>(n)};
  {  // one section: a failure is the degree or the size limit, which another section would meet as well
    zmatrix Lambda(n, m + 1);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c <= m; ++c) Lambda(r, c) = static_cast<long>(rng.next() % 19) - 9;
    std::vector<zmatrix> section;
    for (const auto& S : f.quadrics) section.push_back(zmatrix_mul(zmatrix_mul(transpose(Lambda), S), Lambda));
    const auto announce = [&](double rows, double cols, int d) {
      if (w.progress && rows * cols >= 2e6)
        w.progress("annihilators, " + name + ": is Z smooth where a linear space of dimension " + std::to_string(m) +
                   " meets it? the Macaulay matrix in degree " + std::to_string(d) + " (" +
                   std::to_string(static_cast<long>(rows)) + " x " + std::to_string(static_cast<long>(cols)) +
                   ") mod " + std::to_string(macaulay_prime));
    };
    const int d = macaulay_smooth(section, m + 1, macaulay_prime, w.max_entries, announce, first);
    if (d > 0) f.proof = variety_proof::reduced_section_mod_p, f.prime = macaulay_prime, f.macaulay_degree = d;
  }
}

// A family's own variety Z: the whole space, a nondegenerate quadric, a pencil with distinct roots, or smooth by a
// Macaulay rank mod p; else known by its dimension only.
void prove_smooth(annihilator_family& f, const word_context& w, const std::string& name) {
  const int m = static_cast<int>(f.quadrics.size()), n = f.ambient;
  f.proof = variety_proof::dimension_only;
  auto rows_of = [&](const zmatrix& a) {
    std::vector<std::vector<mpz_class>> r(static_cast<std::size_t>(n),
                                          std::vector<mpz_class>(static_cast<std::size_t>(n)));
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) r[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = a(i, j);
    return r;
  };
  if (m == 0) {
    f.proof = variety_proof::whole_space;
  } else if (m == 1) {
    const auto zero = std::vector<std::vector<mpz_class>>(static_cast<std::size_t>(n),
                                                          std::vector<mpz_class>(static_cast<std::size_t>(n), 0));
    const auto det = pencil_determinant(zero, rows_of(f.quadrics[0]));  // det(0 x + S) = det S
    if (!det.empty() && det[0] != 0) f.proof = variety_proof::nondegenerate_quadric, f.certificate = det[0];
  } else if (m == 2) {
    // Distinct roots of det(x A + y B) (degree n): after a change of basis of the pencil, A and B are diagonal
    // with distinct ratios, and no point of Z has a Jacobian of rank < 2 (section 14). A + s B for the first s
    // with det != 0 keeps the pencil and puts every root at finite x.
    for (int s = 0; s <= n + 1; ++s) {
      zmatrix A = f.quadrics[0];
      for (int r = 0; r < n; ++r)
        for (int q = 0; q < n; ++q) A(r, q) += s * f.quadrics[1](r, q);
      const auto poly = pencil_determinant(rows_of(A), rows_of(f.quadrics[1]));
      if (static_cast<int>(poly.size()) != n + 1 || poly.back() == 0) continue;
      const mpz_class d = discriminant(poly);
      if (d != 0) f.proof = variety_proof::pencil_discriminant, f.certificate = d;
      break;
    }
  }
  if (f.proof == variety_proof::dimension_only && m >= 1) {
    // A Macaulay matrix of millions of entries takes seconds to minutes (L = 6, d_x = 10: about 40 s in all).
    const std::uint64_t p = macaulay_prime;
    const auto announce = [&](double rows, double cols, int d) {
      if (w.progress && rows * cols >= 2e6)
        w.progress("annihilators, " + name + ": is Z smooth? the Macaulay matrix of its " + std::to_string(m) +
                   " quadrics and their Jacobian minors in degree " + std::to_string(d) + " (" +
                   std::to_string(static_cast<long>(rows)) + " x " + std::to_string(static_cast<long>(cols)) +
                   ") mod " + std::to_string(p));
    };
    const int d = macaulay_smooth(f.quadrics, n, p, w.max_entries, announce);
    if (d > 0) f.proof = variety_proof::macaulay_mod_p, f.prime = p, f.macaulay_degree = d;
  }
  if (f.proof == variety_proof::dimension_only && m >= 1 && f.dimension >= 1) prove_reduced_section(f, w, name);
}

}  // namespace

big_int complete_intersection_hilbert(int m, int e, std::uint64_t d) {
  big_int h = 0, binom = 1;  // binom = binom(m, i)
  for (int i = 0; i <= m && static_cast<std::uint64_t>(i) <= d; ++i) {
    h += binom * multichoose(static_cast<std::uint64_t>(e + 1), d - static_cast<std::uint64_t>(i));
    binom = binom * (m - i) / (i + 1);
  }
  return h;
}

big_int annihilator_family::degree() const {
  big_int d = 1;
  for (std::size_t i = 0; i < quadrics.size(); ++i) d *= 2;
  return d;
}

big_int annihilator_family::operators(unsigned k) const {
  if (dimension < 0 || k < grouping.order()) return 0;
  if (!smooth()) return multichoose(static_cast<std::uint64_t>(dimension) + 1, 2 * static_cast<std::uint64_t>(k));
  return complete_intersection_hilbert(static_cast<int>(quadrics.size()), dimension, 2 * static_cast<std::uint64_t>(k));
}

big_int annihilator_family::ideal_hilbert(std::uint64_t d) const {
  if (smooth()) return complete_intersection_hilbert(static_cast<int>(quadrics.size()), dimension, d);
  if (proof == variety_proof::regular_sequence_mod_p)
    return complete_intersection_hilbert(static_cast<int>(quadrics.size()), dimension, d);
  if (proof == variety_proof::empty_macaulay_mod_p && d >= static_cast<std::uint64_t>(macaulay_degree)) return 0;
  return -1;
}

annihilator_family analyse_family(const annihilator_grouping& gr, const word_context& w, const zmatrix& basis,
                                  const std::string& name, bool intersection) {
  annihilator_family f;
  f.grouping = gr;
  f.ambient = basis.cols();
  f.quadrics = restricted_quadrics(gr, w.g, basis);
  f.dimension = f.ambient - 1 - static_cast<int>(f.quadrics.size());
  if (f.dimension < 0) {
    f.dimension = -1, f.proof = variety_proof::expected_empty;
    if (intersection) prove_intersection(f, w.max_entries);
  } else if (intersection && !f.quadrics.empty()) {
    prove_intersection(f, w.max_entries);
  } else {
    prove_smooth(f, w, name);
  }
  return f;
}

}  // namespace seprank
