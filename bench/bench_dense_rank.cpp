// Dense rank mod a prime below 2^26, FLINT's nmod_mat_rank against FFLAS-FFPACK on BLAS (engine/fflas_rank), on
// random n x n matrices of planted rank n - 3: prints times and rates in units of (2/3) n^3 operations per second.
// Prints figures only (README, "Faster where it counts").
//   bench_dense_rank [THREADS] [n ...]      (default 2 threads; n = 1000 2000 4000)
#include <flint/flint.h>
#include <flint/nmod_mat.h>
#include <flint/ulong_extras.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "seprank/engine/fflas_rank.hpp"
#include "seprank/engine/linalg.hpp"

int main(int argc, char** argv) {
  using namespace seprank;
  const int threads = argc > 1 ? std::atoi(argv[1]) : 2;
  std::vector<long> sizes;
  for (int i = 2; i < argc; ++i) sizes.push_back(std::atol(argv[i]));
  if (sizes.empty()) sizes = {1000, 2000, 4000};
  flint_set_num_threads(threads);
  const std::uint64_t p = n_nextprime(std::uint64_t{1} << 25, 1);
  flint_rand_t state;
  flint_randinit(state);
  std::printf("prime %llu, %d threads; FFLAS-FFPACK path: %s\n", static_cast<unsigned long long>(p), threads,
              fflas_available() ? "available" : "not available (build or processor)");
  for (const long n : sizes) {
    nmod_matrix A(n, n, p);
    nmod_mat_randfull(A.m, state);
    for (long r = 0; r < 3; ++r)  // three repeated rows: rank n - 3
      for (long j = 0; j < n; ++j) nmod_mat_entry(A.m, n - 1 - r, j) = nmod_mat_entry(A.m, r, j);
    std::vector<double> d(static_cast<std::size_t>(n) * n);
    for (long i = 0; i < n; ++i)
      for (long j = 0; j < n; ++j)
        d[static_cast<std::size_t>(i * n + j)] = static_cast<double>(nmod_mat_entry(A.m, i, j));
    const double ops = 2.0 / 3.0 * static_cast<double>(n) * n * n;
    double blas_s = -1;
    long blas_rank = -1;
    if (fflas_available()) {
      const auto t0 = std::chrono::steady_clock::now();
      blas_rank = fflas_rank(d, n, n, p, threads);
      blas_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    const auto t0 = std::chrono::steady_clock::now();
    const long flint_rank = nmod_mat_rank(A.m);
    const double flint_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("n = %5ld: FLINT rank %ld in %.2f s (%.1f G/s)", n, flint_rank, flint_s, ops / flint_s / 1e9);
    if (blas_s >= 0)
      std::printf("; FFLAS-FFPACK rank %ld in %.2f s (%.1f G/s): %.2f x FLINT%s", blas_rank, blas_s, ops / blas_s / 1e9,
                  flint_s / blas_s, blas_rank == flint_rank ? "" : "  RANKS DIFFER");
    std::printf("\n");
  }
  flint_randclear(state);
}
