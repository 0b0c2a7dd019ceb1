#include "seprank/render/plot.hpp"

#include <cstdlib>
#include <fstream>
#include <vector>

#include "seprank/support/errors.hpp"

namespace seprank {

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
  const std::string cmd = "gnuplot '" + gp + "' 2> '" + svg + ".log'";
  if (std::system("command -v gnuplot > /dev/null 2>&1") != 0)
    throw usage_error("plot " + svg + ": gnuplot is not installed (Debian: apt-get install gnuplot-nox)");
  if (std::system(cmd.c_str()) != 0) throw usage_error("plot " + svg + ": gnuplot failed, see " + svg + ".log");
}

}  // namespace seprank
