// A sweep as a derivation (a table next to the paper's bounds) and as plot data (docs/theory.md,
// section 11). The plot data holds display values only; render/plot.cpp writes them for gnuplot.
#pragma once
#include <string>
#include <vector>

#include "seprank/analysis/ranks/sweep.hpp"
#include "seprank/report/derivation.hpp"
#include "seprank/report/plot_data.hpp"

namespace seprank {

derivation sweep_derivation(const sweep_result& r);
sweep_plot sweep_plot_data(const sweep_result& r, bool against_dx = false);

}  // namespace seprank
