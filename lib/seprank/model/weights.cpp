#include "seprank/model/weights.hpp"

#include "seprank/support/bounded_read.hpp"

#include <algorithm>

#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

#include "seprank/support/errors.hpp"
#include "seprank/support/parse.hpp"
#include "seprank/support/random.hpp"

namespace seprank {
namespace {

// The four matrix kinds in file order, with their shapes.
constexpr const char* kinds[] = {"WQ", "WK", "WV", "WO"};

template <class HW>
auto& block(HW& h, int kind) {
  return kind == 0 ? h.Q : kind == 1 ? h.K : kind == 2 ? h.V : h.O;
}

template <class S>
network_weights<S> shaped(const network_config& c, const S& fill) {
  network_weights<S> w;
  const int da = c.head_size();
  w.layers.assign(c.L, std::vector<head_weights<S>>(c.H));
  for (auto& layer : w.layers)
    for (auto& h : layer)
      h = {dense_matrix<S>(da, c.dx, fill), dense_matrix<S>(da, c.dx, fill), dense_matrix<S>(da, c.dx, fill),
           dense_matrix<S>(c.dx, da, fill)};
  return w;
}

[[noreturn]] void file_error(const std::string& source, int line, const std::string& what) {
  throw usage_error("weight file " + source + (line > 0 ? ":" + std::to_string(line) : "") + ": " + what);
}

long parse_entry(const std::string& tok, const std::string& source, int line) {
  const auto v = parse_integer(tok);
  if (!v) file_error(source, line, "entry '" + tok + "' is not a decimal integer");
  if (*v > max_weight_magnitude || *v < -max_weight_magnitude)
    file_error(source, line, "entry " + tok + " exceeds the allowed magnitude 1000000000");
  return *v;
}

}  // namespace

integer_weights draw_weights(const network_config& c, std::uint64_t seed, long range) {
  if (range < 1 || range > max_weight_magnitude)
    throw usage_error(value_name("weight-range") + " = " + std::to_string(range) +
                      " is out of range: must satisfy 1 <= " + value_name("weight-range") + " <= 1000000000");
  splitmix64 rng{seed};
  integer_weights w = shaped<long>(c, 0);
  const auto span = static_cast<std::uint64_t>(2 * range);
  for (auto& layer : w.layers)
    for (auto& h : layer)
      for (int kind = 0; kind < 4; ++kind) {
        auto& m = block(h, kind);
        for (int r = 0; r < m.rows(); ++r)
          for (int col = 0; col < m.cols(); ++col) {
            const long u = static_cast<long>(rng.next() % span);  // 0 .. 2R-1
            m(r, col) = u < range ? u - range : u - range + 1;    // -R..-1, 1..R
          }
      }
  return w;
}

integer_weights parse_weights(std::istream& in, const network_config& c, const std::string& src) {
  integer_weights w = shaped<long>(c, 0);
  std::map<std::tuple<int, int, int>, int> seen;  // (kind, l, h) -> header line
  dense_matrix<long>* current = nullptr;
  int rows_read = 0, header_line = 0, lineno = 0;
  auto finish_block = [&] {
    if (current && rows_read != current->rows())
      file_error(src, header_line,
                 "block has " + std::to_string(rows_read) + " rows, expected " + std::to_string(current->rows()));
  };
  std::string line;
  while (std::getline(in, line)) {
    ++lineno;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream ls(line);
    std::vector<std::string> tok;
    for (std::string t; ls >> t;) tok.push_back(t);
    if (tok.empty()) continue;
    if (tok[0].size() == 2 && tok[0][0] == 'W') {
      finish_block();
      int kind = -1;
      for (int k = 0; k < 4; ++k)
        if (tok[0] == kinds[k]) kind = k;
      if (kind < 0 || tok.size() != 3) file_error(src, lineno, "expected a header 'WQ|WK|WV|WO <layer> <head>'");
      const long l = parse_entry(tok[1], src, lineno), h = parse_entry(tok[2], src, lineno);
      if (l < 1 || l > c.L || h < 1 || h > c.H)
        file_error(src, lineno,
                   "layer " + tok[1] + " head " + tok[2] + " out of range (1 <= layer <= " + std::to_string(c.L) +
                       ", 1 <= head <= " + std::to_string(c.H) + ")");
      auto key = std::make_tuple(kind, static_cast<int>(l), static_cast<int>(h));
      if (seen.count(key)) file_error(src, lineno, "block repeated");
      seen[key] = lineno;
      current = &block(w.layers[l - 1][h - 1], kind);
      rows_read = 0;
      header_line = lineno;
      continue;
    }
    if (!current) file_error(src, lineno, "matrix row before any 'WQ|WK|WV|WO <layer> <head>' header");
    if (rows_read == current->rows())
      file_error(src, lineno, "too many rows: expected " + std::to_string(current->rows()));
    if (static_cast<int>(tok.size()) != current->cols())
      file_error(src, lineno,
                 "row has " + std::to_string(tok.size()) + " entries, expected " + std::to_string(current->cols()));
    for (int col = 0; col < current->cols(); ++col) (*current)(rows_read, col) = parse_entry(tok[col], src, lineno);
    ++rows_read;
  }
  finish_block();
  const auto expected = static_cast<std::size_t>(4 * c.L * c.H);
  if (seen.size() != expected) {
    for (int l = 1; l <= c.L; ++l)
      for (int h = 1; h <= c.H; ++h)
        for (int k = 0; k < 4; ++k)
          if (!seen.count(std::make_tuple(k, l, h)))
            file_error(src, 0,
                       "missing block " + std::string(kinds[k]) + " " + std::to_string(l) + " " + std::to_string(h) +
                           " (" + std::to_string(seen.size()) + " of " + std::to_string(expected) + " blocks present)");
  }
  return w;
}

integer_weights read_weight_file(const std::string& path, const network_config& c) {
  // The largest weight file (L = 8, d_x = 64, every entry at 10 digits) is about 1.5 MB; 64 MiB leaves room for
  // comments.
  const auto text = read_bounded(path, 64u << 20, "weight file");
  if (!text) throw usage_error("weight file " + path + ": cannot be opened");
  std::istringstream in(*text);
  return parse_weights(in, c, path);
}

std::string format_weights(const integer_weights& w) {
  std::ostringstream out;
  out << "# seprank-sym weights: blocks 'WQ|WK|WV|WO <layer> <head>' then rows\n";
  for (std::size_t l = 0; l < w.layers.size(); ++l)
    for (std::size_t h = 0; h < w.layers[l].size(); ++h) {
      const auto& hw = w.layers[l][h];
      for (int k = 0; k < 4; ++k) {
        const auto& m = block(hw, k);
        out << kinds[k] << ' ' << l + 1 << ' ' << h + 1 << '\n';
        for (int r = 0; r < m.rows(); ++r) {
          for (int col = 0; col < m.cols(); ++col) out << (col ? " " : "") << m(r, col);
          out << '\n';
        }
      }
    }
  return out.str();
}

symbolic_weights make_symbolic_weights(const network_config& c) {
  symbolic_weights w = shaped<GiNaC::ex>(c, 0);
  const char* letters = "QKVO";
  for (int l = 0; l < c.L; ++l)
    for (int h = 0; h < c.H; ++h)
      for (int k = 0; k < 4; ++k) {
        auto& hw = w.layers[l][h];
        auto& m = block(hw, k);
        for (int r = 0; r < m.rows(); ++r)
          for (int col = 0; col < m.cols(); ++col) {
            const std::string idx = std::to_string(r + 1) + std::to_string(col + 1);
            const std::string name =
                std::string(1, letters[k]) + std::to_string(l + 1) + std::to_string(h + 1) + "_" + idx;
            const std::string tex = std::string("W^{") + letters[k] + "," + std::to_string(l + 1) + "," +
                                    std::to_string(h + 1) + "}_{" + idx + "}";
            m(r, col) = GiNaC::symbol(name, tex);
          }
      }
  return w;
}

symbolic_weights to_symbolic(const integer_weights& w) {
  symbolic_weights s;
  auto conv = [](const dense_matrix<long>& m) {
    dense_matrix<GiNaC::ex> e(m.rows(), m.cols());
    for (int r = 0; r < m.rows(); ++r)
      for (int col = 0; col < m.cols(); ++col) e(r, col) = GiNaC::numeric(m(r, col));
    return e;
  };
  for (const auto& layer : w.layers) {
    s.layers.emplace_back();
    for (const auto& h : layer) s.layers.back().push_back({conv(h.Q), conv(h.K), conv(h.V), conv(h.O)});
  }
  return s;
}

GiNaC::exmap weight_substitution(const symbolic_weights& sym, const integer_weights& val) {
  GiNaC::exmap m;
  for (std::size_t l = 0; l < sym.layers.size(); ++l)
    for (std::size_t h = 0; h < sym.layers[l].size(); ++h) {
      for (int k = 0; k < 4; ++k) {
        const auto& s = block(sym.layers[l][h], k);
        const auto& v = block(val.layers[l][h], k);
        for (int r = 0; r < s.rows(); ++r)
          for (int col = 0; col < s.cols(); ++col) m[s(r, col)] = GiNaC::numeric(v(r, col));
      }
    }
  return m;
}

void check_weights(const integer_weights& w, const network_config& c, const std::string& source) {
  if (static_cast<int>(w.layers.size()) != c.L)
    throw usage_error(source + ": " + std::to_string(w.layers.size()) + " layers, expected L = " + std::to_string(c.L));
  for (std::size_t l = 0; l < w.layers.size(); ++l) {
    if (static_cast<int>(w.layers[l].size()) != c.H)
      throw usage_error(source + ": layer " + std::to_string(l + 1) + " has " + std::to_string(w.layers[l].size()) +
                        " heads, expected H = " + std::to_string(c.H));
    for (std::size_t h = 0; h < w.layers[l].size(); ++h)
      for (int k = 0; k < 4; ++k) {
        const auto& m = block(w.layers[l][h], k);
        const int rows = k == 3 ? c.dx : c.head_size(), cols = k == 3 ? c.head_size() : c.dx;
        const std::string where = source + ": " + kinds[k] + " " + std::to_string(l + 1) + " " + std::to_string(h + 1);
        if (m.rows() != rows || m.cols() != cols)
          throw usage_error(where + " is " + std::to_string(m.rows()) + " x " + std::to_string(m.cols()) +
                            ", expected " + std::to_string(rows) + " x " + std::to_string(cols));
        for (int r = 0; r < rows; ++r)
          for (int col = 0; col < cols; ++col)
            if (m(r, col) > max_weight_magnitude || m(r, col) < -max_weight_magnitude)
              throw usage_error(where + " has the entry " + std::to_string(m(r, col)) +
                                ", beyond the allowed magnitude 1000000000");
      }
  }
}

integer_weights obtain_weights(const network_config& c, const weight_choice& w) {
  switch (w.source) {
    case weight_choice::kind::file: return read_weight_file(w.path, c);
    case weight_choice::kind::given:
      if (!w.given) throw std::logic_error("weight_choice::given without weights");
      check_weights(*w.given, c, "the weights given");
      return *w.given;
    case weight_choice::kind::random:
    case weight_choice::kind::symbolic: break;
  }
  return draw_weights(c, w.seed, w.range);
}

long max_abs_weight(const integer_weights& w) {
  long m = 0;
  for (const auto& layer : w.layers)
    for (const auto& h : layer)
      for (const auto* mat : {&h.Q, &h.K, &h.V, &h.O})
        for (long v : mat->data()) m = std::max(m, v < 0 ? -v : v);
  return m;
}

}  // namespace seprank
