// plan: the Gram rank's units of work and their schedule (its row and derive_plan).
#include "seprank/app/commands/command_rows.hpp"

#include "seprank/report/plan_report.hpp"

namespace seprank {

derivation derive_plan(const plan_request& r) { return plan_derivation(work_plan_of(r)); }

command plan_command() {
  return {
      "plan",
      "the Gram rank's units of work (one per degree block) with estimated time and memory, the critical path and the wall "
      "time predicted for --np processes, e.g. plan --L 6 --dx 2 --np 64",
      {{"--residual", "refused with its reason (the plan is the Gram rank's, which has no residual form)"}},
      "",
      false,
      [](command_requests& r) {
        return std::vector<command_option>{
            {"--L", "depth L, 1.." + std::to_string(max_depth), &r.plan.cfg.L},
            {"--dx", "width d_x, 1.." + std::to_string(max_width), &r.plan.cfg.dx},
            {"--H", "heads; must divide d_x", &r.plan.cfg.H},
            {"--np", "processes, 1.." + std::to_string(max_plan_processes), &r.plan.processes},
            {"--threads", "threads per process, 1.." + std::to_string(max_plan_threads), &r.plan.threads},
            {"--node-memory", "MiB of one node: list the units that do not fit (0: none given)",
             &r.plan.node_memory_mb}};
      },
      [](command_requests& r, const command_context&) {
        r.plan.cfg.residual = r.main.cfg.residual;  // the plan refuses it, with its reason
        return derive_plan(r.plan);
      }};
}

}  // namespace seprank
