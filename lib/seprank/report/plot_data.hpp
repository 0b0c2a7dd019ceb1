// The data of a sweep plot, ready to draw: series of points against depth L (one series per (d_x, H)) or against
// width d_x (one per (L, H)), the log_3 values as numbers (none: no point), and the thresholds
// L_th = log_3 d_x (against L) or d_x = 3^L (against d_x). Built by report/sweep_report.cpp and
// written for gnuplot by render/plot.cpp.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace seprank {

struct plot_point {
  int x = 0;                                             // L, or d_x when the plot is against d_x
  std::optional<double> sep_certified, sep_lower, gram;  // log_3 values: sep (exact / a lower bound), the Gram rank
  // Bounds that need no rank (log_3): the Gram count, the refined count (shown only where it is below the Gram
  // count), the proven lower bound of docs/theory.md section 15.
  std::optional<double> gram_count, refined_count, lower_bound;
  // The paper's bounds, log_3, each theorem's in its own column (its regime only): a plot never joins
  // Theorem 1's bound at small L to Theorem 2's at large L into one line.
  std::optional<double> th1_upper, th2_upper, th1_lower, th2_lower;
};

struct plot_series {
  std::string label;  // "d_x = 4" or "d_x = 4, H = 2" (against L); "L = 2" (against d_x)
  std::vector<plot_point> points;
};

struct plot_threshold {
  double x = 0;       // L = log_3 d_x (against L), d_x = 3^L (against d_x)
  std::string label;  // "L_{th} = log_3 4", "d_x = 3^2"
};

struct sweep_plot {
  bool against_dx = false;
  int N = 0;
  std::vector<plot_series> series;
  std::vector<plot_threshold> thresholds;
};

}  // namespace seprank

namespace seprank {

// The data of an audit map: one cell per configuration, coloured by the status of the printed upper
// bound of the theorem whose regime it lies in (Theorem 1 below the threshold, Theorem 2 above).
struct audit_plot_cell {
  long dx = 0;
  int L = 0;
  int status = 0;  // index into audit_plot::statuses
};
struct audit_plot {
  long H = 1;
  std::vector<std::string> statuses;         // verdict_name: "holds", "contradicted", "undecided", "not-claimed"
  std::vector<audit_plot_cell> cells;        // the regime's printed upper bound
  std::vector<audit_plot_cell> lower_cells;  // the regime's printed lower bound (a second panel)
  // The margin of the printed upper bound (analysis: printed_margin_log3), per theorem: Theorem 2's rows and Theorem
  // 1's, each a panel of its own.
  struct margin_cell {
    long dx = 0;
    int L = 0;
    double margin = 0;  // log_3: < 0 fails, 0 undecided, > 0 holds
  };
  std::vector<margin_cell> margins_theorem2, margins_theorem1;
  long dx_min = 1, dx_max = 1;
  int L_min = 1, L_max = 1;
  // "" or why the map is partial (e.g. stopped by the time limit after k of n rows), in each title.
  std::string partial;
};

}  // namespace seprank
