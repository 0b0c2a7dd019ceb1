#include "seprank/analysis/units.hpp"
#include "seprank/support/interrupt.hpp"

#include <sys/resource.h>

#include <chrono>

namespace seprank {

unit_result compute_unit(const std::function<std::string(std::size_t)>& compute, std::size_t i) {
  const auto start = std::chrono::steady_clock::now();
  unit_result r;
  r.data = compute(i);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  struct rusage ru {};
  getrusage(RUSAGE_SELF, &ru);
  r.memory_mb = static_cast<std::uint64_t>(ru.ru_maxrss) / 1024;
  return r;
}

std::vector<unit_result> run_units(unit_runner* runner, const unit_batch& batch,
                                   const std::function<std::string(std::size_t)>& compute,
                                   unit_provenance* provenance) {
  std::vector<unit_result> out;
  if (runner) {
    out = runner->run(batch, compute);
  } else {
    for (std::size_t i = 0; i < batch.units.size(); ++i) {
      check_interrupt();
      out.push_back(compute_unit(compute, i));
    }
  }
  if (provenance) {
    *provenance = {};
    provenance->store = runner ? runner->store_path() : std::string();
    for (std::size_t i = 0; i < out.size(); ++i) {
      const unit_result& r = out[i];
      if (!r.rejected.empty()) provenance->impossible.push_back(batch.units[i].name + ": " + r.rejected);
      (r.origin == unit_origin::stored ? provenance->stored : provenance->computed) += 1;
      provenance->verified += r.verified ? 1 : 0;
      provenance->disagreed += r.disagreed ? 1 : 0;
    }
  }
  return out;
}

}  // namespace seprank
