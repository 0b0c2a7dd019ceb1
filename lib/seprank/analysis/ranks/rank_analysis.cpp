#include "seprank/analysis/ranks/rank_analysis.hpp"

#include <chrono>
#include <algorithm>
#include <map>
#include <set>

#include "seprank/support/errors.hpp"
#include "seprank/analysis/ranks/coefficient_block_bounds.hpp"
#include "seprank/analysis/ranks/work_plan.hpp"
#include "seprank/engine/network.hpp"
#include "seprank/engine/linalg.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {
namespace {

using clock_type = std::chrono::steady_clock;

struct stopwatch {
  std::vector<timing>& out;
  std::string stage;
  clock_type::time_point start = clock_type::now();
  ~stopwatch() { out.push_back({stage, std::chrono::duration<double>(clock_type::now() - start).count()}); }
};

// One rank run's fixed inputs, shared by its stages (analyse_ranks).
struct rank_run {
  const structure_analysis& s;
  const rank_options& opt;
  const resource_limits& lim;
  int threads;
  std::uint64_t prime;
  const progress_fn& progress;
};

// The certified rank of y's coefficient matrix for partition p, bounded by the Gram rank g's blocks; `keep`
// receives the matrix (the kernel stage needs it).
struct rank_of_request {
  const polynomial& y;
  const partition& p;
  const gram_rank_result& g;
  coefficient_matrix* keep = nullptr;
  bool announce = false;  // tell `progress` the estimate when it is 2 s or more
};

rank_result rank_of(const rank_run& run, const rank_of_request& q) {
  coefficient_matrix m = coefficient_matrix_of(q.y, partition_mask(run.s.cfg, q.p));
  const int threads = q.announce ? run.threads : 1;
  const double est = coefficient_rank_seconds(block_shapes_of(m), threads);
  if (q.announce && run.progress && est >= 2)
    run.progress("ranking " + std::to_string(m.blocks.size()) + " blocks mod p (largest " +
                 std::to_string(m.largest_block_entries()) + " entries), estimated " +
                 std::to_string(static_cast<long>(est + 0.5)) + " s");
  rank_result r = certified_rank(m, run.prime, run.opt.limits, block_bound(run.s.cfg, q.p, q.g));
  if (q.keep) *q.keep = std::move(m);
  return r;
}

}  // namespace

certified_values certified_values_of(const rank_analysis& r, const psi_span_analysis& k) {
  certified_values v;
  v.balanced = r.part.balanced();
  v.expanded = r.expanded;
  v.sep_lower = r.sep.lower;
  v.sep_exact = r.sep.exact();
  v.grid_rank = r.grid.rank;
  v.gram_computed = r.gram.computed();
  v.gram_lower = r.gram.rank.lower;
  v.gram_count = k.gram_count;
  if (k.refined_every_weight) v.refined_count = k.refined_gram_count;
  v.binom_bound = k.binom_bound;
  v.route_sum = k.element_rank_sum;
  return v;
}

std::uint64_t rank_prime(std::uint64_t seed) { return draw_prime(seed); }

namespace {

// The Gram rank (N -> infinity), or why it is skipped: over the time or memory estimate, too many variables or
// nonzeros (residual networks).
void gram_stage(const rank_run& run, rank_analysis& a) {
  const network_config& c = run.s.cfg;
  const rank_options& opt = run.opt;
  stopwatch w{a.timings, "Gram rank"};
  const std::uint64_t size = c.residual ? gram_matrix_size_bound(c, opt.max_gram_terms) : 0;
  gram_rank_estimate est = c.residual ? gram_rank_estimate{} : estimate_gram_rank(c, run.threads);
  if (!c.residual && opt.runner && opt.runner->processes() > 1)  // the units shared: the plan's wall time (LPT)
    est.seconds = work_plan_of({c, opt.runner->processes(), run.threads, 0}).wall_seconds;
  if (!c.residual && (est.seconds > run.lim.max_seconds || est.memory_mb > run.lim.max_memory_mb)) {
    a.gram.skipped = gram_rank_skip::over_limits;  // graded path (homogeneous networks): refused with the estimate
    a.gram.estimate = est;
    a.gram.max_seconds = run.lim.max_seconds;
    a.gram.max_memory_mb = run.lim.max_memory_mb;
    a.gram.rank.upper = -1;
  } else if (c.residual && gram_rank_variable_count(c) > max_gram_variables) {
    a.gram.skipped = gram_rank_skip::too_many_variables;
    a.gram.rank.upper = -1;
  } else if (size > opt.max_gram_terms) {
    a.gram.skipped = gram_rank_skip::too_many_nonzeros;
    a.gram.max_nonzeros = opt.max_gram_terms;
    a.gram.rank.upper = -1;
  } else {
    run.progress(c.residual ? std::string("computing the Gram rank (N -> infinity)")
                            : "computing the Gram rank (N -> infinity) block by block, estimated " +
                                  std::to_string(static_cast<long>(est.seconds + 0.5)) + " s, " +
                                  std::to_string(est.memory_mb) + " MiB");
    a.gram.skipped = gram_rank_skip::time_limit;  // until it returns
    a.gram = gram_rank(c, run.s.gram,
                       {run.prime, opt.limits, run.threads, annihilator_block_bounds(run.s.annihilators, c), opt.runner,
                        format_weights(run.s.weights)},
                       run.progress);
    a.gram.estimate = est;
  }
}

// The grid-tensor rank (a lower bound on sep): graded networks by bands of evaluations (the units), residual ones
// as one unit. gram_upper and gram_blocks: the exact Gram rank and its blocks (-1 unknown).
void grid_stage(const rank_run& run, rank_analysis& a, long gram_upper, const std::vector<long>& gram_blocks) {
  const network_config& c = run.s.cfg;
  const rank_options& opt = run.opt;
  stopwatch w{a.timings, "grid-tensor rank"};
  const long upper = a.expanded ? (a.sep.exact() ? a.sep.upper : -1) : gram_upper;
  // The largest power of two within --max-grid-points, then within the time and memory estimates too: the smallest
  // of them names why the grid stopped (a cap of 100 points is 64 by --max-grid-points, not by the time).
  const long by_cap = grid_points_within(c, opt.max_grid_points, 1e300, run.threads);
  const long by_time = grid_points_within(c, opt.max_grid_points, run.lim.max_seconds, run.threads);
  const long points =
      grid_points_within(c, opt.max_grid_points, run.lim.max_seconds, run.threads, run.lim.max_memory_mb);
  run.progress("evaluating grid tensors (up to " + std::to_string(points) + " x " + std::to_string(points) + " points" +
               (c.residual ? std::string()
                           : " per degree block, " + std::to_string(summed_index_count(c.L) + 1) + " scalings each") +
               ", estimated at most " + std::to_string(static_cast<long>(grid_seconds(c, points, run.threads) + 0.5)) +
               " s)");
  grid_request req{a.part,      run.s.choice.seed, upper, points,
                   gram_blocks, run.threads,       {},    side_bound_entries_within(run.lim.max_memory_mb)};
  const std::string weights = format_weights(run.s.weights);
  if (grid_is_graded(c)) {  // the evaluations, band by band, are the units; the ranks are computed here
    a.grid_units = {};
    req.bands = [&](const std::vector<grid_band>& bands) {
      unit_batch batch{"grid-band", grid_band_method_version, grid_band_batch_config(c, req), weights, {}};
      for (const auto& b : bands)
        batch.units.push_back(
            {grid_band_name(b), grid_evaluation_seconds(c, static_cast<double>(grid_band_pairs(b)), run.threads),
             static_cast<std::uint64_t>(grid_band_pairs(b)) * (summed_index_count(c.L) + 1) * 4 / (1 << 20) + 1});
      unit_provenance round;
      std::vector<unit_result> results = run_units(
          opt.runner, batch, [&](std::size_t i) { return grid_band_values(c, run.s.weights, req, bands[i]); }, &round);
      a.grid_units.add(round);
      std::vector<std::string> values;
      for (auto& r : results) values.push_back(std::move(r.data));
      return values;
    };
    a.grid = grid_rank(c, run.s.weights, req);
  } else {  // the ungraded grid (residual networks) is one unit
    const unit_batch batch{unit_schema<grid_rank_result>::method,
                           grid_method_version,
                           grid_batch_config(c, req),
                           weights,
                           {{"N=" + std::to_string(c.N), grid_seconds(c, points, run.threads), 0}}};
    a.grid = run_unit_records<grid_rank_result>(
                 opt.runner, batch, [&](std::size_t) { return grid_rank(c, run.s.weights, req); }, &a.grid_units)[0]
                 .read();
  }
  if (points < by_cap && a.grid.points == points && a.grid.capped())
    a.grid.stop =
        points < by_time ? grid_stop::memory_limit : grid_stop::time_limit;  // the limit came from an estimate
}

// sep(N) for N = 2, 4, ... up to the Gram rank; the rows finished before a time limit are kept.
void stabilization_stage(const rank_run& run, rank_analysis& a, long gram_upper, const std::vector<long>& gram_blocks) {
  const network_config& c = run.s.cfg;
  stopwatch w{a.timings, "stabilization in N"};
  run.progress("following sep(N) for N = 2, 4, ... up to the Gram rank (at most " +
               std::to_string(static_cast<long>(run.lim.max_seconds)) + " s, --time-limit)");
  const stabilization_ladder ladder = stabilization_ladder_of(
      c, run.s.weights,
      {run.s.choice.seed, gram_upper, gram_blocks, run.threads, run.opt.max_grid_points, run.lim.max_seconds, c.N,
       a.part, &a.grid, run.opt.runner, c.position, run.lim.max_memory_mb},
      run.progress);
  a.stabilization = ladder.rows;
  a.stabilization_units = ladder.units;
  if (ladder.time_limited) throw time_limit_reached();
}

// --seeds K: the certified rank for the weight draws S..S+K-1 (the main draw's is the one above).
void seeds_stage(const rank_run& run, rank_analysis& a) {
  const network_config& c = run.s.cfg;
  stopwatch w{a.timings, "other weight draws"};
  for (int k = 0; k < run.opt.seeds; ++k) {
    weight_choice wc = run.s.choice;
    wc.source = weight_choice::kind::random;
    wc.seed = run.s.choice.seed + static_cast<std::uint64_t>(k);
    if (k == 0 && run.s.choice.drawn()) {  // the main draw: already ranked above
      a.seeds.push_back({wc.seed, a.sep.lower, a.sep.exact()});
      continue;
    }
    run.progress("weight draw with seed " + std::to_string(wc.seed));
    const integer_weights w2 = draw_weights(c, wc.seed, wc.range);
    require_expansion_fits(c, max_abs_weight(w2), run.threads, run.lim);
    const polynomial y2 = expand_output(c, w2, run.s.ring);
    const gram_rank_result g2 =
        gram_rank(c, gram_form_of(c, w2),
                  {run.prime, run.opt.limits, run.threads, annihilator_block_bounds(analyse_annihilators(c, w2), c),
                   run.opt.runner, format_weights(w2)});
    const rank_result r = rank_of(run, {y2, a.part, g2});
    a.seeds.push_back({wc.seed, r.lower, r.exact()});
  }
}

// --all-partitions: the certified rank for every balanced partition (Proposition 1).
void partitions_stage(const rank_run& run, rank_analysis& a) {
  stopwatch w{a.timings, "all balanced partitions"};
  run.progress("ranking every balanced partition");
  for (const auto& p : balanced_partitions(run.s.cfg)) {
    const rank_result r = rank_of(run, {run.s.y, p, a.gram});
    a.partitions.push_back({p, r.lower, r.exact()});
  }
}

}  // namespace

rank_analysis analyse_ranks(const structure_analysis& s, const rank_options& opt, const resource_limits& lim,
                            int threads, const progress_fn& progress) {
  const network_config& c = s.cfg;
  // Checked on entry, before any rank is computed. The expansion was skipped by a limit: a refusal (exit 3), not a
  // usage error.
  if (opt.seeds > 1 && !s.expanded())
    throw resource_error(flag("seeds") + " needs the expansion, which was skipped: " + s.expansion_refused);
  if (opt.all_partitions && !s.expanded())
    throw resource_error(flag("all-partitions") + " needs the expansion, which was skipped: " + s.expansion_refused);
  rank_analysis a;
  a.options = opt;
  a.part = opt.explicit_partition ? *opt.explicit_partition : default_partition(c);
  const rank_run run{s, opt, lim, threads, rank_prime(s.choice.seed), progress};
  // Each stage runs unless an earlier one reached the run's time limit; the one that reaches it is recorded.
  // A stage stopped by the time limit. Only process 0 of a distributed run has a deadline, and parts of a stage
  // run outside any batch (the grid's ranks after its bands), so every process ends each stage with process 0's
  // verdict: all of them then skip the same stages and meet in the same batches.
  auto stage = [&a, &opt](rank_stage st, auto&& body) {
    if (a.stopped_at != rank_stage::none) return false;
    bool stopped = false;
    try {
      body();
    } catch (const time_limit_reached&) {
      stopped = true;
    }
    if (opt.runner && opt.runner->processes() > 1) stopped = opt.runner->agree(stopped);
    if (stopped) a.stopped_at = st;
    return !stopped;
  };
  stage(rank_stage::gram_rank, [&] { gram_stage(run, a); });
  const long gram_upper = a.gram.rank.exact() ? a.gram.rank.upper : -1;
  std::vector<long> gram_blocks;  // exact Gram block ranks by M_B-degree k (graded path), -1 unknown
  if (a.gram.computed() && a.gram.graded)
    for (const auto& b : a.gram.rank.blocks) gram_blocks.push_back(b.exact ? b.upper : -1);
  a.expanded = s.expanded();
  if (a.expanded) {
    stage(rank_stage::coefficient_rank, [&] {
      stopwatch w{a.timings, "coefficient matrix and rank"};
      progress("building and ranking the coefficient matrix");
      a.sep = rank_of(run, {s.y, a.part, a.gram, &a.matrix, true});
    });
    stage(rank_stage::kernel, [&] {
      stopwatch w{a.timings, "kernel"};
      a.kernel =
          coefficient_kernel_of(a.matrix, a.sep, opt.kernel, opt.kernel_print_limit, opt.limits.max_exact_entries);
    });
  }
  stage(rank_stage::grid, [&] { grid_stage(run, a, gram_upper, gram_blocks); });
  if (!a.expanded &&
      a.stopped_at == rank_stage::none) {  // sep bracketed by the grid rank (lower) and the Gram rank (upper)
    a.sep.lower = a.grid.rank;
    a.sep.upper = a.grid.exact() ? a.grid.rank : gram_upper >= 0 && a.grid.rank == gram_upper ? gram_upper : -1;
    a.sep.prime = a.grid.prime;
  }
  if (opt.stabilization && gram_upper >= 0)
    stage(rank_stage::stabilization, [&] { stabilization_stage(run, a, gram_upper, gram_blocks); });
  if (opt.seeds > 1) stage(rank_stage::seeds, [&] { seeds_stage(run, a); });
  if (opt.all_partitions && c.N > 8)
    throw usage_error(flag("all-partitions") + " needs N <= 8 (N = " + std::to_string(c.N) + ")");
  if (opt.all_partitions) stage(rank_stage::partitions, [&] { partitions_stage(run, a); });
  a.grid_within_sep = !(a.expanded && a.sep.exact() && a.grid.rank > a.sep.lower);
  return a;
}

}  // namespace seprank
