// The plan before a run (analysis/ranks/work_plan) as a derivation: the units, the schedule, the memory.
#pragma once
#include "seprank/analysis/ranks/work_plan.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

derivation plan_derivation(const work_plan& p);

}  // namespace seprank
