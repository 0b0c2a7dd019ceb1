#include "seprank/app/request_options.hpp"

#include "seprank/model/weights.hpp"
#include "seprank/support/parse.hpp"

namespace seprank {

void set_partition_text(derivation_request& r, const std::string& text) {
  if (text.empty()) {
    r.ranks.explicit_partition.reset();
    return;
  }
  validate(r.cfg);  // the partition is of 1..N: N first, with its own message
  r.ranks.explicit_partition = parse_partition(text, r.cfg.N);
}

namespace {

// The table in two parts, each a page (data, not code), in the order of --help: the network, its weights and the
// limits of the structural steps; then the output options and the rank stage's.
std::vector<request_option> network_and_limit_options() {
  return {
      {"--L", "L", "depth L (number of layers), 1.." + std::to_string(max_depth),
       [](derivation_request& r) { return option_target(&r.cfg.L); }},
      {"--dx", "dx", "width d_x, 1.." + std::to_string(max_width),
       [](derivation_request& r) { return option_target(&r.cfg.dx); }},
      {"--H", "H", "heads per layer; must divide d_x", [](derivation_request& r) { return option_target(&r.cfg.H); }},
      {"--N", "N", "number of input positions, 2.." + std::to_string(max_positions),
       [](derivation_request& r) { return option_target(&r.cfg.N); }},
      {"--position", "position", "output position i, 1..N",
       [](derivation_request& r) { return option_target(&r.cfg.position); }},
      {"--entry", "entry", "output entry p, 1..d_x", [](derivation_request& r) { return option_target(&r.cfg.entry); }},
      {"--residual", "residual", "add the residual connection y = x + attention in every layer",
       [](derivation_request& r) { return option_target(&r.cfg.residual); }},
      {"--weights", "weights", "random (seeded integer draw), symbolic (GiNaC symbols; tiny sizes), or a weight FILE",
       [](derivation_request& r) { return option_target(&r.weights); }},
      {"--seed", "seed", "seed of the weight draw (0 .. 2^64 - 1)",
       [](derivation_request& r) { return option_target(&r.weights.seed); }},
      {"--weight-range", "weight_range",
       "draw weights from the nonzero integers in [-R, R], 1.." + limit_text(max_weight_magnitude),
       [](derivation_request& r) { return option_target(&r.weights.range); }},
      {"--print-polynomial", "print_polynomial", "print the expanded polynomial y_p",
       [](derivation_request& r) { return option_target(&r.print_polynomial); }},
      {"--max-terms", "max_terms", "refuse expansions with more (estimated) terms, at least 1",
       [](derivation_request& r) { return option_target(&r.limits.max_terms); }},
      {"--max-memory", "max_memory",
       "a cap in MiB (at least 1) on the estimated memory of each large step (each estimate counts 16 MiB for the process): a Gram form over it is refused (exit 3), an expansion or Gram rank over it skipped, with the estimate; the grid tensors and their side bounds are made smaller to fit. Not a cap on the process, whose peak can pass it by about 20 MiB (33 MiB at " +
           setting("L", "3") + " " + setting("dx", "3") + " " + setting("max-memory", "20") + ")",
       [](derivation_request& r) { return option_target(&r.limits.max_memory_mb); }},
      {"--time-limit", "time_limit",
       "refuse steps with a longer estimated time, and stop the run after this many seconds: the finished steps are printed, the rest skipped, exit status 4",
       [](derivation_request& r) { return option_target(&r.limits.max_seconds); }},
      {"--max-g-terms", "max_g_terms", "skip the eq. 4 check when g^L may have more terms",
       [](derivation_request& r) { return option_target(&r.limits.max_g_terms); }},
      {"--max-symbolic-terms", "max_symbolic_terms", "refuse symbolic-weight expansions with more (estimated) terms",
       [](derivation_request& r) { return option_target(&r.limits.max_symbolic_terms); }},
      {"--threads", "threads",
       "threads for FLINT (multiplication, ranks mod p) and the grid evaluations (results do not depend on it), " +
           limit_text(threads_limits.lo) + ".." + limit_text(threads_limits.hi),
       [](derivation_request& r) { return option_target(&r.threads); }, false, true}};
}

std::vector<request_option> output_and_rank_options() {
  return {
      {"--quiet", "", "no progress messages on stderr", {}},
      {"--width",
       "",
       "wrap the text format's prose at this many columns, 0 or 40..1000 (0: never; tables and polynomials are not wrapped); default: the terminal's width when standard output is a terminal (100 if it is unknown), else no wrapping",
       {}},
      {"--summary",
       "",
       "the answer first and short: the answer (each statement of the paper holds, is contradicted or is undecided), the configuration, the summary of every bound and any FAILED step (the main command; the exit status is the full derivation's)",
       {}},
      {"--latex-fragment",
       "",
       "LaTeX without a preamble, to paste into a paper (" + setting("format", "latex-fragment") + ")",
       {}},
      {"--structure-only", "structure_only",
       "only the structural facts (expansion, eq. 4, Gram form): no ranks, no bounds",
       [](derivation_request& r) { return option_target(&r.structure_only); }},
      {"--format",
       "",
       "output format: text, markdown (GitHub), latex (a complete document), latex-fragment (no preamble) or json",
       {}},
      {"--basis", "basis", "list the basis of the monomial space V used by y_p",
       [](derivation_request& r) { return option_target(&r.basis); }, true},
      {"--basis-limit", "basis_limit", "list at most this many basis elements, at least 0",
       [](derivation_request& r) { return option_target(&r.basis_print_limit); }},
      {"--partition", "partition", "the partition A|B, e.g. 1,3|2,4 (default: A = 1..N/2)",
       [](derivation_request& r) { return option_target(&r.ranks.explicit_partition); }, true},
      {"--kernel", "kernel", "print a basis of the kernel of the coefficient matrix",
       [](derivation_request& r) { return option_target(&r.ranks.kernel); }, true},
      {"--kernel-limit", "kernel_limit", "print at most this many kernel relations, at least 0",
       [](derivation_request& r) { return option_target(&r.ranks.kernel_print_limit); }},
      {"--seeds", "seeds",
       "repeat the rank for K weight draws (seeds S..S+K-1), " + limit_text(seeds_limits.lo) + ".." +
           limit_text(seeds_limits.hi),
       [](derivation_request& r) { return option_target(&r.ranks.seeds); }, true},
      {"--all-partitions", "all_partitions", "rank every balanced partition (Proposition 1; N <= 8)",
       [](derivation_request& r) { return option_target(&r.ranks.all_partitions); }, true},
      {"--max-grid-points", "max_grid_points",
       "largest grid s = t for grid-tensor ranks (per degree block when graded), at least " +
           std::to_string(min_grid_points),
       [](derivation_request& r) { return option_target(&r.ranks.max_grid_points); }},
      {"--max-gram-terms", "max_gram_terms", "skip the Gram rank when its matrix may have more nonzeros, at least 1",
       [](derivation_request& r) { return option_target(&r.ranks.max_gram_terms); }},
      {"--max-dense-entries", "max_dense_entries",
       "refuse a rank when a matrix block has more entries (8 bytes each, mod p), at least 1",
       [](derivation_request& r) { return option_target(&r.ranks.limits.max_dense_entries); }},
      {"--max-exact-entries", "max_exact_entries", "largest block (entries) for exact elimination and kernels over Z",
       [](derivation_request& r) { return option_target(&r.ranks.limits.max_exact_entries); }},
      {"--timings", "timings", "print the time of each rank stage (varies between runs)",
       [](derivation_request& r) { return option_target(&r.timings); }},
      {"--certificate", "certificate",
       "write DIR/certificate.json and DIR/check.py: a grid certifying the lower bound on sep, re-checked by 'python3 DIR/check.py' with numpy only",
       [](derivation_request& r) { return option_target(&r.certificate); }, true},
      {"--store", "store",
       "keep every finished unit of work (the Gram blocks) in the SQLite results store FILE and reuse the ones it holds (a run killed at any moment redoes only the units in flight)",
       [](derivation_request& r) { return option_target(&r.store); }, true},
      {"--verify", "verify",
       "re-rank K of the units each value takes from the store, drawn at random (FAILED if one disagrees), " +
           limit_text(verify_limits.lo) + ".." + limit_text(verify_limits.hi),
       [](derivation_request& r) { return option_target(&r.verify); }}};
}

}  // namespace

const std::vector<request_option>& request_options() {
  static const std::vector<request_option> table = [] {
    std::vector<request_option> t = network_and_limit_options();
    for (auto& o : output_and_rank_options()) t.push_back(std::move(o));
    return t;
  }();
  return table;
}

derivation_request default_request() {
  derivation_request r;
  r.threads = default_thread_count();
  return r;
}

}  // namespace seprank
