#include "seprank/render/plot.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <vector>

#include "seprank/support/errors.hpp"

namespace seprank {

namespace {

void run_gnuplot(const std::string& gp, const std::string& out) {
  if (std::system("command -v gnuplot > /dev/null 2>&1") != 0)
    throw usage_error("plot " + out + ": gnuplot is not installed (Debian: apt-get install gnuplot-nox)");
  const std::string cmd = "gnuplot '" + gp + "' 2> '" + out + ".log'";
  if (std::system(cmd.c_str()) != 0) throw usage_error("plot " + out + ": gnuplot failed, see " + out + ".log");
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

void plot_sweep(const sweep_plot& plot, const std::string& svg) {
  const std::string dat = svg + ".dat", gp = svg + ".gp";
  std::ofstream data(dat);
  if (!data) throw usage_error("plot " + svg + ": cannot write " + dat);
  // One block per (d_x, H); columns: L, certified log3 sep, lower-bound log3 sep, log3 Gram rank,
  // paper upper (its regime), paper lower (its regime, when > 0).
  auto cell = [](const std::string& v) { return v.empty() ? std::string("NaN") : v; };
  std::vector<std::string> labels;
  for (const auto& s : plot.series) {
    for (const auto& p : s.points)
      data << p.L << ' ' << cell(p.sep_certified) << ' ' << cell(p.sep_lower) << ' ' << cell(p.gram) << ' '
           << cell(p.paper_upper) << ' ' << cell(p.paper_lower) << '\n';
    data << "\n\n";
    labels.push_back(s.label);
  }
  data.close();
  std::ofstream s(gp);
  s << "set terminal svg size 900,600 dynamic font 'sans,12' background rgb 'white'\n"
    << "set output '" << svg << "'\n"
    << "set title 'Separation rank against depth (seprank-sym sweep, N = " << plot.N << ")'\n"
    << "set xlabel 'depth L'\nset ylabel 'log_3 sep'\nset key outside right top\nset grid\n"
    << "set xtics 1\nset offsets 0.3, 0.3, 0, 0\n";
  int k = 0;
  for (const auto& t : plot.thresholds) {
    const int dx = t.dx;
    const double th = t.L;
    s << "set arrow from " << th << ", graph 0 to " << th << ", graph 1 nohead dashtype 3 lc " << (k % 8) + 1 << "\n"
      << "set label 'L_th = log_3 " << dx << "' at " << th << ", graph 0.97 rotate by 90 right font ',9' tc lt " << (k % 8) + 1 << "\n";
    ++k;
  }
  s << "plot ";
  for (std::size_t b = 0; b < labels.size(); ++b) {
    const int c = static_cast<int>(b % 8) + 1;
    if (b) s << ", \\\n     ";
    s << "'" << dat << "' index " << b << " using 1:2 with linespoints pt 7 lc " << c << " title 'sep, certified (" << labels[b] << ")'"
      << ", '' index " << b << " using 1:3 with points pt 6 lc " << c << " title 'sep, lower bound'"
      << ", '' index " << b << " using 1:4 with points pt 4 lc " << c << " title 'Gram rank (N -> inf)'"
      << ", '' index " << b << " using 1:5 with lines dashtype 2 lc " << c << " title 'paper upper bound'"
      << ", '' index " << b << " using 1:6 with lines dashtype 4 lc " << c << " title 'paper lower bound (> 0)'";
  }
  s << "\n";
  s.close();
  run_gnuplot(gp, svg);
}

void plot_audit(const audit_plot& plot, const std::string& path) {
  const std::string dat = path + ".dat", gp = path + ".gp";
  std::ofstream data(dat);
  if (!data) throw usage_error("plot " + path + ": cannot write " + dat);
  // One block per status (gnuplot index), so that each status has one legend entry.
  for (std::size_t s = 0; s < plot.statuses.size(); ++s) {
    data << "# " << plot.statuses[s] << "\n";
    bool any = false;
    for (const auto& c : plot.cells)
      if (c.status == static_cast<int>(s)) data << c.dx << ' ' << c.L << '\n', any = true;
    if (!any) data << "NaN NaN\n";
    data << "\n\n";
  }
  data.close();
  const char* colours[] = {"#1a9850", "#d73027", "#bdbdbd", "#9ecae1"};
  std::ofstream g(gp);
  g << (ends_with(path, ".png") ? "set terminal pngcairo size 1000,650 font 'sans,11'\n"
                                : "set terminal svg size 1000,650 dynamic font 'sans,12' background rgb 'white'\n")
    << "set output '" << path << "'\n"
    << "set title \"The paper's printed upper bound in its regime, audited (H = " << plot.H << ")\"\n"
    << "set xlabel 'width d_x'\nset ylabel 'depth L'\nset key outside right top\nset grid\n"
    << (plot.dx_max > 50 * std::max(1L, plot.dx_min) ? "set logscale x\n" : "")
    << "set xrange [" << plot.dx_min << ":" << plot.dx_max << "]\nset yrange [" << plot.L_min - 0.5 << ":" << plot.L_max + 0.5 << "]\n";
  // Undecided and not-claimed first, so that proved and contradicted (the rarer) stay on top of dense rows.
  g << "plot ";
  const std::size_t order[] = {2, 3, 0, 1};
  for (std::size_t k = 0; k < 4 && k < plot.statuses.size(); ++k) {
    const std::size_t s = order[k] % plot.statuses.size();
    g << (k ? ", \\\n     " : "") << "'" << dat << "' index " << s << " using 1:2 with points pt 5 ps " << (s == 1 ? "1.0" : "0.6")
      << " lc rgb '" << colours[s % 4] << "' title '" << plot.statuses[s] << "'";
  }
  g << ", \\\n     log(x)/log(3) with lines lw 2 lc rgb 'black' title 'threshold L = log_3 d_x'\n";
  g.close();
  run_gnuplot(gp, path);
}

}  // namespace seprank
