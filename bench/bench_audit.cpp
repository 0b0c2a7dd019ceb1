// Benchmark: the audit map over L = Lmin..Lmax and d_x = dxmin..dxmax at one H, stage by stage (the map, the
// derivation with every evidence text, the text rendering).
// Usage: bench_audit Lmax dxmax target_seconds [Lmin [dxmin [H]]]  (defaults: Lmin = dxmin = H = 1)
// Prints the times, the undecided share of each statement, and whether the whole is within the target (figures,
// not a test: exit status 0).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

#include "seprank/analysis/paper/audit_map.hpp"
#include "seprank/render/formats.hpp"
#include "seprank/report/audit_report.hpp"

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: bench_audit Lmax dxmax target_seconds [Lmin [dxmin [H]]]\n");
    return 2;
  }
  using clock_type = std::chrono::steady_clock;
  auto since = [](clock_type::time_point t) { return std::chrono::duration<double>(clock_type::now() - t).count(); };
  const int L_max = std::atoi(argv[1]), L_min = argc > 4 ? std::atoi(argv[4]) : 1;
  const long dx_max = std::atol(argv[2]), dx_min = argc > 5 ? std::atol(argv[5]) : 1,
             H = argc > 6 ? std::atol(argv[6]) : 1;
  std::vector<int> L(static_cast<std::size_t>(L_max - L_min + 1));
  std::vector<long> dx(static_cast<std::size_t>(dx_max - dx_min + 1));
  std::iota(L.begin(), L.end(), L_min);
  std::iota(dx.begin(), dx.end(), dx_min);
  const double target = std::atof(argv[3]);
  auto t = clock_type::now();
  const auto m = seprank::audit_map_of(L, dx, H);
  const double t_map = since(t);
  t = clock_type::now();
  const auto d = seprank::audit_derivation(m, false);  // the text: table and counts (JSON adds the rows as data)
  const double t_report = since(t);
  t = clock_type::now();
  const auto text = seprank::render(d, seprank::output_format::text);
  const double t_text = since(t);
  const double total = t_map + t_report + t_text;
  std::printf(
      "audit L = %d..%d, d_x = %ld..%ld, H = %ld (%zu configurations): map %.3f s, derivation %.3f s, text %.3f s (%zu bytes); "
      "total %.3f s; target <= %g s: %s\n",
      L_min, L_max, dx_min, dx_max, H, m.rows.size(), t_map, t_report, t_text, text.size(), total, target,
      total <= target ? "met" : "NOT met");
  for (const auto& [name, share] : d.results["undecided_fraction"].items())
    std::printf("  %-24s undecided %s\n", name.c_str(),
                share.is_null() ? "(not claimed)" : (std::to_string(100 * share.get<double>()) + " %").c_str());
  return 0;
}
