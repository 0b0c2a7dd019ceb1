#include "seprank/render/plot.hpp"

#include <cmath>
#include <algorithm>
#include <array>
#include <cstdio>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "seprank/support/errors.hpp"
#include "seprank/support/paths.hpp"

namespace seprank {

namespace {

bool ends_with(const std::string& s, const std::string& tail);

// A string in a gnuplot script: single-quoted, a quote inside doubled (gnuplot's rule), so any path or title is taken
// as it is.
std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char ch : s) q += ch == '\'' ? std::string("''") : std::string(1, ch);
  return q + "'";
}

// The picture gnuplot wrote is whole: a PNG ends with its IEND chunk, an SVG with </svg> (a full disk cuts it).
bool picture_complete(const std::string& file) {
  std::ifstream in(file, std::ios::binary | std::ios::ate);
  if (!in) return false;
  const std::streamoff size = in.tellg();
  const std::string tail_expected = ends_with(file, ".png.part")   ? std::string("IEND\xae\x42\x60\x82", 8)
                                    : ends_with(file, ".pdf.part") ? std::string("%%EOF")
                                                                   : std::string("</svg>");
  if (size < static_cast<std::streamoff>(tail_expected.size()) + 8) return false;
  in.seekg(size - 16);
  std::string tail(16, '\0');
  in.read(&tail[0], 16);
  return in && tail.find(tail_expected) != std::string::npos;
}

// Runs gnuplot on the script `gp`, which writes `out`.part; the picture is renamed to `out` only when whole, and the
// script, its data and its log are removed (nothing is left beside the picture; on failure only the log stays).
void run_gnuplot(const std::string& gp, const std::string& out) {
  const std::string part = out + ".part", dat = out + ".dat", log = out + ".log";
  auto remove_all = [&](bool keep_log) {
    std::remove(part.c_str()), std::remove(dat.c_str()), std::remove(gp.c_str());
    std::ifstream in(log);
    if (!keep_log || in.peek() == std::ifstream::traits_type::eof())
      std::remove(log.c_str());  // an empty log says nothing
  };
  // gnuplot GP 2> LOG, started without a shell (any character in a path is just a character).
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 2, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::string program = "gnuplot", script = gp;
  char* argv[] = {program.data(), script.data(), nullptr};
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "gnuplot", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    remove_all(false);
    throw output_error("plot " + out + ": gnuplot cannot be started (" +
                       (spawned == ENOENT ? std::string("not installed; Debian: apt-get install gnuplot-nox")
                                          : std::strerror(spawned)) +
                       "); nothing was written");
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    remove_all(true);
    throw output_error("plot " + out + ": gnuplot failed (its messages: " + log + ")");
  }
  if (!picture_complete(part)) {
    remove_all(true);
    throw output_error("plot " + out + ": the picture gnuplot wrote is incomplete (a full disk?); nothing was written");
  }
  if (std::rename(part.c_str(), out.c_str()) != 0) {
    remove_all(true);
    throw output_error("plot " + out + ": cannot move the finished picture into place");
  }
  remove_all(false);
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// The gnuplot terminal for a path, by its extension: .png (pngcairo), .pdf (pdfcairo) or .svg; any other is refused
// (its content would not be what its name says).
std::string terminal_for(const std::string& path, int width, int height) {
  if (ends_with(path, ".png"))
    return "set terminal pngcairo size " + std::to_string(width) + "," + std::to_string(height) + " font 'sans,11'\n";
  if (ends_with(path, ".pdf"))  // inches at 100 pixels each
    return "set terminal pdfcairo size " + std::to_string(width / 100.0) + "in," + std::to_string(height / 100.0) +
           "in font 'sans,9'\n";
  if (ends_with(path, ".svg"))
    return "set terminal svg size " + std::to_string(width) + "," + std::to_string(height) +
           " dynamic font 'sans,12' background rgb 'white'\n";
  throw usage_error("plot " + path + ": the file name must end in .svg, .png or .pdf (the format it is written in)");
}

// Tics at every integer x while there are at most 30 of them (depths always are).
bool integer_tics(const sweep_plot& plot) {
  int lo = 1 << 30, hi = 0;
  for (const auto& s : plot.series)
    for (const auto& p : s.points) lo = std::min(lo, p.x), hi = std::max(hi, p.x);
  return hi - lo <= 30;
}

}  // namespace

void check_plot_path(const std::string& path) {
  terminal_for(path, 100, 100);
  const std::string dir = directory_of(path);
  if (access(dir.c_str(), W_OK) != 0)
    throw usage_error(flag("plot") + " " + path + ": the directory " + dir + " does not exist or cannot be written");
}

void plot_sweep(const sweep_plot& plot, const std::string& path) {
  const std::string terminal = terminal_for(path, 1100, 780);  // refuses an unknown format before writing anything
  const std::string dat = path + ".dat", gp = path + ".gp";
  std::ofstream data(dat);
  if (!data) throw usage_error("plot " + path + ": cannot write " + dat);
  // One block per series; columns: x (L or d_x), certified log3 sep, lower-bound log3 sep, log3 Gram rank, the Gram
  // count, the refined count, the proven lower bound, then the paper's Theorem 1 upper, Theorem 2 upper, Theorem 1
  // lower, Theorem 2 lower (each in its regime; lower ones when > 0).
  auto cell = [](const std::optional<double>& v) {  // 6 decimals, as the tables show them; NaN: no point
    if (!v) return std::string("NaN");
    char text[64];
    std::snprintf(text, sizeof text, "%.6f", *v);
    return std::string(text);
  };
  // Which kinds each series has, so that no empty series is drawn and the legend lists each kind once.
  constexpr int kinds_n = 10;
  const char* const with[kinds_n] = {
      "linespoints pt 7 ps 1.1",     "points pt 6 ps 1.1", "points pt 4 ps 2", "lines lw 2",       "points pt 8 ps 1.3",
      "linespoints pt 9 dashtype 6", "lines dashtype 2",   "lines dashtype 3", "lines dashtype 4", "lines dashtype 5"};
  const char* const title[kinds_n] = {"sep, certified",
                                      "sep, lower bound",
                                      "Gram rank (N -> inf)",
                                      "Gram count (every weight and N)",
                                      "refined count (below the Gram count)",
                                      "proven lower bound (theory.md 15; N >= 2 d_x + 2)",
                                      "Theorem 1 upper bound (eq. 7)",
                                      "Theorem 2 upper bound (eq. 8, as printed)",
                                      "Theorem 1 lower bound (eq. 7, > 0)",
                                      "Theorem 2 lower bound (eq. 8, > 0)"};
  std::vector<std::array<bool, kinds_n>> has(plot.series.size(), std::array<bool, kinds_n>{});
  std::array<bool, kinds_n> any{};
  for (std::size_t b = 0; b < plot.series.size(); ++b) {
    for (const auto& p : plot.series[b].points) {
      const std::optional<double>* v[kinds_n] = {&p.sep_certified, &p.sep_lower,   &p.gram,      &p.gram_count,
                                                 &p.refined_count, &p.lower_bound, &p.th1_upper, &p.th2_upper,
                                                 &p.th1_lower,     &p.th2_lower};
      data << p.x;
      for (int k = 0; k < kinds_n; ++k)
        data << ' ' << cell(*v[k]),
            has[b][static_cast<std::size_t>(k)] = has[b][static_cast<std::size_t>(k)] || v[k]->has_value();
      data << '\n';
    }
    data << "\n\n";
    for (int k = 0; k < kinds_n; ++k)
      any[static_cast<std::size_t>(k)] = any[static_cast<std::size_t>(k)] || has[b][static_cast<std::size_t>(k)];
  }
  data.close();
  // One colour per series: per d_x when there is one H (each series is then one d_x).
  auto colour_of = [](std::size_t series) { return static_cast<int>(series % 8) + 1; };
  std::ofstream s(gp);
  s << terminal << "set output " << quoted(path + ".part") << "\n"
    << "set title 'Separation rank against " << (plot.against_dx ? "width" : "depth")
    << " (seprank-sym sweep, N = " << plot.N << ")'\n"
    << "set xlabel '" << (plot.against_dx ? "width d_x" : "depth L")
    << "'\nset ylabel 'log_3 sep'\nset key below horizontal maxcols 3 width -4\nset grid\n"
    << (integer_tics(plot) ? "set xtics 1\n" : "") << "set offsets 0.3, 0.3, 0, 0\n";
  for (const auto& t : plot.thresholds)  // grey, named by their label
    s << "set arrow from " << t.x << ", graph 0 to " << t.x << ", graph 1 nohead dashtype 3 lc rgb 'gray40'\n"
      << "set label " << quoted(t.label) << " at " << t.x
      << ", graph 0.97 rotate by 90 right font ',9' tc rgb 'gray40'\n";
  std::vector<std::string> items;
  for (std::size_t b = 0; b < plot.series.size(); ++b) {
    const std::string src = quoted(dat) + " index " + std::to_string(b), lc = " lc " + std::to_string(colour_of(b));
    for (int k = kinds_n - 1; k >= 0; --k)  // sep last: its points on top of the counts they meet
      if (has[b][static_cast<std::size_t>(k)])
        items.push_back(src + " using 1:" + std::to_string(k + 2) + " with " + with[k] + lc + " notitle");
  }
  // The legend: one entry per kind (in black), then one per series (its colour).
  for (int k = 0; k < kinds_n; ++k)
    if (any[static_cast<std::size_t>(k)])
      items.push_back(std::string("NaN with ") + with[k] + " lc 'black' title " + quoted(title[k]));
  for (std::size_t b = 0; b < plot.series.size(); ++b)
    items.push_back("NaN with lines lw 3 lc " + std::to_string(colour_of(b)) + " title " +
                    quoted(plot.series[b].label));
  s << "plot ";
  for (std::size_t k = 0; k < items.size(); ++k) s << (k ? ", \\\n     " : "") << items[k];
  s << "\n";
  s.close();
  run_gnuplot(gp, path);
}

namespace {

// The audit map's data file: one block per status (gnuplot index), so that each status has one legend entry:
// indices 0..3 the upper bound's panel, 4..7 the lower bound's; then 8 and 9 the margins of Theorem 2 and Theorem 1
// (d_x, L, the margin shown as sign(m) log_10(1 + |m|), so that 0.01 and 10^6 both read). Returns the largest
// margin shown (at least 1), the colour range.
double write_audit_data(const audit_plot& plot, std::ostream& data) {
  for (const auto* cells : {&plot.cells, &plot.lower_cells})
    for (std::size_t s = 0; s < plot.statuses.size(); ++s) {
      data << "# " << plot.statuses[s] << "\n";
      bool any = false;
      for (const auto& c : *cells)
        if (c.status == static_cast<int>(s)) data << c.dx << ' ' << c.L << '\n', any = true;
      if (!any) data << "NaN NaN\n";
      data << "\n\n";
    }
  double shown_max = 1;
  for (const auto* cells : {&plot.margins_theorem2, &plot.margins_theorem1}) {
    data << "# margins\n";
    for (const auto& c : *cells) {
      const double shown = std::copysign(std::log10(1 + std::fabs(c.margin)), c.margin);
      shown_max = std::max(shown_max, std::fabs(shown));
      data << c.dx << ' ' << c.L << ' ' << shown << '\n';
    }
    if (cells->empty()) data << "NaN NaN NaN\n";
    data << "\n\n";
  }
  return shown_max;
}

}  // namespace

void plot_audit(const audit_plot& plot, const std::string& path) {
  const bool two = !plot.lower_cells.empty();
  const bool margins = !plot.margins_theorem1.empty() || !plot.margins_theorem2.empty();
  // Status panels in the left column; with margins, Theorem 2's and Theorem 1's margin panels in the right one.
  const std::string terminal =
      terminal_for(path, margins ? 1800 : 1000, two ? 1200 : 650);  // refuses an unknown format first
  const std::string dat = path + ".dat", gp = path + ".gp";
  std::ofstream data(dat);
  if (!data) throw usage_error("plot " + path + ": cannot write " + dat);
  const double shown_max = write_audit_data(plot, data);
  data.close();
  const char* colours[] = {"#1a9850", "#d73027", "#bdbdbd", "#9ecae1"};
  std::ofstream g(gp);
  g << terminal << "set output " << quoted(path + ".part") << "\n"
    << (margins ? "set multiplot layout " + std::string(two ? "2" : "1") + ",2 columnsfirst\n"
        : two   ? "set multiplot layout 2,1\n"
                : "")
    << "set xlabel 'width d_x'\nset ylabel 'depth L'\nset key outside right top\nset grid\n"
    << (plot.dx_max > 50 * std::max(1L, plot.dx_min) ? "set logscale x\n" : "") << "set xrange ["
    << (plot.dx_min == plot.dx_max ? plot.dx_min - 0.5 : plot.dx_min) << ":"
    << (plot.dx_min == plot.dx_max ? plot.dx_max + 0.5 : plot.dx_max) << "]\nset yrange [" << plot.L_min - 0.5 << ":"
    << plot.L_max + 0.5 << "]\n";  // one width: half a unit each side (gnuplot refuses an empty range)
  auto panel = [&](std::size_t base, const std::string& title) {
    g << "set title \"" << title << " (H = " << plot.H << ")" << (plot.partial.empty() ? "" : "\\n" + plot.partial)
      << "\"\n";
    // Undecided and not-claimed first, so that proved and contradicted (the rarer) stay on top of dense rows.
    g << "plot ";
    const std::size_t order[] = {2, 3, 0, 1};
    for (std::size_t k = 0; k < 4 && k < plot.statuses.size(); ++k) {
      const std::size_t s = order[k] % plot.statuses.size();
      g << (k ? ", \\\n     " : "") << quoted(dat) << " index " << base + s << " using 1:2 with points pt 5 ps "
        << (s == 1 ? "1.0" : "0.6") << " lc rgb '" << colours[s % 4] << "' title '" << plot.statuses[s] << "'";
    }
    g << ", \\\n     log(x)/log(3) with lines lw 2 lc rgb 'black' title 'threshold L = log_3 d_x'\n";
  };
  auto margin_panel = [&](std::size_t index, const std::string& title) {
    g << "set title \"" << title << " (H = " << plot.H << ")" << (plot.partial.empty() ? "" : "\\n" + plot.partial)
      << "\"\n"
      << "set palette defined (-1 '#b2182b', -0.001 '#f4a582', 0 '#e0e0e0', 0.001 '#a6dba0', 1 '#1b7837')\n"
      << "set cbrange [" << -shown_max << ":" << shown_max << "]\n"
      << "set cblabel 'sign(m) log_{10}(1 + |m|), m = printed - proven, in log_3' offset 1\n"
      << "plot " << quoted(dat) << " index " << index << " using 1:2:3 with points pt 5 ps 0.6 palette notitle, \\\n"
      << "     log(x)/log(3) with lines lw 2 lc rgb 'black' title 'threshold L = log_3 d_x'\n"
      << "unset colorbox\n";
  };
  panel(0, "The paper's printed upper bound in its regime, audited");
  if (two) panel(plot.statuses.size(), "The paper's printed lower bound in its regime (Theorem 1 or 2), audited");
  if (margins) {
    g << "set colorbox\n";
    margin_panel(2 * plot.statuses.size(),
                 "Theorem 2's printed upper bound: its margin (red: contradicted, grey: undecided, green: holds)");
    if (two) {
      g << "set colorbox\n";
      margin_panel(2 * plot.statuses.size() + 1, "Theorem 1's printed upper bound: its margin");
    }
  }
  if (two || margins) g << "unset multiplot\n";
  g.close();
  run_gnuplot(gp, path);
}

}  // namespace seprank
