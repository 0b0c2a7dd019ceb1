#include "seprank/engine/fflas_rank.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace seprank {

namespace {

using rank_function = long (*)(double*, long, long, std::uint64_t, int);

#ifdef SEPRANK_FFLAS_MODULE
// Where a wheel built by meson-python puts the module: the package's libdir files go to
// site-packages/.seprank.mesonpy.libs/, beside site-packages/seprank/ that holds the extension this code is in.
std::string wheel_module_path() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&fflas_available), &info) == 0 || info.dli_fname == nullptr) return "";
  const std::string self = info.dli_fname;
  const auto slash = self.rfind('/');
  return (slash == std::string::npos ? std::string(".") : self.substr(0, slash)) +
         "/../.seprank.mesonpy.libs/seprank-sym/" + SEPRANK_FFLAS_NAME;
}
#endif

// The module (lib/meson.build: seprank_fflas), opened once on a processor that runs it: from the build tree, else
// from where it is installed (meson install, or a wheel). RTLD_LOCAL: its symbols stay its own.
rank_function fflas_module() {
#ifdef SEPRANK_FFLAS_MODULE
  static const rank_function f = []() -> rank_function {
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return nullptr;
    for (const std::string& path :
         {std::string(SEPRANK_FFLAS_MODULE), std::string(SEPRANK_FFLAS_INSTALLED), wheel_module_path()})
      if (!path.empty())
        if (void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL))
          return reinterpret_cast<rank_function>(dlsym(h, "seprank_fflas_rank"));
    return nullptr;
  }();
  return f;
#else
  return nullptr;
#endif
}

}  // namespace

bool fflas_available() { return fflas_module() != nullptr; }

long fflas_rank(std::vector<double>& a, long rows, long cols, std::uint64_t p, int threads) {
  const rank_function f = fflas_module();
  if (!f) throw std::logic_error("fflas_rank: FFLAS-FFPACK is not available in this build or on this processor");
  if (p < 2 || p >= fflas_max_prime)
    throw std::logic_error("fflas_rank: the prime " + std::to_string(p) + " is not below 2^26");
  if (rows < 0 || cols < 0 || a.size() != static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols))
    throw std::logic_error("fflas_rank: " + std::to_string(a.size()) + " entries for a " + std::to_string(rows) +
                           " x " + std::to_string(cols) + " matrix");
  if (rows == 0 || cols == 0) return 0;
  return f(a.data(), rows, cols, p, threads);
}

long rank_mod_p_fastest(const integer_matrix& a, std::uint64_t p, int threads) {
  if (p >= fflas_max_prime || std::min(a.rows, a.cols) < fflas_min_side || !fflas_available()) return rank_mod_p(a, p);
  std::vector<double> dense(static_cast<std::size_t>(a.rows) * static_cast<std::size_t>(a.cols), 0.0);
  mpz_class r;
  for (const auto& e : a.entries) {
    r = e.value % p;  // C semantics: sign of the dividend
    if (r < 0) r += p;
    // A repeated (row, col) overwrites, as rank_mod_p's nmod_mat_set_entry does.
    dense[static_cast<std::size_t>(e.row) * static_cast<std::size_t>(a.cols) + static_cast<std::size_t>(e.col)] =
        static_cast<double>(r.get_ui());
  }
  return fflas_rank(dense, a.rows, a.cols, p, threads);
}

}  // namespace seprank
