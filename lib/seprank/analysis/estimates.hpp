// Size and time estimates for every expensive step, and the guards that refuse a step over its limit before it
// starts (with the estimate and the option that raises the limit), one file per stage: the structural steps
// (structure_estimates), the rank stage (rank_estimates) and the grid tensors (grid_estimates). Each model is
// calibrated on this project's 2-core development machine (README, Benchmarks).
#pragma once
#include "seprank/analysis/grid_estimates.hpp"
#include "seprank/analysis/rank_estimates.hpp"
#include "seprank/analysis/structure_estimates.hpp"
