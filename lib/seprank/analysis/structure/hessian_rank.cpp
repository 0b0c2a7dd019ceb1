#include "seprank/analysis/structure/hessian_rank.hpp"

#include "seprank/engine/linalg.hpp"
#include "seprank/support/random.hpp"

namespace seprank {

std::uint64_t hessian_draw_seed(std::uint64_t seed, int d, int level, int attempt) {
  std::uint64_t h = splitmix_hash(seed ^ 0x6865737369616eULL);
  for (std::uint64_t v :
       {static_cast<std::uint64_t>(d), static_cast<std::uint64_t>(level), static_cast<std::uint64_t>(attempt)})
    h = splitmix_hash(h ^ v);
  return h;
}

block_hessian_rank block_hessian_rank_at(int d, int level, std::uint64_t seed, int attempt) {
  block_hessian_rank r;
  r.d = d, r.level = level, r.seed = seed, r.attempt = attempt;
  const std::uint64_t draw = hessian_draw_seed(seed, d, level, attempt);
  r.prime = draw_prime(draw);
  const hessian_block_data x = draw_hessian_block(d, level, draw);
  const gamma_values v = gamma_values_mod_p(x, r.prime);
  r.gamma_nonzero = v.gamma != 0;
  for (std::uint64_t c : v.f_row) r.f_nonzero = r.f_nonzero || c != 0;
  if (!r.gamma_nonzero || !r.f_nonzero) return r;
  r.rank = hessian_rank_mod_p(gamma_hessian_mod_p(x, r.prime), static_cast<long>(d) * (d + 1) / 2, r.prime);
  return r;
}

block_hessian_rank certify_block_hessian_rank(int d, int level, std::uint64_t seed) {
  block_hessian_rank r;
  for (int attempt = 0; attempt < 32; ++attempt) {
    r = block_hessian_rank_at(d, level, seed, attempt);
    if (r.gamma_nonzero && r.f_nonzero) return r;
  }
  r.rank = 0;
  return r;
}

}  // namespace seprank
