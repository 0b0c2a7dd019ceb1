// Benchmark: the audit map over L = 1..Lmax and d_x = 1..dxmax at H = 1, stage by stage (the map, the
// derivation with every evidence text, the text rendering). Usage: bench_audit Lmax dxmax target_seconds
// Prints the times and whether the whole is within the target (figures, not a test: exit status 0).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

#include "seprank/analysis/paper/audit.hpp"
#include "seprank/render/formats.hpp"
#include "seprank/report/audit_report.hpp"

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: bench_audit Lmax dxmax target_seconds\n");
    return 2;
  }
  using clock_type = std::chrono::steady_clock;
  auto since = [](clock_type::time_point t) { return std::chrono::duration<double>(clock_type::now() - t).count(); };
  std::vector<int> L(std::atoi(argv[1]));
  std::vector<long> dx(std::atol(argv[2]));
  std::iota(L.begin(), L.end(), 1);
  std::iota(dx.begin(), dx.end(), 1L);
  const double target = std::atof(argv[3]);
  auto t = clock_type::now();
  const auto m = seprank::audit_map_of(L, dx, 1);
  const double t_map = since(t);
  t = clock_type::now();
  const auto d = seprank::audit_derivation(m);
  const double t_report = since(t);
  t = clock_type::now();
  const auto text = seprank::render(d, seprank::output_format::text);
  const double t_text = since(t);
  const double total = t_map + t_report + t_text;
  std::printf("audit L = 1..%zu, d_x = 1..%zu (%zu configurations): map %.2f s, derivation %.2f s, text %.2f s (%zu bytes); "
              "total %.2f s; target <= %.0f s: %s\n",
              L.size(), dx.size(), m.rows.size(), t_map, t_report, t_text, text.size(), total, target,
              total <= target ? "met" : "NOT met");
  return 0;
}
