// Benchmark: exact expansion of y_1 (FLINT engine) for one configuration.
// Usage: bench_expand L dx H N target_seconds target_mib [repeats]
// Prints the median wall time, the peak resident memory of this process, and whether the
// targets of the foundation issue are met. Exit status 0 either way (figures, not a test).
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "seprank/engine/network.hpp"

int main(int argc, char** argv) {
  if (argc < 7) {
    std::fprintf(stderr, "usage: bench_expand L dx H N target_seconds target_mib [repeats]\n");
    return 2;
  }
  seprank::network_config c;
  c.L = std::atoi(argv[1]), c.dx = std::atoi(argv[2]), c.H = std::atoi(argv[3]), c.N = std::atoi(argv[4]);
  const double target_s = std::atof(argv[5]);
  const long target_mib = std::atol(argv[6]);
  const int repeats = argc > 7 ? std::atoi(argv[7]) : 3;
  seprank::validate(c);
  seprank::set_engine_threads(seprank::default_engine_threads());
  const auto w = seprank::draw_weights(c, seprank::default_seed, seprank::default_weight_range);
  const auto ring = seprank::make_input_ring(c);
  std::vector<double> times;
  long terms = 0;
  for (int r = 0; r < repeats; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto y = seprank::expand_output(c, w, ring);
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    terms = y.term_count();
  }
  std::sort(times.begin(), times.end());
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  const double median = times[times.size() / 2], mib = ru.ru_maxrss / 1024.0;
  std::printf(
      "expand L=%d dx=%d H=%d N=%d: %ld terms, median %.3f s of %d (threads %d), peak %.0f MiB; "
      "target <= %.1f s, <= %ld MiB: %s\n",
      c.L, c.dx, c.H, c.N, terms, median, repeats, seprank::default_engine_threads(), mib, target_s, target_mib,
      median <= target_s && mib <= target_mib ? "met" : "NOT met");
  return 0;
}
