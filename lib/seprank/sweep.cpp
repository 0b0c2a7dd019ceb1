#include "seprank/sweep.hpp"

#include <sstream>

#include "seprank/errors.hpp"
#include "seprank/interrupt.hpp"
#include "seprank/linalg.hpp"

namespace seprank {
namespace {

std::string str(long long v) { return std::to_string(v); }

// Exact rank of W^Q^T W^K (d_x x d_x) for every layer and head.
std::vector<long> head_form_ranks(const integer_weights& w) {
  std::vector<long> ranks;
  for (const auto& layer : w.layers)
    for (const auto& h : layer) {
      integer_matrix m;
      m.rows = m.cols = h.Q.cols();
      for (int r = 0; r < h.Q.cols(); ++r)
        for (int c = 0; c < h.K.cols(); ++c) {
          mpz_class v = 0;
          for (int a = 0; a < h.Q.rows(); ++a) v += mpz_class(h.Q(a, r)) * h.K(a, c);
          if (v != 0) m.entries.push_back({r, c, v});
        }
      ranks.push_back(exact_rank(m));
    }
  return ranks;
}

std::string ranks_text(const std::vector<long>& ranks) {
  if (ranks.empty()) return "-";
  long lo = ranks.front(), hi = ranks.front();
  for (long r : ranks) lo = std::min(lo, r), hi = std::max(hi, r);
  return lo == hi ? str(lo) : str(lo) + ".." + str(hi);
}

sweep_row run_one(const sweep_spec& spec, int dx, int L, int H, const progress_fn& progress) {
  sweep_row row;
  row.dx = dx, row.L = L, row.H = H;
  row.reg = classify_regime(L, dx);
  row.t1 = theorem1(L, dx, H);
  row.t2 = theorem2(L, dx, H);
  network_config c;
  c.L = L, c.dx = dx, c.H = H, c.N = spec.N;
  if (dx % H != 0) return row.status = "H does not divide d_x", row;
  try {
    validate(c);
    weight_choice wc = spec.weights;
    if (wc.source == weight_choice::kind::symbolic) wc.source = weight_choice::kind::random;
    const auto s = analyse_structure(c, wc, spec.limits, spec.threads, [](const std::string&) {}, true);
    row.head_ranks = head_form_ranks(s.weights);
    rank_options ro = spec.ranks;
    ro.stabilization = false;
    const auto r = analyse_ranks(s, ro, spec.limits, spec.threads, [](const std::string&) {});
    row.ranked = true;
    row.sep = r.sep.lower, row.sep_exact = r.sep.exact();
    row.grid = r.grid.rank;
    row.gram_computed = r.gram.skipped.empty();
    row.gram = r.gram.rank.lower, row.gram_exact = r.gram.rank.exact();
    row.status = "ok";
  } catch (const resource_error& e) {
    row.status = std::string("refused: ") + e.what();
  } catch (const usage_error& e) {
    row.status = std::string("invalid: ") + e.what();
  }
  (void)progress;
  return row;
}

std::string log3_of(long v) { return v > 0 ? format_float(log3(big_float(v)), 3) : "-"; }

}  // namespace

sweep_result run_sweep(const sweep_spec& spec, const progress_fn& progress) {
  sweep_result r;
  r.spec = spec;
  const std::size_t total = spec.dx.size() * spec.L.size() * spec.H.size();
  try {
    for (int dx : spec.dx)
      for (int L : spec.L)
        for (int H : spec.H) {
          check_interrupt();
          progress("sweep " + str(static_cast<long long>(r.rows.size() + 1)) + "/" + str(static_cast<long long>(total)) +
                   ": d_x = " + str(dx) + ", L = " + str(L) + ", H = " + str(H));
          r.rows.push_back(run_one(spec, dx, L, H, progress));
        }
  } catch (const interrupted&) {
    r.interrupted = true;
  }
  return r;
}

derivation sweep_derivation(const sweep_result& r) {
  derivation d;
  d.title = "seprank-sym sweep: certified separation ranks next to the paper's bounds (N = " + str(r.spec.N) + ")";
  d.config = json::object().set("N", json::number(static_cast<long long>(r.spec.N)));
  d.steps.push_back({"How to read the table",
                     "sep: the certified separation rank at this N for the seeded draw (\">=\" marks a lower bound); Gram: "
                     "the rank for N -> infinity; bounds in log_3, from the paper's Theorem 1 (L < log_3 d_x) or 2 (L > log_3 d_x)",
                     {{"W^Q^T W^K rank", "exact rank of each head's bilinear form (at most d_a = d_x / H): small heads cap what one head can express"},
                      {"rows", str(static_cast<long long>(r.rows.size())) + (r.interrupted ? " (interrupted by the user)" : "")}},
                     r.interrupted ? claim_status::skipped : claim_status::computed,
                     r.interrupted ? "the sweep was interrupted (SIGINT); the rows done so far are shown" : ""});
  result_table t;
  t.title = "Sweep";
  t.header = {"d_x", "L", "H", "d_a", "regime", "sep", "log_3 sep", "Gram", "grid", "W^Q^T W^K rank", "paper lower", "paper upper", "note"};
  json rows = json::array();
  for (const auto& row : r.rows) {
    const bool th2 = row.reg != regime::depth_efficient;
    const bool low_def = th2 ? row.t2.b2_defined : row.t1.lower_defined;
    const bool at_threshold = row.reg == regime::threshold;  // neither theorem claims anything there
    const std::string lower = at_threshold ? "n/a" : low_def ? format_float(th2 ? row.t2.lower_log3 : row.t1.lower_log3, 3) : "undef.";
    const std::string upper = at_threshold ? "n/a" : format_float(th2 ? row.t2.upper_log3 : row.t1.upper_log3, 3);
    const std::string reg = row.reg == regime::depth_efficient ? "Th. 1" : row.reg == regime::threshold ? "threshold" : "Th. 2";
    const std::string sep = row.ranked ? (row.sep_exact ? "" : ">=") + str(row.sep) : "-";
    const std::string gram = row.ranked && row.gram_computed ? (row.gram_exact ? "" : ">=") + str(row.gram) : "-";
    t.rows.push_back({str(row.dx), str(row.L), str(row.H), row.dx % row.H == 0 ? str(row.dx / row.H) : "-", reg, sep,
                      row.ranked ? log3_of(row.sep) : "-", gram, row.ranked ? str(row.grid) : "-", ranks_text(row.head_ranks),
                      lower, upper, row.status});
    rows.push(json::object()
                  .set("dx", json::number(static_cast<long long>(row.dx)))
                  .set("L", json::number(static_cast<long long>(row.L)))
                  .set("H", json::number(static_cast<long long>(row.H)))
                  .set("status", json::text(row.status))
                  .set("separation_rank", row.ranked ? json::text(str(row.sep)) : json())
                  .set("separation_rank_exact", json::boolean(row.sep_exact))
                  .set("gram_rank", row.ranked && row.gram_computed ? json::text(str(row.gram)) : json())
                  .set("grid_rank", row.ranked ? json::text(str(row.grid)) : json())
                  .set("head_form_ranks", json::text(ranks_text(row.head_ranks)))
                  .set("paper_lower_log3", low_def && !at_threshold ? json::text(lower) : json())
                  .set("paper_upper_log3", at_threshold ? json() : json::text(upper)));
  }
  d.tables.push_back(t);
  d.results = json::object().set("rows", rows).set("interrupted", json::boolean(r.interrupted));
  return d;
}

}  // namespace seprank
