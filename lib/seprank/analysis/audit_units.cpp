#include "seprank/analysis/audit_units.hpp"

#include <limits>

#include <nlohmann/json.hpp>

namespace seprank {
namespace {

using json = nlohmann::ordered_json;

std::string exact_text(const big_float& x) {  // max_digits10 digits: the same binary value when read back
  return x.str(std::numeric_limits<big_float>::max_digits10, std::ios_base::scientific);
}

json bound_json(const sep_bound& b) {
  json j{{"source", static_cast<int>(b.source)},
         {"how", static_cast<int>(b.how)},
         {"log3", exact_text(b.log3)},
         {"value", b.value.str()},
         {"N", b.N},
         {"dx", b.dx},
         {"count_exact", b.count_exact},
         {"refined", static_cast<int>(b.refined)}};
  if (b.hessian) {  // the proven lower bound's witness (section 15), every field to the last digit
    const hessian_lower_bound& h = *b.hessian;
    j["hessian"] = {{"L", h.L},
                    {"level", h.level},
                    {"width", h.width},
                    {"rest_width", h.rest_width},
                    {"padded", h.padded},
                    {"heads", h.heads},
                    {"rho", h.rho.str()},
                    {"rho_rest", h.rho_rest.str()},
                    {"r", h.r.str()},
                    {"n", h.n.str()},
                    {"exact", h.exact},
                    {"value", h.value.str()},
                    {"log3_lower", exact_text(h.log3_lower)},
                    {"log3_upper", exact_text(h.log3_upper)},
                    {"log3_lower_ld", exact_text(big_float(h.log3_lower_ld))},
                    {"from_N", h.from_N}};
  }
  return j;
}

sep_bound bound_of_json(const json& j) {
  sep_bound b;
  b.source = static_cast<sep_source>(j.at("source").get<int>());
  b.how = static_cast<computed_by>(j.at("how").get<int>());
  b.log3 = big_float(j.at("log3").get<std::string>());
  b.value = big_int(j.at("value").get<std::string>());
  b.N = j.at("N").get<int>();
  b.dx = j.at("dx").get<int>();
  b.count_exact = j.at("count_exact").get<bool>();
  b.refined = static_cast<refined_by>(j.at("refined").get<int>());
  if (j.contains("hessian")) {
    const json& w = j.at("hessian");
    hessian_lower_bound h;
    h.L = w.at("L").get<long>();
    h.level = w.at("level").get<int>();
    h.width = w.at("width").get<long>();
    h.rest_width = w.at("rest_width").get<long>();
    h.rho_rest = big_int(w.at("rho_rest").get<std::string>());
    h.padded = w.at("padded").get<bool>();
    h.heads = w.at("heads").get<long>();
    h.rho = big_int(w.at("rho").get<std::string>());
    h.r = big_int(w.at("r").get<std::string>());
    h.n = big_int(w.at("n").get<std::string>());
    h.exact = w.at("exact").get<bool>();
    h.value = big_int(w.at("value").get<std::string>());
    h.log3_lower = big_float(w.at("log3_lower").get<std::string>());
    h.log3_upper = big_float(w.at("log3_upper").get<std::string>());
    h.log3_lower_ld = big_float(w.at("log3_lower_ld").get<std::string>()).convert_to<long double>();
    h.from_N = w.at("from_N").get<long>();
    b.hessian = std::make_shared<const hessian_lower_bound>(std::move(h));
  }
  return b;
}

// The dx values as runs a..b (the store's and the batch's canonical text; 10^5 widths stay short).
std::string runs_text(const std::vector<long>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size();) {
    std::size_t j = i;
    while (j + 1 < v.size() && v[j + 1] == v[j] + 1) ++j;
    out += (out.empty() ? "" : ",") + std::to_string(v[i]) + (j > i ? ".." + std::to_string(v[j]) : "");
    i = j + 1;
  }
  return out;
}

}  // namespace

std::string unit_schema<std::vector<audit_row>>::to_stored(const std::vector<audit_row>& rows) {
  json out = json::array();
  for (const auto& r : rows) {
    json findings = json::array();
    for (const auto& f : r.findings)
      findings.push_back({{"statement", static_cast<int>(f.statement)},
                          {"claimed", f.claimed},
                          {"defined", f.defined},
                          {"bound_log3", exact_text(f.bound_log3)},
                          {"status", static_cast<int>(f.status)},
                          {"evidence", bound_json(f.evidence)},
                          {"other", f.other ? bound_json(*f.other) : json()},
                          {"from_N", f.from_N}});
    out.push_back({{"L", r.L},
                   {"dx", r.dx},
                   {"H", r.H},
                   {"regime", static_cast<int>(r.reg)},
                   {"findings", findings},
                   {"counts_exact", r.counts_exact},
                   {"gram_count", r.gram_count.str()},
                   {"refined_count", r.refined_count.str()},
                   {"refined", static_cast<int>(r.refined)}});
  }
  return out.dump();
}

std::vector<audit_row> unit_schema<std::vector<audit_row>>::from_stored(const std::string& text) {
  std::vector<audit_row> rows;
  for (const auto& j : json::parse(text)) {
    audit_row r;
    r.L = j.at("L").get<int>();
    r.dx = j.at("dx").get<long>();
    r.H = j.at("H").get<long>();
    r.reg = static_cast<regime>(j.at("regime").get<int>());
    for (const auto& f : j.at("findings")) {
      statement_finding s;
      s.statement = static_cast<paper_statement>(f.at("statement").get<int>());
      s.claimed = f.at("claimed").get<bool>();
      s.defined = f.at("defined").get<bool>();
      s.bound_log3 = big_float(f.at("bound_log3").get<std::string>());
      s.status = static_cast<verdict>(f.at("status").get<int>());
      s.evidence = bound_of_json(f.at("evidence"));
      if (!f.at("other").is_null()) s.other = bound_of_json(f.at("other"));
      s.from_N = f.at("from_N").get<int>();
      r.findings.push_back(std::move(s));
    }
    r.counts_exact = j.at("counts_exact").get<bool>();
    r.gram_count = big_int(j.at("gram_count").get<std::string>());
    r.refined_count = big_int(j.at("refined_count").get<std::string>());
    r.refined = static_cast<refined_by>(j.at("refined").get<int>());
    rows.push_back(std::move(r));
  }
  return rows;
}

audit_map audit_map_by_units(const audit_map_request& q, unit_runner* runner, const audit_row_sink& sink) {
  const std::vector<int>& Ls = q.L;
  const std::vector<long>& dxs = q.dx;
  const long H = q.H, N = q.N;
  const bool exact_counts = q.exact_counts;
  if (runner == nullptr || runner->processes() <= 1) return audit_map_of(Ls, dxs, H, exact_counts, N, sink);
  // Version 3: the lower bound's witness is the moment form's (level, width, rho; Theorem 15.1), at N.
  unit_batch batch{unit_schema<std::vector<audit_row>>::method,
                   3,
                   "dx=" + runs_text(dxs) + " H=" + std::to_string(H) + " exact_counts=" + (exact_counts ? "1" : "0") +
                       " N=" + std::to_string(N),
                   "",
                   {}};
  long widths = 0;
  for (long dx : dxs) widths += dx % H == 0;
  for (int L : Ls)  // measured: about 30 us a row (100-digit rows at large L cost more), more with exact counts
    batch.units.push_back({"L=" + std::to_string(L), widths * (exact_counts ? 1e-4 : 3e-5) * (1 + L / 10.0), 64});
  auto results = run_unit_records<std::vector<audit_row>>(
      runner, batch, [&](std::size_t i) { return audit_map_of({Ls[i]}, dxs, H, exact_counts, N).rows; });
  // audit_map_of's order: widths outside, depths inside.
  std::vector<std::vector<audit_row>> by_L;
  for (auto& r : results) {
    r.read();  // rethrows for an unreadable text
    by_L.push_back(std::move(r.value));
  }
  audit_map m;
  m.L = Ls, m.dx = dxs, m.H = H, m.N = N;
  std::size_t at = 0;
  for (long dx : dxs) {
    if (dx % H != 0) {
      ++m.skipped_not_dividing;
      continue;
    }
    for (auto& rows : by_L) {
      if (sink)
        sink(std::move(rows[at]));
      else
        m.rows.push_back(std::move(rows[at]));
    }
    ++at;
  }
  return m;
}

}  // namespace seprank
