#include "seprank/analysis/ranks/bound_consistency.hpp"

namespace seprank {

namespace {

std::string N_text(long N) { return "N = " + std::to_string(N); }

}  // namespace

bound_consistency check_bound_consistency(const rank_analysis& r, long N, const big_int& gram_count,
                                          const big_int& refined_count) {
  const bool gridded = r.stopped_at == rank_stage::none || r.stopped_at > rank_stage::grid;
  const bool ranked = r.stopped_at == rank_stage::none || r.stopped_at > rank_stage::coefficient_rank;
  std::vector<bound_fact> lowers, uppers;
  if (r.expanded && ranked)
    lowers.push_back({"the coefficient-matrix rank at " + N_text(N), "separation-rank", big_int(r.sep.lower), N});
  if (gridded) lowers.push_back({"the grid-tensor rank at " + N_text(N), "grid-rank", big_int(r.grid.rank), N});
  for (const auto& row : r.stabilization)
    lowers.push_back(
        {"the grid rank at " + N_text(row.N) + " of the sep(N) ladder", "stabilization", big_int(row.grid), row.N});
  if (r.gram.computed()) {
    lowers.push_back(
        {"the Gram rank's certified lower bound", "gram-rank", big_int(r.gram.rank.lower), bound_fact::N_every});
    if (r.gram.rank.upper >= 0)
      uppers.push_back(
          {"the Gram rank's proven upper bound", "gram-rank", big_int(r.gram.rank.upper), bound_fact::N_every});
  }
  if (refined_count > 0)
    uppers.push_back({"the refined count (every weight)", "annihilators", refined_count, bound_fact::N_every});
  uppers.push_back({"the Gram count (every weight and N)", "n-free-bound", gram_count, bound_fact::N_every});
  bound_consistency c;
  const auto compare = [&](const bound_fact& lo, const bound_fact& up) {
    ++c.pairs;
    if (lo.value > up.value) c.conflicts.push_back({lo, up});
  };
  for (const auto& lo : lowers)
    for (const auto& up : uppers)
      if (up.N == bound_fact::N_every) compare(lo, up);
  // The exact sep at the run's N bounds the grid rank of the same partition and N (the ladder's rows use balanced
  // partitions of their own N: not comparable).
  if (r.expanded && ranked && gridded && r.sep.exact())
    compare({"the grid-tensor rank at " + N_text(N), "grid-rank", big_int(r.grid.rank), N},
            {"the exact sep at " + N_text(N), "separation-rank", big_int(r.sep.upper), N});
  return c;
}

}  // namespace seprank
