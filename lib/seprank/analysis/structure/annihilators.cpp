#include "seprank/analysis/structure/annihilators.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <stdexcept>
#include <tuple>
#include <iterator>
#include <limits>

#include <flint/ulong_extras.h>

#include "seprank/analysis/paper/gram_count.hpp"
#include "seprank/analysis/structure/monomial_space.hpp"
#include "seprank/engine/fflas_rank.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/engine/macaulay.hpp"
#include "seprank/engine/polynomial.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/random.hpp"

namespace seprank {
namespace {

using zmatrix = dense_matrix<mpz_class>;

zmatrix mul(const zmatrix& x, const zmatrix& y) {  // matrix_product, which needs a first entry on each side
  if (x.rows() == 0 || x.cols() == 0 || y.cols() == 0) return zmatrix(x.rows(), y.cols(), mpz_class(0));
  return matrix_product<mpz_class>(x, y);
}

zmatrix to_z(const dense_matrix<long>& m) {
  zmatrix z(m.rows(), m.cols());
  for (int i = 0; i < m.rows(); ++i)
    for (int j = 0; j < m.cols(); ++j) z(i, j) = m(i, j);
  return z;
}

zmatrix symmetric_form(const zmatrix& K) {  // K + K^T: v^T K v = (1/2) v^T (K + K^T) v
  zmatrix S(K.rows(), K.cols());
  for (int i = 0; i < K.rows(); ++i)
    for (int j = 0; j < K.cols(); ++j) S(i, j) = K(i, j) + K(j, i);
  return S;
}

bool is_zero(const zmatrix& S) {
  return std::all_of(S.data().begin(), S.data().end(), [](const mpz_class& x) { return x == 0; });
}

bool proportional(const zmatrix& a, const zmatrix& b) {  // a = c b for a rational c != 0 (both nonzero)
  // With b_i != 0 the pivot: a_j b_i = b_j a_i for every j says a = (a_i / b_i) b (and a_i = 0 would force a = 0).
  const auto& x = a.data();
  const auto& y = b.data();
  const std::size_t i = static_cast<std::size_t>(std::find_if(y.begin(), y.end(), [](const mpz_class& v) { return v != 0; }) - y.begin());
  for (std::size_t j = 0; j < x.size(); ++j)
    if (x[j] * y[i] != y[j] * x[i]) return false;
  return true;
}

std::uint64_t mulmod(std::uint64_t a, std::uint64_t b, std::uint64_t p) { return n_mulmod2(a, b, p); }
std::uint64_t inverse(std::uint64_t a, std::uint64_t p) { return n_invmod(a, p); }

std::uint64_t reduce(const mpz_class& x, std::uint64_t p) {
  mpz_class r = x % static_cast<unsigned long>(p);
  if (r < 0) r += static_cast<unsigned long>(p);
  return r.get_ui();
}

// The conic w^T S w in Z[x, y, z] after the shear z -> z + a x + b y (w = (x, y, z)).
polynomial conic(const zmatrix& S, const ring_ptr& ring, int a, int b) {
  const polynomial x = polynomial::variable(ring, 0), y = polynomial::variable(ring, 1);
  const polynomial w[] = {x, y, polynomial::variable(ring, 2) + a * x + b * y};
  polynomial out(ring);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (S(i, j) != 0) out += polynomial::constant(ring, S(i, j)) * w[i] * w[j];
  return out;
}

// The quadrics x^T S x in `ring`'s variables.
std::vector<polynomial> quadratic_forms(const std::vector<zmatrix>& quadrics, const ring_ptr& ring) {
  std::vector<polynomial> out;
  for (const auto& S : quadrics) out.push_back(quadratic_form(S, ring));
  return out;
}

// The quadrics x^T S x and the maximal minors of their Jacobian (rows 2 S x): Z is smooth of the expected
// dimension exactly when these have no common zero, shown by a Macaulay matrix of full rank mod p
// (docs/theory.md, section 14). Degrees from `first` on (0: from max(2, m)). Returns the degree that worked, or 0.
int macaulay_smooth(const std::vector<zmatrix>& quadrics, int n, std::uint64_t p, std::uint64_t max_entries,
                    const std::function<void(double, double, int)>& announce, int first = 0) {
  const int m = static_cast<int>(quadrics.size());
  // binom(n, m) minors, each a form of degree m with up to mc(n, m) terms built m times over: beyond about 10^6
  // such terms the test is not tried (Z is then known by its dimension only, a weaker but sound count).
  if (multichoose_double(n - m + 1, m) * multichoose_double(n, m) * m > 1e6) return 0;  // binom(n, m) = mc(n - m + 1, m)
  const ring_ptr ring = form_ring(n);
  std::vector<polynomial> gens = quadratic_forms(quadrics, ring);
  // The Jacobian: d/dx_i of x^T S x = 2 (S x)_i (S symmetric).
  std::vector<std::vector<polynomial>> jac(static_cast<std::size_t>(m), std::vector<polynomial>(static_cast<std::size_t>(n), polynomial(ring)));
  for (int q = 0; q < m; ++q)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (const mpz_class& s = quadrics[static_cast<std::size_t>(q)](i, j); s != 0)
          jac[static_cast<std::size_t>(q)][static_cast<std::size_t>(i)] += polynomial::constant(ring, mpz_class(2 * s)) * polynomial::variable(ring, j);
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

// The coefficient of t^d in (1 + t)^m / (1 - t)^(e + 1): the Hilbert function of a complete intersection of m
// quadrics of projective dimension e (e >= -1; e = -1 is an empty one, (1 + t)^m).
big_int complete_intersection_hilbert(int m, int e, std::uint64_t d) {
  big_int h = 0, binom = 1;  // binom = binom(m, i)
  for (int i = 0; i <= m && static_cast<std::uint64_t>(i) <= d; ++i) {
    h += binom * multichoose(static_cast<std::uint64_t>(e + 1), d - static_cast<std::uint64_t>(i));
    binom = binom * (m - i) / (i + 1);
  }
  return h;
}

// The prime the Macaulay matrices are ranked modulo: the largest below 2^23, so that large ones run on BLAS
// (engine/fflas_rank) with room to delay the reductions (products of 46 bits summed in doubles): L = 6, d_x = 7
// takes 23 s, against 62 s below 2^26 and 116 s with FLINT below 2^30 (1073741789 before 2026-11-27). A matrix of
// full rank over Q that is not mod this prime would only cost a weaker bound (the tool would not claim what it
// failed to show), never a wrong one.
constexpr std::uint64_t macaulay_prime = 8388593;

// The word and the run's limits every family's analysis shares.
struct word_context {
  const gram_word& g;
  std::uint64_t max_entries;    // the largest Macaulay matrix tried
  const progress_fn& progress;  // told before a Macaulay matrix of millions of entries
};

// The distinct nonzero quadrics of a grouping's forms restricted to the linear space spanned by basis' columns.
std::vector<zmatrix> restricted_quadrics(const annihilator_grouping& gr, const gram_word& g, const zmatrix& basis) {
  std::vector<zmatrix> quadrics;
  std::vector<zmatrix> unrestricted;  // the word repeats its factors: restrict each distinct form once
  for (int j : gr.positions) {
    const zmatrix K = symmetric_form(g.factors[static_cast<std::size_t>(j)]);
    if (is_zero(K) || std::any_of(unrestricted.begin(), unrestricted.end(), [&](const zmatrix& q) { return proportional(q, K); }))
      continue;
    unrestricted.push_back(K);
    const zmatrix S = mul(mul(transpose(basis), K), basis);
    if (is_zero(S)) continue;
    if (std::none_of(quadrics.begin(), quadrics.end(), [&](const zmatrix& q) { return proportional(q, S); })) quadrics.push_back(S);
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
    const int d = macaulay_span_degree(quadratic_forms(f.quadrics, form_ring(n)), 2, n + 2, macaulay_prime, max_entries,
                                       [](double, double, int) {});
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
    for (const auto& S : f.quadrics) section.push_back(mul(mul(transpose(Lambda), S), Lambda));
    const int d = macaulay_span_degree(quadratic_forms(section, form_ring(m)), 2, m + 2, macaulay_prime, max_entries,
                                       [](double, double, int) {});
    if (d > 0) f.proof = variety_proof::regular_sequence_mod_p, f.prime = macaulay_prime, f.macaulay_degree = d;
  }
}

// The smooth test on a linear space Lambda of projective dimension m (fixed pseudo-random integer columns, n x (m + 1)),
// in m + 1 variables instead of n: if the restricted quadrics and their Jacobian minors have no common zero, Z cap
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
    for (const auto& S : f.quadrics) section.push_back(mul(mul(transpose(Lambda), S), Lambda));
    const auto announce = [&](double rows, double cols, int d) {
      if (w.progress && rows * cols >= 2e6)
        w.progress("annihilators, " + name + ": is Z smooth where a linear space of dimension " + std::to_string(m) +
                   " meets it? the Macaulay matrix in degree " + std::to_string(d) + " (" + std::to_string(static_cast<long>(rows)) +
                   " x " + std::to_string(static_cast<long>(cols)) + ") mod " + std::to_string(macaulay_prime));
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
    std::vector<std::vector<mpz_class>> r(static_cast<std::size_t>(n), std::vector<mpz_class>(static_cast<std::size_t>(n)));
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) r[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = a(i, j);
    return r;
  };
  if (m == 0) {
    f.proof = variety_proof::whole_space;
  } else if (m == 1) {
    const auto zero = std::vector<std::vector<mpz_class>>(static_cast<std::size_t>(n), std::vector<mpz_class>(static_cast<std::size_t>(n), 0));
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
                   std::to_string(static_cast<long>(rows)) + " x " + std::to_string(static_cast<long>(cols)) + ") mod " +
                   std::to_string(p));
    };
    const int d = macaulay_smooth(f.quadrics, n, p, w.max_entries, announce);
    if (d > 0) f.proof = variety_proof::macaulay_mod_p, f.prime = p, f.macaulay_degree = d;
  }
  if (f.proof == variety_proof::dimension_only && m >= 1 && f.dimension >= 1) prove_reduced_section(f, w, name);
}

// A grouping's family: its quadrics on the linear space, the dimension of Z and what is proven about it.
annihilator_family analyse_family(const annihilator_grouping& gr, const word_context& w, const zmatrix& basis,
                                  const std::string& name, bool intersection = false) {
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

}  // namespace

std::vector<int> gram_word_forms(int L) {
  std::vector<int> F{0};  // A_0 = I: the word (I)
  for (int l = 1; l <= L; ++l) {
    std::vector<int> next{0};                                      // B F_0
    next.insert(next.end(), F.begin() + 1, F.end());              // F_1, ..., F_c
    for (std::size_t j = F.size() - 1; j >= 1; --j) next.push_back(F[j]);  // F_c^T, ..., F_1^T: the same quadrics
    next.push_back(l);                                            // the junction F_0^T E_l F_0
    next.insert(next.end(), F.begin() + 1, F.end());              // F_1, ..., F_c
    F = std::move(next);
  }
  return F;
}

std::vector<annihilator_grouping> annihilator_groupings(const std::vector<int>& forms) {
  const int C = static_cast<int>(forms.size()) - 1;
  std::vector<int> labels;  // the distinct labels of the interior factors
  for (int j = 1; j < C; ++j) labels.push_back(forms[static_cast<std::size_t>(j)]);
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  if (labels.size() > 20) throw std::invalid_argument("annihilator_groupings: more than 20 distinct forms in the word");
  std::map<std::pair<std::vector<int>, bool>, annihilator_grouping> best;  // by (forms, linear): the most pairs
  for (std::uint32_t mask = 0; mask < (std::uint32_t{1} << labels.size()); ++mask)
    for (bool linear : {false, true}) {
      if (linear && C == 0) continue;  // no M to stand alone
      annihilator_grouping g;
      g.linear = linear;
      int last = -1;
      for (int j = 1; j < C; ++j) {
        const auto at = std::lower_bound(labels.begin(), labels.end(), forms[static_cast<std::size_t>(j)]) - labels.begin();
        if (!(mask >> at & 1U) || (linear && j == 1) || (last >= 0 && j - last < 2)) continue;
        g.positions.push_back(j);
        g.forms.push_back(forms[static_cast<std::size_t>(j)]);
        last = j;
      }
      std::sort(g.forms.begin(), g.forms.end());
      g.forms.erase(std::unique(g.forms.begin(), g.forms.end()), g.forms.end());
      g.most_quadrics = static_cast<int>(g.forms.size());
      g.t_degree = C - static_cast<int>(g.positions.size()) - (linear ? 1 : 0);
      const auto key = std::make_pair(g.forms, linear);
      const auto it = best.find(key);
      if (it == best.end() || it->second.t_degree > g.t_degree) best[key] = std::move(g);
    }
  std::vector<annihilator_grouping> out;
  for (const auto& [key, g] : best) {
    const bool dominated = std::any_of(best.begin(), best.end(), [&](const auto& other) {
      const annihilator_grouping& h = other.second;
      return other.first != key && std::includes(g.forms.begin(), g.forms.end(), h.forms.begin(), h.forms.end()) &&
             (!h.linear || g.linear) && h.t_degree <= g.t_degree;
    });
    if (!dominated) out.push_back(g);
  }
  std::sort(out.begin(), out.end(), [](const annihilator_grouping& a, const annihilator_grouping& b) {
    return std::tie(a.t_degree, a.linear, a.forms) < std::tie(b.t_degree, b.linear, b.forms);
  });
  return out;
}

std::vector<annihilator_grouping> annihilator_groupings(int L) { return annihilator_groupings(gram_word_forms(L)); }

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

gram_word gram_word_of(const network_config& c, const integer_weights& w) {
  gram_word g;
  if (c.H != 1 || c.residual) return g;
  zmatrix I(c.dx, c.dx, mpz_class(0));
  for (int r = 0; r < c.dx; ++r) I(r, r) = 1;
  std::vector<zmatrix> F{I};
  for (const auto& layer : w.layers) {
    const auto& h = layer[0];
    const zmatrix B = mul(to_z(h.O), to_z(h.V)), E = mul(transpose(to_z(h.K)), to_z(h.Q));
    std::vector<zmatrix> next;
    next.push_back(mul(B, F[0]));                                        // B F_0, F_1, ..., F_c
    for (std::size_t j = 1; j < F.size(); ++j) next.push_back(F[j]);
    for (std::size_t j = F.size() - 1; j >= 1; --j) next.push_back(transpose(F[j]));  // F_c^T, ..., F_1^T
    next.push_back(mul(mul(transpose(F[0]), E), F[0]));                 // F_0^T E F_0
    for (std::size_t j = 1; j < F.size(); ++j) next.push_back(F[j]);     // F_1, ..., F_c
    F = std::move(next);
  }
  g.factors = std::move(F);
  g.forms = gram_word_forms(c.L);
  return g;
}

std::vector<std::uint64_t> gram_word_row(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M, std::uint64_t p) {
  const int dx = M.rows();
  std::vector<std::uint64_t> row(dx);
  for (int j = 0; j < dx; ++j) row[j] = reduce(g.factors[0](entry - 1, j), p);
  for (std::size_t f = 1; f < g.factors.size(); ++f) {
    std::vector<std::uint64_t> rm(dx, 0), next(dx, 0);
    for (int j = 0; j < dx; ++j)
      for (int k = 0; k < dx; ++k) rm[j] = (rm[j] + mulmod(row[k], M(k, j), p)) % p;
    for (int j = 0; j < dx; ++j)
      for (int k = 0; k < dx; ++k) next[j] = (next[j] + mulmod(rm[k], reduce(g.factors[f](k, j), p), p)) % p;
    row = std::move(next);
  }
  return row;
}

int degree_along(const gram_word& g, int entry, const dense_matrix<std::uint64_t>& M, const std::vector<std::uint64_t>& v,
                 std::uint64_t p) {
  const int dx = M.rows();
  const int C = static_cast<int>(g.factors.size()) - 1;  // P_r(M + t v v^T) has degree <= C in t
  std::vector<std::vector<std::uint64_t>> values;         // values[t][r], t = 0..C
  for (int t = 0; t <= C; ++t) {
    dense_matrix<std::uint64_t> Mt = M;
    for (int a = 0; a < dx; ++a)
      for (int b = 0; b < dx; ++b) Mt(a, b) = (Mt(a, b) + mulmod(static_cast<std::uint64_t>(t), mulmod(v[a], v[b], p), p)) % p;
    values.push_back(gram_word_row(g, entry, Mt, p));
  }
  // Newton's divided differences at t = 0..C: the degree is the last nonzero one.
  int degree = -1;
  for (int r = 0; r < dx; ++r) {
    std::vector<std::uint64_t> d(C + 1);
    for (int t = 0; t <= C; ++t) d[t] = values[t][r];
    for (int level = 1; level <= C; ++level)
      for (int t = C; t >= level; --t) {
        const std::uint64_t diff = (d[t] + p - d[t - 1]) % p;
        d[t] = mulmod(diff, inverse(static_cast<std::uint64_t>(level), p), p);
      }
    for (int t = C; t >= 0; --t)
      if (d[t] != 0) {
        degree = std::max(degree, t);
        break;
      }
  }
  return degree;
}

namespace {

// Four points in a plane, by a second method: the resultant R(x, y) of the two conics with respect to z, after
// a shear z -> z + a x + b y that keeps both z^2 coefficients nonzero (so every root of R lifts to a common
// point), of degree 4 in x at y = 1 with a nonzero discriminant: four distinct roots, four distinct points.
void plane_conics(const std::vector<zmatrix>& plane, annihilator_analysis& a) {
  auto ring = std::make_shared<const polynomial_ring>(std::vector<std::string>{"x", "y", "z"});
  const int shears[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}, {3, 1}, {1, 3}};
  for (int s = 0; s < 8; ++s) {
    const polynomial c1 = conic(plane[0], ring, shears[s][0], shears[s][1]), c2 = conic(plane[1], ring, shears[s][0], shears[s][1]);
    std::vector<unsigned long> e(3);
    auto z2 = [&](const polynomial& p) {  // coefficient of z^2
      for (long t = 0; t < p.term_count(); ++t)
        if (p.exponents(t, e.data()), e[2] == 2) return p.coefficient(t);
      return mpz_class(0);
    };
    if (z2(c1) == 0 || z2(c2) == 0) continue;
    const polynomial R = resultant(c1, c2, 2);
    std::vector<mpz_class> coeffs(5, 0);
    bool homogeneous_quartic = true;
    for (long t = 0; t < R.term_count(); ++t) {
      R.exponents(t, e.data());
      if (e[0] + e[1] != 4 || e[2] != 0) homogeneous_quartic = false;
      else coeffs[e[0]] += R.coefficient(t);
    }
    if (!homogeneous_quartic || coeffs[4] == 0) continue;
    const mpz_class d = discriminant(coeffs);
    if (d == 0) continue;
    a.resultant = coeffs, a.resultant_discriminant = d, a.resultant_points = 4;
    return;
  }
}

}  // namespace
namespace {

// Two families' varieties together (Z_g and Z_h): the union of their labels, u^T v = 0 when either has it.
annihilator_grouping joined(const annihilator_grouping& a, const annihilator_grouping& b) {
  annihilator_grouping j;
  j.linear = a.linear || b.linear;
  std::set_union(a.positions.begin(), a.positions.end(), b.positions.begin(), b.positions.end(), std::back_inserter(j.positions));
  std::set_union(a.forms.begin(), a.forms.end(), b.forms.begin(), b.forms.end(), std::back_inserter(j.forms));
  j.most_quadrics = static_cast<int>(j.forms.size());
  j.t_degree = -1;  // a variety, not a family of operators
  return j;
}

// u^perp, spanned over Q by u_i e_j - u_j e_i (j != i) for the first i with u_i != 0: d_x x (d_x - 1) columns.
zmatrix plane_basis_of(const std::vector<mpz_class>& u) {
  const int dx = static_cast<int>(u.size());
  const int i = static_cast<int>(std::find_if(u.begin(), u.end(), [](const mpz_class& x) { return x != 0; }) - u.begin());
  zmatrix basis(dx, dx - 1, mpz_class(0));
  for (int j = 0, col = 0; j < dx; ++j) {
    if (j == i) continue;
    basis(j, col) = u[static_cast<std::size_t>(i)];
    basis(i, col) = -u[static_cast<std::size_t>(j)];
    ++col;
  }
  return basis;
}

// The varieties of families together (two, or all of a regular sequence's), each analysed once (a family's own
// analysis when it is that variety).
class intersections {
 public:
  intersections(const annihilator_analysis& a, const word_context& w)
      : a_(a), w_(w), identity_(static_cast<int>(a.u.size()), static_cast<int>(a.u.size()), mpz_class(0)) {
    for (int r = 0; r < identity_.rows(); ++r) identity_(r, r) = 1;
  }
  // The index of Z_x and Z_y together (families x, y; x == y: Z_x alone, tested for emptiness).
  int of(int x, int y) { return x == y ? of(std::vector<int>{x}) : of(std::vector<int>{x, y}); }
  // The index of the varieties of `fams` together (at least one family).
  int of(const std::vector<int>& fams) {
    annihilator_grouping gr = a_.families[static_cast<std::size_t>(fams.front())].grouping;
    for (std::size_t i = 1; i < fams.size(); ++i) gr = joined(gr, a_.families[static_cast<std::size_t>(fams[i])].grouping);
    if (fams.size() == 1) gr = joined(gr, gr);
    const auto key = std::make_pair(gr.forms, gr.linear);
    if (const auto it = index_.find(key); it != index_.end()) return it->second;
    const auto same = std::find_if(a_.families.begin(), a_.families.end(), [&](const annihilator_family& f) {
      return f.smooth() && f.grouping.forms == gr.forms && f.grouping.linear == gr.linear;
    });
    check_interrupt();
    std::string name = fams.size() == 1 ? "grouping " + std::to_string(fams[0] + 1) + " (is it empty?)" : "groupings ";
    for (std::size_t i = 0; i < fams.size() && fams.size() > 1; ++i)
      name += (i == 0 ? "" : i + 1 == fams.size() ? " and " : ", ") + std::to_string(fams[i] + 1);
    if (fams.size() > 1) name += " together";
    all.push_back(same != a_.families.end()
                      ? *same
                      : analyse_family(gr, w_, gr.linear ? a_.plane_basis : identity_, name, true));
    all.back().grouping = gr;
    joins.push_back(fams);
    return index_[key] = static_cast<int>(all.size()) - 1;
  }
  std::vector<annihilator_family> all;
  std::vector<std::vector<int>> joins;  // the families each was first made from (one: a family alone)

 private:
  const annihilator_analysis& a_;
  const word_context& w_;
  zmatrix identity_;
  std::map<std::pair<std::vector<int>, bool>, int> index_;
};

// The pairwise disjoint subset of the finite families `points` with the most points, at most d + 1 of them
// (distinct points are independent on the forms of degree d only then); apart[x][y]: the empty intersection of
// points[x] and points[y], or -1.
annihilator_count best_disjoint_points(const annihilator_analysis& a, const std::vector<int>& points,
                                       const std::vector<std::vector<int>>& apart, std::uint64_t d) {
  annihilator_count best;
  best.method = annihilator_union::disjoint_points;
  for (std::uint32_t mask = 1; mask < (std::uint32_t{1} << points.size()); ++mask) {
    annihilator_count c;
    c.method = annihilator_union::disjoint_points;
    bool disjoint = true;
    for (std::size_t x = 0; x < points.size() && disjoint; ++x) {
      if (!(mask >> x & 1U)) continue;
      c.families.push_back(points[x]);
      c.parts.push_back(a.families[static_cast<std::size_t>(points[x])].degree());
      c.operators += c.parts.back();
      for (std::size_t y = x + 1; y < points.size() && disjoint; ++y)
        if (mask >> y & 1U) {
          disjoint = apart[x][y] >= 0;
          c.intersections.push_back(apart[x][y]);
        }
    }
    if (disjoint && c.families.size() >= 2 && c.operators <= big_int(d) + 1 && c.operators > best.operators) best = std::move(c);
  }
  return best;
}

// u^T v (when r asks it) and the quadrics of r's labels are a regular sequence: as many distinct quadrics as labels,
// and r shown of the expected dimension (smooth, or on a linear section), or empty with as many quadrics as
// variables (an ideal primary to the maximal one: a system of parameters).
bool is_regular_sequence(const annihilator_family& r) {
  if (!r.generic()) return false;
  if (r.smooth() || r.proof == variety_proof::regular_sequence_mod_p) return true;
  return r.proof == variety_proof::empty_macaulay_mod_p && static_cast<int>(r.quadrics.size()) == r.ambient;
}

// H_Y(2k) for Y the union of the smooth families `fams`, whose generators together (r) are one regular sequence.
annihilator_count regular_sequence_union(const annihilator_analysis& a, const std::vector<int>& fams, int j,
                                         const annihilator_family& r, unsigned k) {
  annihilator_count c;
  c.method = annihilator_union::regular_sequence;
  c.families = fams;
  c.intersections = {j};
  std::vector<annihilator_grouping> sets;
  for (int f : fams) sets.push_back(a.families[static_cast<std::size_t>(f)].grouping);
  c.faces = regular_sequence_faces(static_cast<int>(a.u.size()), r.grouping.linear, r.grouping.forms, sets,
                                   2 * static_cast<std::uint64_t>(k));
  for (const auto& face : c.faces) c.operators += face.term;
  return c;
}

// The most operators proven on block k (section 14, "All groupings together"): one family; with `unions`, two
// smooth families (H_Z + H_Z' - dim (R/(I + I'))_2k), every smooth family when their generators are one regular
// sequence, or pairwise disjoint point sets.
annihilator_count count_block(const annihilator_analysis& a, unsigned k, bool unions, intersections& joint) {
  annihilator_count best;
  auto fam = [&](int f) -> const annihilator_family& { return a.families[static_cast<std::size_t>(f)]; };
  auto counted = [](annihilator_union method, std::vector<int> families, std::vector<int> inter, std::vector<big_int> parts,
                    big_int ops) {
    annihilator_count c;
    c.operators = std::move(ops), c.method = method, c.families = std::move(families);
    c.intersections = std::move(inter), c.parts = std::move(parts);
    return c;
  };
  std::vector<int> active;  // the families with operators of order k
  for (std::size_t f = 0; f < a.families.size(); ++f) {
    const big_int ops = a.families[f].operators(k);
    if (ops <= 0) continue;
    active.push_back(static_cast<int>(f));
    if (ops > best.operators) best = counted(annihilator_union::single, {static_cast<int>(f)}, {}, {}, ops);
  }
  if (!unions) return best;
  const std::uint64_t d = 2 * static_cast<std::uint64_t>(k);
  for (std::size_t x = 0; x < active.size(); ++x)
    for (std::size_t y = x + 1; y < active.size(); ++y) {
      if (!fam(active[x]).smooth() || !fam(active[y]).smooth()) continue;  // radical ideals: I cap I' is the union's
      const int j = joint.of(active[x], active[y]);
      const big_int h = joint.all[static_cast<std::size_t>(j)].ideal_hilbert(d);
      if (h < 0) continue;
      const big_int hx = fam(active[x]).operators(k), hy = fam(active[y]).operators(k), ops = hx + hy - h;
      if (ops > best.operators) best = counted(annihilator_union::pair, {active[x], active[y]}, {j}, {hx, hy, h}, ops);
    }
  std::vector<int> smooth;  // radical ideals: their intersection is the union's
  for (int f : active)
    if (fam(f).smooth()) smooth.push_back(f);
  std::vector<int> points;
  for (int f : smooth)
    if (fam(f).dimension == 0) points.push_back(f);
  if (points.size() >= 2 && points.size() <= 16) {
    std::vector<std::vector<int>> apart(points.size(), std::vector<int>(points.size(), -1));
    for (std::size_t x = 0; x < points.size(); ++x)
      for (std::size_t y = x + 1; y < points.size(); ++y) {
        const int j = joint.of(points[x], points[y]);
        if (joint.all[static_cast<std::size_t>(j)].ideal_hilbert(d) == 0) apart[x][y] = j;
      }
    annihilator_count disjoint = best_disjoint_points(a, points, apart, d);
    if (disjoint.operators > best.operators) best = std::move(disjoint);
  }
  // Every smooth family together, when their generators are one regular sequence (used where it counts more than
  // the simpler rules above).
  if (smooth.size() >= 2) {
    const int j = joint.of(smooth);
    if (is_regular_sequence(joint.all[static_cast<std::size_t>(j)])) {
      annihilator_count all = regular_sequence_union(a, smooth, j, joint.all[static_cast<std::size_t>(j)], k);
      if (all.operators > best.operators) best = std::move(all);
    }
  }
  return best;
}

// Z_g contains Z_h for every weight: g's conditions are among h's (its labels a subset, u^T v = 0 only if h asks it).
bool contains(const annihilator_grouping& g, const annihilator_grouping& h) {
  return (!g.linear || h.linear) && std::includes(h.forms.begin(), h.forms.end(), g.forms.begin(), g.forms.end());
}

// Marks `c` whole when it is H_Y(2k) for Y the union of every grouping of order <= k: every such grouping was
// analysed, and each is counted in `c` (exactly: smooth, so H_Z is its Hilbert function; the union's rules are
// exact then), or lies in a counted one (contains), or has more quadrics than dimensions and is shown empty (a
// Macaulay rank mod p, recorded in shown_empty).
void mark_whole(const annihilator_analysis& a, unsigned k, intersections& joint, annihilator_count& c) {
  if (a.time_limited || a.families.size() < a.groupings_planned) return;  // not every grouping analysed: no verdict
  bool exact = true;  // every counted family by its Hilbert function, not by its dimension only
  std::vector<int> empty;
  for (std::size_t f = 0; f < a.families.size(); ++f) {
    const annihilator_family& fam = a.families[f];
    if (fam.grouping.order() > k) continue;
    if (std::find(c.families.begin(), c.families.end(), static_cast<int>(f)) != c.families.end()) {
      exact = exact && fam.smooth();
      continue;
    }
    if (std::any_of(c.families.begin(), c.families.end(), [&](int g) {
          return contains(a.families[static_cast<std::size_t>(g)].grouping, fam.grouping);
        }))
      continue;
    // Shown empty only while the count can still be whole (each test is a Macaulay rank).
    if (exact && c.left_out.empty() && fam.proof == variety_proof::expected_empty) {
      const int j = joint.of(static_cast<int>(f), static_cast<int>(f));
      if (joint.all[static_cast<std::size_t>(j)].proof == variety_proof::empty_macaulay_mod_p) {
        empty.push_back(j);
        continue;
      }
    }
    c.left_out.push_back(static_cast<int>(f));
  }
  c.dimension_only = !exact;
  c.whole = exact && c.left_out.empty();
  if (c.whole) c.shown_empty = std::move(empty);
}

// Keeps in a.intersections the intersections the counts use, renumbered.
void keep_used_intersections(annihilator_analysis& a, const intersections& joint) {
  std::map<int, int> renumber;
  // Each is named by the first count that uses it: a pair's or two point sets' families (in the count's order), a
  // regular sequence's families, or the family shown empty.
  auto keep = [&](int& j, const std::vector<int>& of) {
    const auto [it, fresh] = renumber.emplace(j, static_cast<int>(a.intersections.size()));
    if (fresh) a.intersections.push_back(joint.all[static_cast<std::size_t>(j)]), a.intersection_of.push_back(of);
    j = it->second;
  };
  for (auto& count : a.counts) {
    if (count.method == annihilator_union::regular_sequence) {
      for (int& j : count.intersections) keep(j, count.families);
    } else {
      std::size_t at = 0;
      for (std::size_t x = 0; x < count.families.size(); ++x)
        for (std::size_t y = x + 1; y < count.families.size() && at < count.intersections.size(); ++y, ++at)
          keep(count.intersections[at], {count.families[x], count.families[y]});
    }
    for (int& j : count.shown_empty) keep(j, joint.joins[static_cast<std::size_t>(j)]);
  }
}

// Per block: the operators, the bound they leave, and the blocks that lose (with the total loss).
void record_losses(annihilator_analysis& a, const std::vector<gram_block_size>& size) {
  const unsigned C = static_cast<unsigned>(a.C);
  a.operators.assign(C + 1, big_int(0));
  a.bounds.assign(C + 1, big_int(0));
  for (unsigned k = 0; k <= C; ++k) {
    a.operators[k] = a.counts[k].operators;
    const auto& [rows, cols] = size[k];
    a.bounds[k] = std::min(rows, big_int(cols - a.operators[k]));
    const big_int lost = std::min(rows, cols) - a.bounds[k];
    if (lost > 0) a.losing.push_back({k, rows, cols, a.operators[k], a.bounds[k], a.counts[k]});
    a.loss += lost;
  }
}

}  // namespace

std::vector<union_face> regular_sequence_faces(int dx, bool linear, const std::vector<int>& labels,
                                               const std::vector<annihilator_grouping>& sets, std::uint64_t d) {
  // Bit 0: u^T v; bit i + 1: the quadric of labels[i]. R is free over the polynomial ring in G, so the ideal of Y
  // (each variety's ideal generated by its part of G, radical) is the Stanley-Reisner ideal of those parts times R,
  // and the forms of degree d outside it have the basis products (monomial in G with support F) x (a basis of
  // R/(G)): F ranges over the sets missing some part, each giving t^deg F / prod_{s in F} (1 - t^deg s) times
  // prod_{s in G} (1 - t^deg s) / (1 - t)^dx, the complete intersection of G - F shifted by deg F (section 14).
  const int q = static_cast<int>(labels.size());
  if (q > 30 || dx < q + (linear ? 1 : 0)) throw std::invalid_argument("regular_sequence_faces: more generators than variables");
  auto mask_of = [&](const annihilator_grouping& g) {
    std::uint32_t m = g.linear ? 1U : 0U;
    for (int f : g.forms) {
      const auto at = std::lower_bound(labels.begin(), labels.end(), f);
      if (at == labels.end() || *at != f) throw std::invalid_argument("regular_sequence_faces: a label outside the sequence");
      m |= 2U << (at - labels.begin());
    }
    return m;
  };
  const std::uint32_t all = (linear ? 1U : 0U) | (((1U << q) - 1) << 1);
  std::vector<std::uint32_t> parts;
  for (const auto& g : sets) parts.push_back(mask_of(g));
  std::vector<union_face> faces;
  for (std::uint32_t F = 0; F <= all; ++F) {
    if ((F & ~all) != 0 || std::none_of(parts.begin(), parts.end(), [&](std::uint32_t s) { return (F & s) == 0; })) continue;
    union_face face;
    face.linear = (F & 1U) != 0;
    for (int i = 0; i < q; ++i)
      if (F >> (i + 1) & 1U) face.forms.push_back(labels[static_cast<std::size_t>(i)]);
    face.shift = (face.linear ? 1U : 0U) + 2U * static_cast<unsigned>(face.forms.size());
    // G - F: a linear generator (or none) and m quadrics in d_x variables, a complete intersection of projective
    // dimension d_x - 1 - linear - m >= -1.
    const int m = q - static_cast<int>(face.forms.size());
    const int e = dx - 1 - ((linear && !face.linear) ? 1 : 0) - m;
    face.term = d >= face.shift ? complete_intersection_hilbert(m, e, d - face.shift) : big_int(0);
    faces.push_back(std::move(face));
  }
  return faces;
}

annihilator_analysis analyse_annihilators(const network_config& c, const integer_weights& w, std::uint64_t max_entries,
                                          const progress_fn& progress) {
  annihilator_analysis a;
  a.C = summed_index_count(c.L);
  if (c.H != 1) return a.skipped = annihilator_skip::heads, a;
  if (c.residual) return a.skipped = annihilator_skip::residual, a;
  return analyse_word_annihilators(gram_word_of(c, w), c.entry, max_entries, progress);
}

annihilator_analysis analyse_word_annihilators(const gram_word& g, int entry, std::uint64_t max_entries,
                                               const progress_fn& progress) {
  annihilator_analysis a;
  a.C = static_cast<std::int64_t>(g.factors.size()) - 1;
  const int dx = g.factors.front().cols();
  for (int j = 0; j < dx; ++j) a.u.push_back(g.factors[0](entry - 1, j));
  if (std::all_of(a.u.begin(), a.u.end(), [](const mpz_class& x) { return x == 0; })) return a.skipped = annihilator_skip::zero_row, a;
  a.plane_basis = plane_basis_of(a.u);
  zmatrix identity(dx, dx, mpz_class(0));
  for (int r = 0; r < dx; ++r) identity(r, r) = 1;
  const unsigned C = static_cast<unsigned>(a.C);
  // A block can lose only when its room max(0, cols - rows) is below mc(d_x, 2k), the dimension of the forms of
  // degree 2k in v, which bounds every H_Y(2k).
  std::vector<gram_block_size> size;
  long last_lossy = -1;
  for (unsigned k = 0; k <= C; ++k) {
    size.push_back(gram_block_size_of(big_int(dx), big_int(a.C), k));
    const big_int room = size[k].cols > size[k].rows ? big_int(size[k].cols - size[k].rows) : big_int(0);
    if (room < multichoose(static_cast<std::uint64_t>(dx), 2 * static_cast<std::uint64_t>(k))) last_lossy = k;
  }
  const auto groupings = annihilator_groupings(g.forms);
  std::vector<const annihilator_grouping*> planned;
  for (const auto& gr : groupings)
    if (gr.order() == groupings.front().order() || static_cast<long>(gr.order()) <= last_lossy) planned.push_back(&gr);
  a.groupings_planned = planned.size();
  const word_context w{g, max_entries, progress};
  // --time-limit: what was proven before it stays (a sub-union still bounds every block); Ctrl-C ends the run.
  try {
    for (const auto* gr : planned) {
      check_interrupt();
      a.families.push_back(analyse_family(*gr, w, gr->linear ? a.plane_basis : identity,
                                          "grouping " + std::to_string(a.families.size() + 1)));
    }
  } catch (const time_limit_reached&) {
    a.time_limited = true;
  }
  intersections joint(a, w);
  for (unsigned k = 0; k <= C; ++k) {
    const bool unions = static_cast<long>(k) <= last_lossy;
    if (!a.time_limited || !unions) {
      try {
        annihilator_count count = count_block(a, k, unions, joint);
        if (unions && count.operators > 0) mark_whole(a, k, joint, count);
        a.counts.push_back(std::move(count));
        continue;
      } catch (const time_limit_reached&) {
        a.time_limited = true;
      }
    }
    a.blocks_single_only += unions;
    a.counts.push_back(count_block(a, k, false, joint));  // single families: no new variety, no interrupt check
  }
  keep_used_intersections(a, joint);
  record_losses(a, size);
  // The second method where Z is four points in a plane (L = 3, d_x = 4).
  if (a.families.empty()) return a;
  const auto& f0 = a.families.front();
  if (f0.grouping.linear && f0.ambient == 3 && f0.quadrics.size() == 2) plane_conics(f0.quadrics, a);
  return a;
}

std::vector<long> annihilator_block_bounds(const annihilator_analysis& a, const network_config& c) {
  if (!a.proven()) return {};
  std::vector<long> out(static_cast<std::size_t>(a.C) + 1, -1);
  for (unsigned k = 0; k <= static_cast<unsigned>(a.C); ++k) {
    const auto [rows, cols] = gram_block_size_of(c, k);
    if (a.bounds[k] < std::min(rows, cols)) out[k] = a.bounds[k].convert_to<long>();
  }
  return out;
}

}  // namespace seprank
