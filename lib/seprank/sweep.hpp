// Sweeps over (d_x, L, H): for each configuration small enough, the certified separation rank and
// the Gram rank next to the paper's bounds, plus the rank of each head's bilinear form W^Q^T W^K
// (the head-size bottleneck, Bhojanapalli et al. 2020).
#pragma once
#include <string>
#include <vector>

#include "seprank/analysis.hpp"
#include "seprank/bounds.hpp"
#include "seprank/derivation.hpp"
#include "seprank/parse.hpp"
#include "seprank/rank_analysis.hpp"

namespace seprank {

struct sweep_spec {
  std::vector<int> dx, L, H;
  int N = 4;
  weight_choice weights;
  resource_limits limits;
  rank_options ranks;
  int threads = 1;
};

struct sweep_row {
  int dx = 0, L = 0, H = 0;
  std::string status;               // "ok", or why the row has no ranks
  bool ranked = false;
  long sep = 0, grid = 0, gram = 0; // sep: exact or lower bound (see sep_exact)
  bool sep_exact = false, gram_exact = false, gram_computed = false;
  std::vector<long> head_ranks;     // rank of W^Q^T W^K for every layer and head (<= d_a)
  regime reg = regime::threshold;
  theorem1_bounds t1;
  theorem2_bounds t2;
};

struct sweep_result {
  sweep_spec spec;
  std::vector<sweep_row> rows;
  bool interrupted = false;
};

// Runs every configuration in order (d_x outermost, then L, then H). Per-row refusals are recorded
// in the row; Ctrl-C ends the sweep cleanly with the rows done so far (interrupted = true).
sweep_result run_sweep(const sweep_spec& spec, const progress_fn& progress);

derivation sweep_derivation(const sweep_result& r);

}  // namespace seprank
