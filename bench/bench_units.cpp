// Benchmark: a chosen subset of the Gram rank's units (blocks k) for one configuration, run through the scheduler
// with a results store, each unit's measured time against the plan's estimate (analysis/ranks/work_plan).
// Usage: bench_units L dx STORE SELECTION [threads]
//   SELECTION: "smallest:n,largest:m" (by estimate) or a list of k, e.g. "0,1,200".
// The units are those of `seprank-sym --L L --dx dx` (seed 1, the default limits), under the same keys: a later
// run with --store STORE reuses them. Prints one line per unit and the totals (figures, not a test).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "seprank/analysis/ranks/gram_rank.hpp"
#include "seprank/analysis/structure/annihilators.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/run/scheduler.hpp"

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: bench_units L dx STORE smallest:n,largest:m|k1,k2,... [threads]\n");
    return 2;
  }
  using namespace seprank;
  network_config c;
  c.L = std::atoi(argv[1]), c.dx = std::atoi(argv[2]);
  validate(c);
  const int threads = argc > 5 ? std::atoi(argv[5]) : default_engine_threads();
  set_engine_threads(threads);
  const auto t0 = std::chrono::steady_clock::now();
  const auto w = draw_weights(c, default_seed, default_weight_range);
  const auto form = gram_form_of(c, w);
  const double form_secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const gram_rank_request req{
      draw_prime(default_seed), {}, threads, annihilator_block_bounds(analyse_annihilators(c, w), c), nullptr,
      format_weights(w)};
  const unit_batch all = gram_block_batch(c, req);
  // The selection, as block indices k.
  std::vector<int> ks;
  std::vector<int> by_estimate(all.units.size());
  for (std::size_t i = 0; i < by_estimate.size(); ++i) by_estimate[i] = static_cast<int>(i);
  std::stable_sort(by_estimate.begin(), by_estimate.end(), [&](int a, int b) {
    return all.units[static_cast<std::size_t>(a)].seconds < all.units[static_cast<std::size_t>(b)].seconds;
  });
  std::stringstream sel(argv[4]);
  for (std::string item; std::getline(sel, item, ',');) {
    const auto colon = item.find(':');
    if (colon == std::string::npos) {
      ks.push_back(std::atoi(item.c_str()));
      continue;
    }
    const int n = std::atoi(item.c_str() + colon + 1);
    const bool smallest = item.substr(0, colon) == "smallest";
    for (int j = 0; j < n && j < static_cast<int>(by_estimate.size()); ++j)
      ks.push_back(smallest ? by_estimate[static_cast<std::size_t>(j)]
                            : by_estimate[by_estimate.size() - 1 - static_cast<std::size_t>(j)]);
  }
  unit_batch chosen = all;
  chosen.units.clear();
  for (int k : ks) chosen.units.push_back(all.units.at(static_cast<std::size_t>(k)));
  scheduler sched({argv[3], 0, default_seed}, process_group::world());
  std::printf("L=%d dx=%d: %zu of %zu units, %d thread(s); the Gram form took %.2f s\n", c.L, c.dx, ks.size(),
              all.units.size(), threads, form_secs);
  unit_provenance prov;
  const auto done = run_units(
      &sched, chosen,
      [&](std::size_t i) { return unit_schema<block_rank>::to_stored(gram_block_rank(c, form, ks[i], req)); }, &prov);
  double est = 0, measured = 0;
  for (std::size_t i = 0; i < ks.size(); ++i) {
    const block_rank b = unit_schema<block_rank>::from_stored(done[i].data);
    const double e = chosen.units[i].seconds;
    est += e, measured += done[i].seconds;
    std::printf("  k = %3d: %ld x %ld, rank %ld%s; estimated %9.2f s, measured %9.2f s (ratio %.2f)%s\n", ks[i], b.rows,
                b.cols, b.exact ? b.upper : b.rank_mod_p, b.exact ? " (exact)" : " (lower bound)", e, done[i].seconds,
                e > 0 ? done[i].seconds / e : 0.0, done[i].origin == unit_origin::stored ? " [from the store]" : "");
  }
  std::printf("  total: estimated %.2f s, measured %.2f s (ratio %.2f); %ld computed, %ld from the store %s\n", est,
              measured, est > 0 ? measured / est : 0.0, prov.computed, prov.stored, argv[3]);
  return 0;
}
