#include "seprank/render/plot.hpp"

#include <cstdlib>
#include <fstream>
#include <set>

#include "seprank/errors.hpp"

namespace seprank {
namespace {

std::string num(const big_float& v) { return format_float(v, 6); }
const char* nan = "NaN";

}  // namespace

void plot_sweep(const sweep_result& r, const std::string& svg) {
  const std::string dat = svg + ".dat", gp = svg + ".gp";
  std::ofstream data(dat);
  if (!data) throw usage_error("plot " + svg + ": cannot write " + dat);
  std::set<int> dxs, heads;
  for (const auto& row : r.rows) dxs.insert(row.dx), heads.insert(row.H);
  // One block per (d_x, H); columns: L, certified log3 sep, lower-bound log3 sep, log3 Gram rank,
  // paper upper (its regime), paper lower (its regime, when > 0).
  std::vector<std::string> labels;
  for (int dx : dxs)
    for (int H : heads) {
      bool any = false;
      for (const auto& row : r.rows) {
        if (row.dx != dx || row.H != H) continue;
        any = true;
        const bool th2 = row.reg == regime::depth_inefficient, th1 = row.reg == regime::depth_efficient;
        const std::string sep = row.ranked && row.sep > 0 ? num(log3(big_float(row.sep))) : nan;
        const std::string upper = th1 ? num(row.t1.upper_log3) : th2 ? num(row.t2.upper_log3) : nan;
        const bool low_ok = (th1 && row.t1.lower_defined && row.t1.lower_log3 > 0) || (th2 && row.t2.b2_defined && row.t2.lower_log3 > 0);
        data << row.L << ' ' << (row.sep_exact ? sep : nan) << ' ' << (row.sep_exact ? nan : sep) << ' '
             << (row.ranked && row.gram_computed && row.gram > 0 ? num(log3(big_float(row.gram))) : nan) << ' ' << upper << ' '
             << (low_ok ? num(th1 ? row.t1.lower_log3 : row.t2.lower_log3) : nan) << '\n';
      }
      if (any) {
        data << "\n\n";
        labels.push_back("d_x = " + std::to_string(dx) + (heads.size() > 1 ? ", H = " + std::to_string(H) : ""));
      }
    }
  data.close();
  std::ofstream s(gp);
  s << "set terminal svg size 900,600 dynamic font 'sans,12' background rgb 'white'\n"
    << "set output '" << svg << "'\n"
    << "set title 'Separation rank against depth (seprank-sym sweep, N = " << r.spec.N << ")'\n"
    << "set xlabel 'depth L'\nset ylabel 'log_3 sep'\nset key outside right top\nset grid\n"
    << "set xtics 1\nset offsets 0.3, 0.3, 0, 0\n";
  int k = 0;
  for (int dx : dxs) {
    const double th = log3(big_float(dx)).convert_to<double>();
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
