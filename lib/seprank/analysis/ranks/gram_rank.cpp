#include "seprank/analysis/ranks/gram_rank.hpp"

#include <chrono>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <flint/ulong_extras.h>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "seprank/analysis/estimates.hpp"
#include "seprank/analysis/units.hpp"
#include "seprank/engine/fflas_rank.hpp"
#include "seprank/analysis/paper/gram_count.hpp"
#include "seprank/model/monomial_index.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/parallel.hpp"
#include "seprank/support/random.hpp"

namespace seprank {

gram_rank_result expanded_gram_rank(const network_config& c, const gram_form& g, std::uint64_t prime,
                                    const rank_limits& lim) {
  const int D = gram_entry_count(c.dx);
  std::vector<std::string> names;
  for (int r = 1; r <= c.dx; ++r) names.push_back("xi_" + std::to_string(r));
  for (const char* side : {"A", "B"})
    for (int a = 1; a <= c.dx; ++a)
      for (int b = a; b <= c.dx; ++b)
        names.push_back(std::string("M") + side + std::to_string(a) + "_" + std::to_string(b));
  const auto ring = std::make_shared<const polynomial_ring>(names);
  std::vector<polynomial> sum;  // m_ab -> MA_ab + MB_ab
  for (int k = 0; k < D; ++k)
    sum.push_back(polynomial::variable(ring, c.dx + k) + polynomial::variable(ring, c.dx + D + k));
  polynomial P(ring);
  for (int r = 0; r < c.dx; ++r) P += g.row[r].compose(ring, sum) * polynomial::variable(ring, r);
  std::vector<bool> mask(c.dx + 2 * D, false);
  std::fill(mask.begin(), mask.begin() + c.dx + D, true);
  gram_rank_result res;
  const coefficient_matrix m = coefficient_matrix_of(P, mask);
  res.rank = certified_rank(m, prime, lim, nullptr);
  res.blocks = block_shapes_of(m);
  return res;
}

namespace {

// A prime in [2^25, 2^26) (FLINT's nmod_mat_rank is about 1.7x faster than with 62-bit primes: README,
// Benchmarks).
std::uint64_t draw_small_prime(std::uint64_t seed) {
  return draw_prime(stream_seed(seed, random_stream::small_prime), 26);
}

// k distinct indices from [0, n) in increasing order (all of them when k >= n), Floyd's sampling.
std::vector<std::uint64_t> choose_indices(std::uint64_t n, std::uint64_t k, splitmix64& rng) {
  std::vector<std::uint64_t> out;
  if (k >= n) {
    for (std::uint64_t i = 0; i < n; ++i) out.push_back(i);
    return out;
  }
  std::set<std::uint64_t> chosen;
  for (std::uint64_t j = n - k; j < n; ++j) {
    const std::uint64_t t = rng.next() % (j + 1);
    chosen.insert(chosen.count(t) ? j : t);
  }
  return {chosen.begin(), chosen.end()};
}

// h_r(gamma) = c_r(gamma) gamma! mod q for every monomial gamma of degree C, indexed by its rank.
using modp_table = std::vector<std::vector<std::uint64_t>>;

modp_table scaled_coefficients(const gram_form& g, const graded_layout& lay, std::uint64_t q) {
  std::vector<std::uint64_t> fact(lay.C + 1, 1);
  for (int n = 1; n <= lay.C; ++n)
    fact[n] = n_mulmod2_preinv(fact[n - 1], static_cast<std::uint64_t>(n), q, n_preinvert_limb(q));
  std::vector<std::vector<std::uint64_t>> h;
  std::vector<unsigned long> e(lay.D);
  std::vector<unsigned> u(lay.D);
  for (const auto& row : g.row) {
    h.emplace_back(lay.index.count(lay.C), 0);
    for (long t = 0; t < row.term_count(); ++t) {
      if (t % 65536 == 0) check_interrupt();  // a row holds up to millions of terms
      row.exponents(t, e.data());
      int degree = 0;
      for (int v = 0; v < lay.D; ++v) degree += static_cast<int>(u[v] = static_cast<unsigned>(e[v]));
      if (degree != lay.C)
        throw std::logic_error("graded Gram rank: A_L(M) has a term of degree " + std::to_string(degree));
      const mpz_class c = row.coefficient(t);
      std::uint64_t v = mpz_fdiv_ui(c.get_mpz_t(), q);
      for (int w = 0; w < lay.D; ++w) v = n_mulmod2_preinv(v, fact[u[w]], q, n_preinvert_limb(q));
      h.back()[lay.index.rank(u.data(), lay.C)] = v;
    }
  }
  return h;
}

// The scaled coefficients mod each prime a block asks for, built once per prime on first use.
struct coefficient_tables {
  const gram_form& g;
  const graded_layout& lay;
  std::map<std::uint64_t, modp_table> by_prime;
  const modp_table& operator()(std::uint64_t q) {
    auto it = by_prime.find(q);
    if (it == by_prime.end()) it = by_prime.emplace(q, scaled_coefficients(g, lay, q)).first;
    return it->second;
  }
};

// Blocks with at least this many entries (about 0.1 s of elimination) are ranked by run_interruptible.
constexpr double background_rank_entries = 1 << 20;

// The row and column indices of block k that a rank is sampled at.
struct block_sample {
  std::vector<std::uint64_t> rows, cols;
};

// The rows x cols submatrix of H_k mod q at the chosen row and column indices, filled by `threads` threads, and its
// rank mod q: on BLAS (engine/fflas_rank) for large blocks mod a prime below 2^26 where the build has it, else FLINT.
long sampled_rank(const graded_layout& lay, int k, const modp_table& h, const block_sample& at, std::uint64_t q,
                  int threads) {
  const auto& rows = at.rows;
  const auto& cols = at.cols;
  if (rows.empty() || cols.empty()) return 0;
  const long m = static_cast<long>(rows.size()), n = static_cast<long>(cols.size());
  const bool on_blas = q < fflas_max_prime && std::min(m, n) >= fflas_min_side && fflas_available();
  std::shared_ptr<nmod_matrix> T;  // shared: a background elimination may outlive this call
  std::vector<double> D;
  if (on_blas)
    D.resize(static_cast<std::size_t>(m) * static_cast<std::size_t>(n));
  else
    T = std::make_shared<nmod_matrix>(m, n, q);
  std::vector<unsigned> betas(cols.size() * lay.D);
  for (std::size_t j = 0; j < cols.size(); ++j) lay.index.unrank(cols[j], k, &betas[j * lay.D]);
  const std::uint64_t per_r = lay.index.count(lay.C - k);
  auto fill = [&](std::size_t from, std::size_t to) {
    std::vector<unsigned> alpha(lay.D), gamma(lay.D);
    for (std::size_t i = from; i < to; ++i) {
      const auto& hr = h[rows[i] / per_r];
      lay.index.unrank(rows[i] % per_r, lay.C - k, alpha.data());
      for (std::size_t j = 0; j < cols.size(); ++j) {
        for (int v = 0; v < lay.D; ++v) gamma[v] = alpha[v] + betas[j * lay.D + v];
        const std::uint64_t e = hr[lay.index.rank(gamma.data(), lay.C)];
        if (on_blas)
          D[i * cols.size() + j] = static_cast<double>(e);
        else
          nmod_mat_entry(T->m, static_cast<long>(i), static_cast<long>(j)) = e;
      }
    }
  };
  parallel_for(rows.size(), threads, fill);
  check_interrupt();
  if (static_cast<double>(m) * static_cast<double>(n) < background_rank_entries)
    return on_blas ? fflas_rank(D, m, n, q, threads) : nmod_mat_rank(T->m);
  // One elimination of a large block is not split: it runs beside a thread that answers Ctrl-C and the deadline.
  if (on_blas)
    return run_interruptible([D = std::make_shared<std::vector<double>>(std::move(D)), m, n, q, threads] {
      return fflas_rank(*D, m, n, q, threads);
    });
  return run_interruptible([T, threads] {
    use_engine_threads_here(threads);
    return nmod_mat_rank(T->m);
  });
}

// Block k over Z (small blocks only): entries c_r(gamma) prod_v binom(gamma_v, alpha_v).
integer_matrix exact_block(const gram_form& g, const graded_layout& lay, int k, long rows, long cols) {
  integer_matrix m;
  m.rows = rows, m.cols = cols;
  const std::uint64_t per_r = lay.index.count(lay.C - k);
  std::vector<std::vector<mpz_class>> coeff;
  std::vector<unsigned long> e(lay.D);
  std::vector<unsigned> u(lay.D), alpha(lay.D), beta(lay.D);
  for (const auto& row : g.row) {
    coeff.emplace_back(lay.index.count(lay.C));
    for (long t = 0; t < row.term_count(); ++t) {
      if (t % 65536 == 0) check_interrupt();  // a row holds up to millions of terms
      row.exponents(t, e.data());
      for (int v = 0; v < lay.D; ++v) u[v] = static_cast<unsigned>(e[v]);
      coeff.back()[lay.index.rank(u.data(), lay.C)] = row.coefficient(t);
    }
  }
  for (long i = 0; i < rows; ++i) {
    lay.index.unrank(static_cast<std::uint64_t>(i) % per_r, lay.C - k, alpha.data());
    for (long j = 0; j < cols; ++j) {
      lay.index.unrank(static_cast<std::uint64_t>(j), k, beta.data());
      for (int v = 0; v < lay.D; ++v) u[v] = alpha[v] + beta[v];
      mpz_class x = coeff[static_cast<std::size_t>(i) / per_r][lay.index.rank(u.data(), lay.C)];
      if (x == 0) continue;
      for (int v = 0; v < lay.D; ++v) {
        mpz_class b;
        mpz_bin_uiui(b.get_mpz_t(), u[v], alpha[v]);
        x *= b;
      }
      m.entries.push_back({i, j, x});
    }
  }
  return m;
}

// s of the block's rows and t of its columns, drawn from rng: the columns first, the order in which g++ evaluated
// the two draws when they were arguments of one call (so that every stored sample stays the same).
block_sample sample_of(const block_rank& b, long s, long t, splitmix64& rng) {
  block_sample at;
  at.cols = choose_indices(b.cols, t, rng);
  at.rows = choose_indices(b.rows, s, rng);
  return at;
}

// Block k of the graded Gram rank, as one unit of work: its own random sample (seeded by the prime and k, so that
// a unit gives the same result in any process and order), certified as far as it goes.
block_rank graded_block_rank(const network_config& c, int k, const gram_rank_request& req, coefficient_tables& table,
                             const progress_fn& progress) {
  const gram_form& g = table.g;
  const graded_layout& lay = table.lay;
  const std::uint64_t prime = req.prime;
  const rank_limits& lim = req.limits;
  const int threads = req.threads;
  splitmix64 rng{splitmix_hash(stream_seed(prime, random_stream::gram_block_sample) + static_cast<std::uint64_t>(k))};
  block_rank b;
  b.rows = lay.rows(c, k), b.cols = lay.cols(c, k);
  const gram_block_unit plan = gram_block_unit_of(k, b.rows, b.cols, lay.D, threads);
  const long m = std::min(b.rows, b.cols);
  const long s = plan.ranked_rows, t = plan.ranked_cols;
  const bool use_small = plan.small_prime;
  const double est = plan.seconds;
  if (progress && est >= 2)
    progress("Gram rank: block k = " + std::to_string(k) + " of " + std::to_string(lay.C) + " (" + std::to_string(s) +
             " x " + std::to_string(t) + " mod p), estimated " + std::to_string(static_cast<long>(est + 0.5)) + " s");
  b.prime = use_small ? draw_small_prime(prime) : prime;
  b.rank_mod_p = sampled_rank(lay, k, table(b.prime), sample_of(b, s, t, rng), b.prime, threads);
  if (s < b.rows || t < b.cols) b.sampled_rows = s, b.sampled_cols = t;
  const long proven =
      static_cast<std::size_t>(k) < req.block_upper.size() ? req.block_upper[static_cast<std::size_t>(k)] : -1;
  if (b.rank_mod_p < m && b.rank_mod_p != proven) {  // again, whole (when it fits) and mod the 62-bit prime
    const bool whole = static_cast<std::uint64_t>(b.rows) * static_cast<std::uint64_t>(b.cols) <= lim.max_dense_entries;
    const long s2 = whole ? b.rows : s, t2 = whole ? b.cols : t;
    const long again = sampled_rank(lay, k, table(prime), sample_of(b, s2, t2, rng), prime, threads);
    if (again >= b.rank_mod_p) {
      b.rank_mod_p = again, b.prime = prime;
      b.sampled_rows = whole ? 0 : s2, b.sampled_cols = whole ? 0 : t2;
    }
  }
  const bool small = static_cast<std::uint64_t>(b.rows) * static_cast<std::uint64_t>(b.cols) <= lim.max_exact_entries;
  certify_block(b, proven, small, [&] { return exact_rank(exact_block(g, lay, k, b.rows, b.cols)); });
  if (b.certificate == block_certificate::meets_gram_bound) b.certificate = block_certificate::meets_annihilator_bound;
  return b;
}

// The proven block bounds a block's certificate may rest on (section 14): a stored unit is reused only under the
// same bounds. Empty when there are none, as before they existed.
std::string proven_bounds_text(const std::vector<long>& upper) {
  std::string out;
  for (std::size_t k = 0; k < upper.size(); ++k)
    if (upper[k] >= 0)
      out += (out.empty() ? " proven_upper=" : ",") + std::to_string(k) + ":" + std::to_string(upper[k]);
  return out;
}

// Why a block result (from a store) cannot be right, or "": its shape must be the block's, its ranks within
// min(rows, cols) and within the block's proven upper bound (the Gram count per block, less proven annihilators);
// exact elimination is over Z on the whole block, and only on a block within max_exact_entries.
std::string implausible_block(const block_rank& b, long rows, long cols, long proven, std::uint64_t max_exact_entries) {
  const long side = std::min(rows, cols);
  auto n = [](long v) { return std::to_string(v); };
  if (b.rows != rows || b.cols != cols)
    return "a " + n(b.rows) + " x " + n(b.cols) + " block where the configuration has " + n(rows) + " x " + n(cols);
  if (b.rank_mod_p < 0 || b.rank_mod_p > side)
    return "rank " + n(b.rank_mod_p) + " of a " + n(rows) + " x " + n(cols) + " block";
  if (b.upper > side) return "upper bound " + n(b.upper) + " above min(rows, cols) = " + n(side);
  if (b.exact && b.upper != b.rank_mod_p && b.certificate != block_certificate::exact_elimination &&
      b.certificate != block_certificate::exact_elimination_p_divided)
    return "exact with rank " + n(b.upper) + " but rank mod p " + n(b.rank_mod_p);
  if (b.upper >= 0 && b.rank_mod_p > b.upper)
    return "rank mod p " + n(b.rank_mod_p) + " above its upper bound " + n(b.upper);
  // Each certificate states an equality the result must show (certified_rank.hpp).
  if (b.certificate == block_certificate::full_rank_mod_p && (b.rank_mod_p != side || (b.exact && b.upper != side)))
    return "certified 'full rank mod p' with rank " + n(b.exact ? b.upper : b.rank_mod_p) +
           " where min(rows, cols) = " + n(side);
  if ((b.certificate == block_certificate::meets_annihilator_bound ||
       b.certificate == block_certificate::meets_gram_bound) &&
      (!b.exact || b.upper != b.rank_mod_p || (proven >= 0 && b.upper != proven)))
    return "certified as meeting a proven bound with rank " + n(b.rank_mod_p) +
           (proven >= 0 ? " where that bound is " + n(proven) : std::string());
  if (b.certificate == block_certificate::lower_bound_only && b.exact) return "exact without a certificate";
  if ((b.certificate == block_certificate::exact_elimination ||
       b.certificate == block_certificate::exact_elimination_p_divided) &&
      static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols) > max_exact_entries)
    return "certified by exact elimination, which this run does only on blocks of at most " +
           std::to_string(max_exact_entries) + " entries (this one has " +
           std::to_string(static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols)) + ")";
  if (b.certificate == block_certificate::exact_elimination && (!b.exact || b.upper != b.rank_mod_p))
    return "certified by exact elimination equal to its rank mod p " + n(b.rank_mod_p) + " with rank " + n(b.upper);
  if (b.certificate == block_certificate::exact_elimination_p_divided && (!b.exact || b.upper <= b.rank_mod_p))
    return "certified by exact elimination above its rank mod p " + n(b.rank_mod_p) + " with rank " + n(b.upper);
  if (proven >= 0 && (b.exact ? b.upper : b.rank_mod_p) > proven)
    return "rank " + n(b.exact ? b.upper : b.rank_mod_p) + " above the block's proven bound " + n(proven);
  return "";
}

// What the blocks' results depend on besides the weights: the configuration, the prime and the limits that
// decide a block's method (unit_batch).
std::string gram_batch_config(const network_config& c, const gram_rank_request& r) {
  return "L=" + std::to_string(c.L) + " dx=" + std::to_string(c.dx) + " H=" + std::to_string(c.H) +
         " entry=" + std::to_string(c.entry) + " residual=0 prime=" + std::to_string(r.prime) +
         " max_dense_entries=" + std::to_string(r.limits.max_dense_entries) +
         " max_exact_entries=" + std::to_string(r.limits.max_exact_entries) + proven_bounds_text(r.block_upper);
}

gram_rank_result graded_gram_rank(const network_config& c, const gram_form& g, const gram_rank_request& req,
                                  const progress_fn& progress) {
  const graded_layout lay(c);
  gram_rank_result res;
  res.graded = true;
  res.rank.prime = req.prime;
  res.rank.upper = 0;
  coefficient_tables table{g, lay, {}};  // built on first use (not at all when every unit is stored)
  const std::vector<unit_record<block_rank>> done = run_unit_records<block_rank>(
      req.runner, gram_block_batch(c, req),
      [&](std::size_t k) { return graded_block_rank(c, static_cast<int>(k), req, table, progress); }, &res.units);
  long max_bits = -1;  // bits of the largest |c_r(gamma)|, read only when a block stays a lower bound
  for (int k = 0; k <= lay.C; ++k) {
    const unit_result& u = done[static_cast<std::size_t>(k)].result;
    block_rank b;
    std::string impossible;  // a stored result is evidence, not truth: what the tool can check cheaply, it checks
    try {
      b = done[static_cast<std::size_t>(k)].read();
    } catch (const std::exception& e) {
      if (u.origin != unit_origin::stored) throw;
      impossible = std::string("unreadable (") + e.what() + ")";
    }
    if (impossible.empty() && u.origin == unit_origin::stored)
      impossible = implausible_block(
          b, lay.rows(c, k), lay.cols(c, k),
          static_cast<std::size_t>(k) < req.block_upper.size() ? req.block_upper[static_cast<std::size_t>(k)] : -1,
          req.limits.max_exact_entries);
    if (!impossible.empty()) {  // (a block computed here is never judged so: its own checks say FAILED where they fail)
      res.units.impossible.push_back("k = " + std::to_string(k) + ": " + impossible);
      b = block_rank{};  // counted as nothing: an impossible value is never used
      b.rows = lay.rows(c, k), b.cols = lay.cols(c, k), b.prime = req.prime;
    }
    if (!b.exact && impossible.empty()) {  // (an ignored block claims nothing, so no error bound)
      if (max_bits < 0)
        for (const auto& row : g.row)
          for (long t = 0; t < row.term_count(); ++t)
            max_bits = std::max<long>(max_bits, static_cast<long>(mpz_sizeinbase(row.coefficient(t).get_mpz_t(), 2)));
      // Hadamard: an m x m minor is at most (sqrt(m) max|entry|)^m, max|entry| <= max|c| 2^C; for the prime the
      // block was ranked with. A sample that lost rank says nothing about equality (certified_rank.hpp).
      const long m = std::min(b.rows, b.cols);
      if (b.sampled_rows > 0)
        res.rank.equality_bounded = false;
      else
        res.rank.error_bound +=
            rank_error_bound(m * (0.5 * std::log2(static_cast<double>(m)) + max_bits + lay.C), b.prime);
    }
    res.rank.add(b);
    res.blocks.push_back({{k}, b.rows, b.cols});
    res.block_seconds.push_back(done[static_cast<std::size_t>(k)].result.seconds);
  }
  return res;
}

}  // namespace

unit_batch gram_block_batch(const network_config& c, const gram_rank_request& r) {
  unit_batch batch{unit_schema<block_rank>::method, gram_block_method_version, gram_batch_config(c, r), r.weights, {}};
  for (const gram_block_unit& u : gram_block_units(c, r.threads))
    batch.units.push_back({"k=" + std::to_string(u.k), u.seconds, u.memory_mb});
  return batch;
}

block_rank gram_block_rank(const network_config& c, const gram_form& g, int k, const gram_rank_request& r,
                           const progress_fn& progress) {
  const graded_layout lay(c);
  coefficient_tables table{g, lay, {}};
  return graded_block_rank(c, k, r, table, progress);
}

gram_rank_result gram_rank(const network_config& c, const gram_form& g, const gram_rank_request& r,
                           const progress_fn& progress) {
  return c.residual ? expanded_gram_rank(c, g, r.prime, r.limits) : graded_gram_rank(c, g, r, progress);
}

}  // namespace seprank
