// Sweeps over (d_x, L, H) (docs/theory.md, section 11): for each configuration small enough, the
// certified separation rank and the Gram rank next to the paper's bounds, plus the exact rank of
// each head's bilinear form W^Q^T W^K (the head-size bottleneck: ranks/head_form_rank).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/analysis/ranks/rank_analysis.hpp"
#include "seprank/analysis/structure/structure_analysis.hpp"

namespace seprank {

struct sweep_spec {
  std::vector<int> dx, L, H;
  int N = 4;
  weight_choice weights;
  resource_limits limits;
  rank_options ranks;
  int threads = 1;
};

enum class sweep_row_status { ok, head_not_dividing, refused, invalid };

struct sweep_row {
  int dx = 0, L = 0, H = 0;
  sweep_row_status status = sweep_row_status::ok;
  std::string refusal;  // refused / invalid: the error message
  bool ranked = false;
  long sep = 0, grid = 0, gram = 0;  // sep: exact or lower bound (see sep_exact)
  bool sep_exact = false, gram_exact = false, gram_computed = false;
  std::vector<long> head_ranks;  // rank of W^Q^T W^K for every layer and head (<= d_a)
  paper_bounds paper;
  // Bounds that hold without computing a rank (docs/theory.md, sections 6, 14, 15), for the plots: the Gram count
  // (every weight and N); the refined count (every weight; H = 1 only, else equal to the Gram count); the proven
  // lower bound's log_3, lower end of its interval (none for L = 1 or d_x = 1).
  bool counted = false;  // the counts below are exact (at most ~1,000 digits)
  big_int gram_count, refined_count;
  growth_slopes slopes;  // the slopes of log_3 sep in L at large L (Corollary 15.3)
  bool has_lower_bound = false;
  bool lower_bound_exact =
      false;  // lower_bound is 2 binom(r + n, n) exactly; else only lower_bound_log3 (the interval's lower end)
  big_int lower_bound;
  big_float lower_bound_log3;
};

struct sweep_result {
  sweep_spec spec;
  std::vector<sweep_row> rows;
  bool interrupted = false;
  bool time_limited = false;  // --time-limit, for the whole sweep, stopped it: the rows finished before it are kept
};

// Runs every configuration in order (d_x outermost, then L, then H). Per-row refusals are recorded
// in the row; Ctrl-C ends the sweep cleanly with the rows done so far (interrupted = true).
sweep_result analyse_sweep(const sweep_spec& spec, const progress_fn& progress);

}  // namespace seprank
