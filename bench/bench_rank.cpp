// Benchmark: certified separation rank (expansion included) or Gram rank for one configuration.
// Usage: bench_rank sep|gram L dx H N target_seconds target_mib
// Prints the wall time, the peak resident memory, the rank and its certificate status, and
// whether the targets of the separation-rank issue are met. Exit status 0 (figures, not a test).
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "seprank/engine/network.hpp"
#include "seprank/analysis/ranks/coefficient_block_bounds.hpp"
#include "seprank/analysis/ranks/gram_rank.hpp"
#include "seprank/analysis/structure/annihilators.hpp"
#include "seprank/engine/linalg.hpp"

int main(int argc, char** argv) {
  if (argc < 8) {
    std::fprintf(stderr, "usage: bench_rank sep|gram L dx H N target_seconds target_mib\n");
    return 2;
  }
  using namespace seprank;
  const bool gram_only = std::strcmp(argv[1], "gram") == 0;
  network_config c;
  c.L = std::atoi(argv[2]), c.dx = std::atoi(argv[3]), c.H = std::atoi(argv[4]), c.N = std::atoi(argv[5]);
  const double target_s = std::atof(argv[6]);
  const long target_mib = std::atol(argv[7]);
  validate(c);
  set_engine_threads(default_engine_threads());
  const auto t0 = std::chrono::steady_clock::now();
  const auto w = draw_weights(c, default_seed, default_weight_range);
  const std::uint64_t p = draw_prime(default_seed);
  const auto form = gram_form_of(c, w);
  const double form_secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const auto gram =
      gram_rank(c, form, {p, {}, default_engine_threads(), annihilator_block_bounds(analyse_annihilators(c, w), c)});
  rank_result r = gram.rank;
  if (gram_only)  // the blocks below full rank (the count check's deficit)
    for (std::size_t b = 0; b < gram.blocks.size(); ++b)
      if (gram.rank.blocks[b].rank_mod_p < std::min(gram.blocks[b].rows, gram.blocks[b].cols))
        std::printf("  block k = %d: %ld x %ld, rank mod p %ld%s\n", gram.blocks[b].b_degrees[0], gram.blocks[b].rows,
                    gram.blocks[b].cols, gram.rank.blocks[b].rank_mod_p, gram.rank.blocks[b].exact ? " (exact)" : "");
  if (gram_only && !gram.block_seconds.empty()) {  // the plan's estimates (work_plan) against the measured blocks
    const auto units = gram_block_units(c, default_engine_threads());
    double est = 0, measured = 0, worst = 0;
    int worst_k = 0;
    for (std::size_t k = 0; k < units.size() && k < gram.block_seconds.size(); ++k) {
      est += units[k].seconds, measured += gram.block_seconds[k];
      if (gram.block_seconds[k] > worst) worst = gram.block_seconds[k], worst_k = static_cast<int>(k);
    }
    std::printf(
        "  plan check: blocks measured %.2f s, estimated %.2f s (ratio %.2f); largest block k = %d measured %.2f s, "
        "estimated %.2f s (ratio %.2f)\n",
        measured, est, est > 0 ? measured / est : 0.0, worst_k, worst, units[static_cast<std::size_t>(worst_k)].seconds,
        units[static_cast<std::size_t>(worst_k)].seconds > 0 ? worst / units[static_cast<std::size_t>(worst_k)].seconds
                                                             : 0.0);
  }
  if (!gram_only) {
    const auto ring = make_input_ring(c);
    const auto y = expand_output(c, w, ring);
    const auto part = default_partition(c);
    r = certified_rank(coefficient_matrix_of(y, partition_mask(c, part)), p, {},
                       [&](const coefficient_block& b) { return coefficient_block_gram_count(c, part, b); });
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  const double mib = ru.ru_maxrss / 1024.0;
  std::printf(
      "%s L=%d dx=%d H=%d N=%d: rank %s%ld (%s), %.2f s (Gram form %.2f s), peak %.0f MiB; target <= %.0f s, <= %ld MiB: %s\n",
      gram_only ? "Gram rank" : "sep", c.L, c.dx, c.H, c.N, r.exact() ? "" : ">= ", r.lower,
      r.exact() ? "certified exact" : "lower bound", secs, form_secs, mib, target_s, target_mib,
      secs <= target_s && mib <= target_mib && r.exact() ? "met" : "NOT met");
  return 0;
}
