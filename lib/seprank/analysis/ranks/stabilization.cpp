#include "seprank/analysis/ranks/stabilization.hpp"

#include <algorithm>
#include <chrono>

#include "seprank/analysis/estimates.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {

stabilization_ladder stabilization_ladder_of(const network_config& c, const integer_weights& w,
                                             const stabilization_request& r, const progress_fn& progress) {
  stabilization_ladder ladder;
  try {
    const long gram_rank = r.gram_rank;
    const int threads = r.threads;
    const double max_seconds = r.max_seconds;
    using clock_type = std::chrono::steady_clock;
    std::vector<stabilization_row>& rows = ladder.rows;
    const auto started = clock_type::now();
    for (int N = 2; N <= std::min(max_positions, 2 * c.dx + 2); N += 2) {
      const bool late = std::chrono::duration<double>(clock_type::now() - started).count() > max_seconds;
      if (r.runner ? r.runner->agree(late) : late) break;  // a wall clock: the processes of a run take process 0's view
      network_config cn = c;
      cn.N = N;
      cn.position = 1;
      const partition pn = default_partition(cn);
      const bool same_as_main = r.main_grid && cn.N == r.main_N && pn.A == r.main_part.A && r.main_position == 1;
      const long points = grid_points_within(cn, r.max_grid_points, max_seconds, threads, r.max_memory_mb);
      if (!same_as_main && points < 8) break;
      const double est = grid_seconds(cn, points, threads);
      if (!same_as_main && progress && est >= 2)
        progress("sep(N = " + std::to_string(N) + "): grid of up to " + std::to_string(points) + " x " +
                 std::to_string(points) + " points, estimated at most " + std::to_string(static_cast<long>(est + 0.5)) +
                 " s");
      grid_rank_result g;
      if (same_as_main) {
        g = *r.main_grid;
      } else {  // one unit: the grid at this N
        const grid_request req{
            pn, r.seed, gram_rank, points, r.gram_blocks, threads, {}, side_bound_entries_within(r.max_memory_mb)};
        const unit_batch batch{unit_schema<grid_rank_result>::method,
                               grid_method_version,
                               grid_batch_config(cn, req),
                               format_weights(w),
                               {{"N=" + std::to_string(N), est, 0}}};
        unit_provenance p;
        g = run_unit_records<grid_rank_result>(
                r.runner, batch, [&](std::size_t) { return grid_rank(cn, w, req); }, &p)[0]
                .read();
        ladder.units.add(p);
      }
      rows.push_back({N, g.rank, g.rank == gram_rank, g.rank == gram_rank || g.exact()});
      if (g.rank == gram_rank || g.capped()) break;
    }
  } catch (const time_limit_reached&) {
    ladder.time_limited = true;
  }
  return ladder;
}

}  // namespace seprank
