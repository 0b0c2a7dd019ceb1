#include "seprank/app/certificate.hpp"

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "certificate_script.hpp"
#include "seprank/support/errors.hpp"

namespace seprank {
namespace {

nlohmann::ordered_json matrix_json(const dense_matrix<long>& m) {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (int r = 0; r < m.rows(); ++r) {
    nlohmann::ordered_json row = nlohmann::ordered_json::array();
    for (int c = 0; c < m.cols(); ++c) row.push_back(m(r, c));
    rows.push_back(row);
  }
  return rows;
}

// Written whole under a temporary name (flushed and its size checked), or removed: a full disk never leaves a file
// that looks complete (an empty check.py would exit 0: a check that passes). Returns the temporary name; commit()
// renames it.
std::filesystem::path write_part(const std::filesystem::path& path, const std::string& text) {
  const std::filesystem::path part = path.string() + ".part";
  {
    std::ofstream out(part, std::ios::binary);
    out << text;
    out.flush();
    if (!out) {
      out.close();
      std::error_code ec;
      std::filesystem::remove(part, ec);
      throw output_error("certificate: cannot write " + path.string() +
                         " (a full disk?); the directory was left as it was");
    }
  }
  std::error_code ec;
  if (std::filesystem::file_size(part, ec) != text.size() || ec) {
    std::filesystem::remove(part, ec);
    throw output_error("certificate: " + path.string() +
                       " was not written whole (a full disk?); the directory was left as it was");
  }
  return part;
}

void commit(const std::filesystem::path& part, const std::filesystem::path& path) {
  std::error_code ec;
  std::filesystem::rename(part, path, ec);
  if (ec)
    throw output_error("certificate: cannot move " + part.string() + " to " + path.string() + ": " + ec.message());
}

}  // namespace

void write_certificate(const std::string& dir, const network_config& c, const integer_weights& w, const partition& p,
                       const grid_certificate& g) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw usage_error("certificate: cannot create the directory " + dir + ": " + ec.message());
  nlohmann::ordered_json weights = nlohmann::ordered_json::array();
  for (const auto& layer : w.layers) {
    nlohmann::ordered_json heads = nlohmann::ordered_json::array();
    for (const auto& h : layer)
      heads.push_back(
          {{"Q", matrix_json(h.Q)}, {"K", matrix_json(h.K)}, {"V", matrix_json(h.V)}, {"O", matrix_json(h.O)}});
    weights.push_back(heads);
  }
  // The checker insists that A holds the output position: swapping the sides transposes the grid (same rank).
  const bool i_in_A = p.in_A(c.position);
  const nlohmann::ordered_json cert{
      {"format", "seprank-sym grid certificate v1"},
      {"statement", "sep(y_p; A, B) >= claimed_rank for these weights, hence for almost every weight"},
      {"config",
       {{"L", c.L},
        {"dx", c.dx},
        {"H", c.H},
        {"N", c.N},
        {"position", c.position},
        {"entry", c.entry},
        {"residual", c.residual}}},
      {"partition", {{"A", i_in_A ? p.A : p.B}, {"B", i_in_A ? p.B : p.A}}},
      {"prime", g.prime},
      {"weights", weights},
      {"points", {{"A", i_in_A ? g.a_points : g.b_points}, {"B", i_in_A ? g.b_points : g.a_points}}},
      {"claimed_rank", g.rank}};
  const std::filesystem::path base(dir);
  // Both files whole under temporary names before either replaces anything: a failed write (a full disk) leaves an
  // earlier certificate and its check.py as they were; then certificate.json first, check.py last.
  const std::filesystem::path cert_part = write_part(base / "certificate.json", cert.dump() + "\n");
  std::filesystem::path script_part;
  try {
    script_part = write_part(base / "check.py", certificate_check_script);
  } catch (...) {
    std::filesystem::remove(cert_part, ec);
    throw;
  }
  commit(cert_part, base / "certificate.json");
  commit(script_part, base / "check.py");
}

bool remove_certificate(const std::string& dir) {
  const std::filesystem::path base(dir);
  std::error_code ec;
  const bool had =
      std::filesystem::exists(base / "certificate.json", ec) || std::filesystem::exists(base / "check.py", ec);
  std::filesystem::remove(base / "certificate.json", ec);
  std::filesystem::remove(base / "check.py", ec);
  return had;
}

}  // namespace seprank
