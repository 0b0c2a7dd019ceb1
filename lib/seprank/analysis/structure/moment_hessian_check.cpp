#include "seprank/analysis/structure/moment_hessian_check.hpp"

#include <stdexcept>

#include <flint/nmod_mat.h>
#include <flint/ulong_extras.h>

#include "seprank/analysis/paper/lower_bound.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/support/interrupt.hpp"
#include "seprank/support/random.hpp"

namespace seprank {
namespace {

using vec = std::vector<std::uint64_t>;

// Solves b^T S b = 0 mod p for b_0, the other b_j given; false when the quadratic has no root (or S_00 = 0).
bool solve_first_coordinate(const nmod_matrix& S, vec& b, std::uint64_t p) {
  nmod_t F;
  nmod_init(&F, p);
  const long d = nmod_mat_nrows(S.m);
  std::uint64_t c = 0, e = 0;  // S_00 b_0^2 + 2 c b_0 + e
  for (long j = 1; j < d; ++j) {
    c = nmod_add(c, nmod_mul(nmod_mat_entry(S.m, 0, j), b[j], F), F);
    for (long l = 1; l < d; ++l) e = nmod_add(e, nmod_mul(nmod_mul(nmod_mat_entry(S.m, j, l), b[j], F), b[l], F), F);
  }
  const std::uint64_t s00 = nmod_mat_entry(S.m, 0, 0);
  if (!s00) return false;
  const std::uint64_t disc = nmod_sub(nmod_mul(c, c, F), nmod_mul(s00, e, F), F);
  const std::uint64_t root = disc ? n_sqrtmod(disc, p) : 0;
  if (disc && !root) return false;
  b[0] = nmod_mul(nmod_sub(root, c, F), n_invmod(s00, p), F);
  return true;
}

}  // namespace

moment_hessian_check check_moment_hessian_rank(int d, int level, std::uint64_t seed, bool on_gamma_zero) {
  if (d < 1 || level < 1) throw std::invalid_argument("check_moment_hessian_rank: d >= 1 and level >= 1");
  moment_hessian_check out;
  out.d = d, out.level = level, out.seed = seed, out.on_gamma_zero = on_gamma_zero;
  if (on_gamma_zero && d < 2) return out;  // gamma = b_0^2 M^g vanishes only where its Hessian does
  for (int attempt = 0; attempt < 64; ++attempt) {
    check_interrupt();
    const std::uint64_t draw =
        hessian_draw_seed(seed ^ (on_gamma_zero ? 0x7a65726fULL : 0x6d6f6dULL), d, level, attempt);
    const std::uint64_t p = draw_prime(draw);
    splitmix64 rng{draw};
    hessian_block_data x;
    x.d = d, x.level = level;
    x.Q.assign(level, std::vector<long>(static_cast<std::size_t>(d) * d, 0));
    for (auto& q : x.Q)
      for (int i = 0; i < d; ++i) q[static_cast<std::size_t>(i) * d + i] = 1;  // Q_j = I: gamma = b^T M^g b
    x.N.assign(static_cast<std::size_t>(d) * d, 0);                            // residues mod p: the point M itself
    for (int a = 0; a < d; ++a)
      for (int c = a; c < d; ++c) x.N[a * d + c] = x.N[c * d + a] = static_cast<long>(rng.next() % p);
    vec b(static_cast<std::size_t>(d));
    for (auto& v : b) v = rng.next() % p;
    if (on_gamma_zero) {
      nmod_matrix M(d, d, p), S(d, d, p);
      for (int a = 0; a < d; ++a)
        for (int c = 0; c < d; ++c) nmod_mat_entry(M.m, a, c) = static_cast<std::uint64_t>(x.N[a * d + c]);
      nmod_mat_pow(S.m, M.m, n_pow(3, static_cast<ulong>(level)));
      if (!solve_first_coordinate(S, b, p)) continue;
    }
    x.b.assign(b.begin(), b.end());
    out.attempt = attempt, out.prime = p, out.found = true;
    const gamma_values v = gamma_values_mod_p(x, p);
    if (on_gamma_zero && v.gamma != 0)
      throw std::logic_error("check_moment_hessian_rank: the solved point is not on gamma = 0");
    for (std::uint64_t c : v.f_row) out.f_nonzero = out.f_nonzero || c != 0;
    const vec H = gamma_hessian_mod_p(x, p);
    // Euler: Hess(M) m = (g - 1) grad gamma(M), m the free entries M_ab (a <= b).
    nmod_t F;
    nmod_init(&F, p);
    const auto entries = symmetric_entry_pairs(d);
    const std::size_t D = entries.size();
    for (std::size_t s = 0; s < D && !out.gradient_nonzero; ++s) {
      std::uint64_t g = 0;
      for (std::size_t t = 0; t < D; ++t) {
        const auto m = static_cast<std::uint64_t>(x.N[entries[t].first * d + entries[t].second]);
        g = nmod_add(g, nmod_mul(H[s * D + t], m, F), F);
      }
      out.gradient_nonzero = g != 0;
    }
    out.rank = hessian_rank_mod_p(H, static_cast<long>(D), p);
    return out;
  }
  return out;
}

bool moment_hessian_row::agrees() const {
  const bool random_ok = random_point.found && big_int(random_point.rank) == rho;
  const bool zero_ok = d < 2 || (zero_point.found && big_int(zero_point.rank) == rho && zero_point.gradient_nonzero &&
                                 zero_point.f_nonzero);
  return random_ok && zero_ok;
}

moment_hessian_row moment_hessian_row_of(int d, int level, std::uint64_t seed) {
  moment_hessian_row r;
  r.d = d, r.level = level;
  r.g = power_of_three(level).convert_to<long>();
  r.rho = moment_hessian_rank(level, d);
  r.random_point = check_moment_hessian_rank(d, level, seed, false);
  r.zero_point = check_moment_hessian_rank(d, level, seed, true);
  r.general = certify_block_hessian_rank(d, level, seed);
  return r;
}

}  // namespace seprank
