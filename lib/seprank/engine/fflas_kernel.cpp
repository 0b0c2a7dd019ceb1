// The FFLAS-FFPACK rank, in a library of its own (lib/meson.build): compiled for x86-64-v3 with hidden symbols,
// so that none of the inline code it instantiates (Givaro, FFLAS, the standard library) is shared with the rest
// of the tool, which runs on any x86-64; engine/fflas_rank calls it only on processors that have AVX2 and FMA.
#include <cstdint>

#include <fflas-ffpack/fflas-ffpack.h>
#include <givaro/modular.h>

// OpenBLAS's thread count, where libblas.so.3 is OpenBLAS (a weak reference: null with another BLAS).
extern "C" void openblas_set_num_threads(int) __attribute__((weak));

extern "C" __attribute__((visibility("default"))) long seprank_fflas_rank(double* a, long rows, long cols,
                                                                          std::uint64_t p, int threads) {
  // OpenBLAS starts one thread per core unless told otherwise; --threads is the user's word.
  if (openblas_set_num_threads) openblas_set_num_threads(threads < 1 ? 1 : threads);
  const Givaro::Modular<double> field(static_cast<double>(p));
  return static_cast<long>(FFPACK::Rank(field, static_cast<std::size_t>(rows), static_cast<std::size_t>(cols), a,
                                        static_cast<std::size_t>(cols)));
}
