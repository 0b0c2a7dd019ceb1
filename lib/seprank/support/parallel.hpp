// One fork-join for the whole project: [0, n) split into `threads` contiguous parts of (nearly) equal size,
// part 0 on the calling thread, the others on their own threads, joined before returning. f(from, to) must
// be safe to run concurrently on disjoint ranges; results must not depend on the split.
#pragma once
#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace seprank {

template <class F>
void parallel_for(std::size_t n, int threads, const F& f) {
  const std::size_t parts = static_cast<std::size_t>(std::max(1, threads));
  std::vector<std::thread> pool;
  for (std::size_t p = 1; p < parts; ++p) pool.emplace_back(f, n * p / parts, n * (p + 1) / parts);
  f(std::size_t{0}, n / parts);
  for (auto& t : pool) t.join();
}

}  // namespace seprank
