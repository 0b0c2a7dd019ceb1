// The audit map as a derivation (docs/theory.md, section 13): the rules, a table of statuses per
// configuration, the counts, and in JSON every statement with its bound and evidence; and the map's
// plot data.
#pragma once
#include "seprank/analysis/paper/audit.hpp"
#include "seprank/report/derivation.hpp"
#include "seprank/report/plot_data.hpp"

namespace seprank {

// rows: results.rows, each row with its statements and evidence as data (JSON output); without, the text's table
// and counts only (a map of 200,000 rows then costs a fifth of the memory).
derivation audit_derivation(const audit_map& m, bool rows = true);
audit_plot audit_plot_data(const audit_map& m);

}  // namespace seprank
