#include "seprank/analysis/ranks/work_plan.hpp"

#include <algorithm>
#include <numeric>

#include "seprank/analysis/estimates.hpp"
#include "seprank/support/errors.hpp"

namespace seprank {

work_plan work_plan_of(const plan_request& r) {
  validate(r.cfg);
  if (r.cfg.residual)
    throw usage_error("plan: the residual network's Gram rank is one expansion, not independent blocks");
  if (r.processes < 1 || r.processes > max_plan_processes)
    throw usage_error(value_name("np") + " = " + std::to_string(r.processes) + " is out of range: must satisfy 1 <= " +
                      value_name("np") + " <= " + std::to_string(max_plan_processes));
  if (r.threads < 1 || r.threads > max_plan_threads)
    throw usage_error(value_name("threads") + " = " + std::to_string(r.threads) +
                      " is out of range: must satisfy 1 <= " + value_name("threads") +
                      " <= " + std::to_string(max_plan_threads));
  work_plan p;
  p.request = r;
  p.units = gram_block_units(r.cfg, r.threads);
  if (p.units.empty())
    throw resource_error("plan: the Gram blocks at L = " + std::to_string(r.cfg.L) +
                         ", dx = " + std::to_string(r.cfg.dx) + " have more than 2^62 monomials");
  const gram_form_estimate g = estimate_gram_form(r.cfg);
  p.gram_form_seconds = g.seconds, p.gram_form_mb = g.memory_mb, p.table_mb = gram_table_mb(r.cfg);
  // Largest estimated unit first, each to the least loaded process (ties: the lower process number).
  std::vector<int> order(p.units.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return p.units[a].seconds > p.units[b].seconds; });
  p.assigned.assign(p.units.size(), 0);
  p.load_seconds.assign(static_cast<std::size_t>(r.processes), 0.0);
  for (int k : order) {
    const auto least = std::min_element(p.load_seconds.begin(), p.load_seconds.end()) - p.load_seconds.begin();
    p.assigned[static_cast<std::size_t>(k)] = static_cast<int>(least);
    p.load_seconds[static_cast<std::size_t>(least)] += p.units[static_cast<std::size_t>(k)].seconds;
  }
  for (const auto& u : p.units) p.total_seconds += u.seconds;
  p.critical_unit = order.front();
  p.wall_seconds = p.gram_form_seconds + *std::max_element(p.load_seconds.begin(), p.load_seconds.end());
  std::uint64_t largest = 0;
  for (const auto& u : p.units) {
    largest = std::max(largest, u.memory_mb);
    if (r.node_memory_mb > 0 && p.gram_form_mb + p.table_mb + u.memory_mb > r.node_memory_mb)
      p.too_large.push_back(u.k);
  }
  p.process_memory_mb = p.gram_form_mb + p.table_mb + largest;
  return p;
}

}  // namespace seprank
