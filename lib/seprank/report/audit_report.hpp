// The audit map as a derivation (docs/theory.md, section 13): the rules, a table of statuses per
// configuration, the counts, and in JSON every statement with its bound and evidence; and the map's
// plot data.
#pragma once
#include "seprank/analysis/paper/audit.hpp"
#include "seprank/report/derivation.hpp"
#include "seprank/report/plot_data.hpp"

namespace seprank {

derivation audit_derivation(const audit_map& m);
audit_plot audit_plot_data(const audit_map& m);

}  // namespace seprank
