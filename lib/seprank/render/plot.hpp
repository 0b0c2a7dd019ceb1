// SVG plot of a sweep with gnuplot (Debian's gnuplot-nox): log_3 sep against L for each d_x,
// certified points filled, lower bounds open, the Gram rank (N -> infinity), the paper's bounds
// within their theorem's regime, and the threshold L_th = log_3 d_x marked. Formats only: the
// values come ready from report/sweep_report.cpp.
#pragma once
#include <string>

#include "seprank/report/plot_data.hpp"

namespace seprank {

// Writes the data and the gnuplot script next to path (path + ".dat", ".gp") and runs gnuplot (SVG, or PNG
// when path ends in .png); throws usage_error when gnuplot is missing or fails. One colour per series (per
// d_x when there is one H), one marker per kind; the legend lists each kind once and each series once; no empty
// series; the thresholds in grey with their labels.
void plot_sweep(const sweep_plot& plot, const std::string& path);

// The audit map over (d_x, L): one coloured cell per configuration (the status of the printed upper
// bound of its regime's theorem) and the threshold L = log_3 d_x. SVG, or PNG (pngcairo) when the path
// ends in .png; writes path + ".dat" and ".gp" next to it.
void plot_audit(const audit_plot& plot, const std::string& path);

// Before anything is computed: usage_error when the name's format is none of .svg, .png, .pdf or its directory
// cannot be written (a sweep refused its plot only after every row).
void check_plot_path(const std::string& path);

}  // namespace seprank
