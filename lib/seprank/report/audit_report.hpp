// The audit map as a derivation (docs/theory.md, section 13): the rules, a table of statuses per
// configuration, the counts, and in JSON every statement with its bound and evidence; and the map's
// plot data.
#pragma once
#include <functional>
#include <memory>

#include "seprank/analysis/paper/audit_map.hpp"
#include "seprank/report/derivation.hpp"
#include "seprank/report/plot_data.hpp"

namespace seprank {

// The audit derivation built row by row, so that a map of many rows need not be held whole (derive_audit streams
// the rows of one process into it): add() each row in the map's order, then finish() with the map (its L, d_x, H,
// N; its rows may be empty). rows: how many will be added; json_rows: results.rows, each row with its statements
// and evidence as data (JSON output); without, the text's table and counts only. export_row: handed each row's record
// (as in results.rows) in the map's order, for a CSV or NDJSON file; the records are not kept for it. The derivation
// opens with the answer by region: per depth, where the printed upper bound holds, is contradicted or is undecided, and
// why.
class audit_report_builder {
 public:
  audit_report_builder(std::size_t rows, bool json_rows, std::function<void(const json&)> export_row = {});
  ~audit_report_builder();
  void add(const audit_row& row);
  derivation finish(const audit_map& m,
                    stop_reason stop = stop_reason::none);  // stopped: the rows added so far, the rest skipped
  audit_plot plot(long H) const;                            // the map's plot data, from the rows added
  std::size_t rows_added() const;

 private:
  struct state;
  std::unique_ptr<state> s_;
};
// The rows' records as CSV: L, dx, H, regime, then for each statement its status, the paper's bound (log_3), the N the
// status holds from, and the deciding fact's source and log_3.
std::vector<std::string> audit_csv_columns();
std::vector<json> audit_csv_cells(const json& row);
// The same for a map held whole.
derivation audit_derivation(const audit_map& m, bool rows = true);
audit_plot audit_plot_data(const audit_map& m);

}  // namespace seprank
