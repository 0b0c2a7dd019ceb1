#include "seprank/report/plan_report.hpp"

#include <algorithm>

#include "seprank/report/format.hpp"

namespace seprank {
namespace {

using S = claim_status;

std::string seconds_text(double s) { return display_double(s, 3) + " s"; }
std::string mib_text(std::uint64_t m) { return str(static_cast<long long>(m)) + " MiB"; }

// The units, one per Gram block, with their sizes, estimates and processes.
derivation_step plan_units_step(const work_plan& p) {
  step_value units{"units ($k$: size, ranked part, estimate, process)", ""};
  units.data = json::array();
  for (const auto& u : p.units) {
    const int proc = p.assigned[static_cast<std::size_t>(u.k)];
    units.items.push_back("$k = " + str(static_cast<long long>(u.k)) + "$: $" + str(u.rows) + " x " + str(u.cols) +
                          "$" +
                          (u.ranked_rows < u.rows || u.ranked_cols < u.cols
                               ? ", ranked on $" + str(u.ranked_rows) + " x " + str(u.ranked_cols) + "$"
                               : std::string()) +
                          " mod a " + (u.small_prime ? "26" : "62") + "-bit prime: " + seconds_text(u.seconds) + ", " +
                          mib_text(u.memory_mb) + ", process " + str(static_cast<long long>(proc)));
    units.data.push_back(json{{"k", u.k},
                              {"rows", u.rows},
                              {"cols", u.cols},
                              {"ranked_rows", u.ranked_rows},
                              {"ranked_cols", u.ranked_cols},
                              {"seconds", display_json(u.seconds, 3)},
                              {"memory_mb", u.memory_mb},
                              {"process", proc}});
  }
  return {"Units of work",
          "the Gram rank is block-diagonal by the degree $k$ in $M_B$ (docs/theory.md, section 7): $C + 1$ blocks, "
          "each ranked mod $p$ on its own from the coefficient table of $A_L$",
          {exact_value("blocks", static_cast<long long>(p.units.size())), units},
          S::computed,
          "estimates from the model of analysis/estimates (dense rank mod $p$, calibrated on a 2-core machine); "
          "bench/bench_rank prints measured against estimated time for each block",
          "units"};
}

// What a process holds, and which units do not fit a node of --node-memory.
derivation_step plan_memory_step(const work_plan& p) {
  const auto& r = p.request;
  derivation_step mem{"Memory",
                      "a process holds the Gram form, the coefficient table and one dense unit mod $p$ at a time",
                      {{"the Gram form", mib_text(p.gram_form_mb)},
                       {"the coefficient table", mib_text(p.table_mb)},
                       {"a process needs", mib_text(p.process_memory_mb), {}, json(p.process_memory_mb)}},
                      S::computed,
                      r.node_memory_mb == 0 ? "no --node-memory given" : "",
                      "memory"};
  if (r.node_memory_mb > 0) {
    std::string list;
    for (int k : p.too_large) list += (list.empty() ? "" : ", ") + str(static_cast<long long>(k));
    mem.values.push_back({"node memory", mib_text(r.node_memory_mb)});
    mem.values.push_back({"units that do not fit a node", p.too_large.empty() ? "none" : "$k = " + list + "$"});
    mem.check = p.too_large.empty() ? "every unit fits a node with the Gram form and the table"
                                    : "these units need a node with more memory (or a sparse or distributed rank)";
  }
  return mem;
}

}  // namespace

derivation plan_derivation(const work_plan& p) {
  const auto& r = p.request;
  derivation d;
  d.title = "seprank-sym plan: the Gram rank's units of work for L = " + str(static_cast<long long>(r.cfg.L)) +
            ", d_x = " + str(static_cast<long long>(r.cfg.dx)) + ", H = " + str(static_cast<long long>(r.cfg.H)) +
            " on " + str(static_cast<long long>(r.processes)) + (r.processes == 1 ? " process" : " processes");
  d.config = json{{"L", r.cfg.L},         {"dx", r.cfg.dx},
                  {"H", r.cfg.H},         {"np", r.processes},
                  {"threads", r.threads}, {"node_memory_mb", r.node_memory_mb > 0 ? json(r.node_memory_mb) : json()}};
  d.steps.push_back(plan_units_step(p));
  const json units = d.steps.back().values.back().data;
  const auto& crit = p.units[static_cast<std::size_t>(p.critical_unit)];
  const auto [lo, hi] = std::minmax_element(p.load_seconds.begin(), p.load_seconds.end());
  d.steps.push_back(
      {"Schedule",
       "largest estimated unit first, each to the least loaded process (LPT); every process first computes "
       "the Gram form $A_L(M)$",
       {exact_value("processes", static_cast<long long>(r.processes)),
        exact_value("threads per process", static_cast<long long>(r.threads)),
        {"the Gram form (every process)", seconds_text(p.gram_form_seconds) + ", " + mib_text(p.gram_form_mb)},
        {"all units, one process", seconds_text(p.total_seconds), {}, display_json(p.total_seconds, 3)},
        {"critical path (the largest unit)",
         "$k = " + str(static_cast<long long>(crit.k)) + "$, " + seconds_text(crit.seconds)},
        {"process loads", "from " + seconds_text(*lo) + " to " + seconds_text(*hi)},
        {"predicted wall time", seconds_text(p.wall_seconds), {}, display_json(p.wall_seconds, 3)}},
       S::computed,
       "no schedule finishes before the Gram form plus the largest unit; with more processes than units the "
       "surplus idles",
       "schedule"});
  d.steps.push_back(plan_memory_step(p));
  json too_large = json::array();
  for (int k : p.too_large) too_large.push_back(k);
  d.results = json{{"units", units},
                   {"gram_form_seconds", display_json(p.gram_form_seconds, 3)},
                   {"total_seconds", display_json(p.total_seconds, 3)},
                   {"predicted_wall_seconds", display_json(p.wall_seconds, 3)},
                   {"critical_unit", crit.k},
                   {"process_memory_mb", p.process_memory_mb},
                   {"too_large", too_large}};
  return d;
}

}  // namespace seprank
