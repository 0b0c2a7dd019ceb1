// Certified facts about the generic separation rank at one configuration (docs/theory.md, section 13): sep >= 1
// (y_p is nonzero), the Gram count and its refinement (upper bounds for every weight and N), values certified by this
// tool here or in its shipped table, carried to larger widths by zero padding, and the proven lower bound of section
// 15; each with the N from which it holds.
#pragma once
#include <memory>
#include <optional>
#include <vector>

#include "seprank/analysis/paper/lower_bound.hpp"
#include "seprank/analysis/paper/refined_gram_count.hpp"

namespace seprank {

// Where a certified bound on the generic separation rank comes from.
enum class sep_source {
  nonzero,        // sep >= 1: y_p is a nonzero polynomial for almost every weight (section 13)
  gram_count,     // sep <= sum_k min(d_x mc(D, C-k), mc(D, k)), for every weight and N (section 4)
  refined_count,  // sep <= the Gram count minus the loss rank-one annihilators force, for every weight and N (section
                  // 14)
  computed,       // certified by this run for the drawn weights, at N (a lower bound on the generic sep)
  table,          // certified by this tool at width `dx` (the shipped table), carried to larger widths (section 13)
  hessian_bound,  // sep >= 2 binom(r + n, n) from certified block Hessian ranks, every balanced N >= 2 d_x + 2 (section
                  // 15)
};

// computed: which rank certified it.
enum class computed_by { coefficient_rank, grid_rank, gram_rank };

struct sep_bound {
  sep_source source = sep_source::nonzero;
  computed_by how = computed_by::coefficient_rank;
  big_float log3 = 0;       // log_3 of the bound
  big_int value = 1;        // the bound as an integer (0 when only its logarithm is known)
  int N = 0;                // computed, table: the N it was certified at (0: every balanced N >= 2 d_x + 2)
  int dx = 0;               // computed, table: the width it was certified at
  bool count_exact = true;  // gram_count: value is the exact count (false: log3 is an upper bound on it)
  refined_by refined = refined_by::none;  // refined_count: which proven loss it subtracts (section 14)
  // hessian_bound: the level, blocks, ranks and exponent it rests on; value is 0 when the bound is known only in
  // log_3 (log3 is then the lower end of its interval).
  std::shared_ptr<const hessian_lower_bound> hessian;
  // The smallest N at which it holds for balanced partitions: sep(N) never decreases with N (section 7),
  // so a value certified at N holds at every larger N and says nothing at a smaller one. 0: every N
  // (sep >= 1 and the Gram count); N = 0 rows (the Gram rank) hold from 2 d_x + 2.
  int from_N() const;
  bool is_upper() const { return source == sep_source::gram_count || source == sep_source::refined_count; }
};

// Certified bounds on the generic sep at one configuration: the best lower bound, other lower bounds that
// hold from a smaller N (so that a status they also decide can be stated for more N), and an upper bound
// that holds for every weight and N (when known).
struct sep_facts {
  sep_bound lower;
  std::vector<sep_bound> alternatives;
  std::optional<sep_bound> upper;
};

// The facts the rules give at (L, d_x, H) without computing: sep >= 1 or the table values carried by
// padding (those that hold at N when N > 0, every one when N = 0), and the Gram count (gram_count: exact
// when it has at most 1,000 digits, else bounded in log space).
sep_facts rule_facts(long L, long dx, long H, long N = 0);
// The table's values at (L, d_x, H), carried by zero padding from widths d_x' <= d_x with H dividing both,
// that hold at N (every one when N = 0).
std::vector<sep_bound> table_bounds(long L, long dx, long H, int N);
// The proven lower bound of section 15 at (L, d_x, H) as a fact: at N (N > 0; by zero padding below 2 d_x + 2), or
// at every balanced N >= 2 d_x + 2 (N = 0).
std::optional<sep_bound> hessian_sep_bound(long L, long dx, long H, bool exact_value = true, long N = 0);
// The best of certified lower bounds as `lower` (the largest value; of equal values sep >= 1, then this run's
// own certificate, then the one holding from the smaller N; sep >= 1 when there is none), the others as
// alternatives (a status they also decide is stated from the smallest N).
sep_facts sep_facts_of(std::vector<sep_bound> candidates);
// The table's values and the proven bound of section 15 that hold at N (exact_value false: the bound's value only in
// log_3 when long, as the audit's fast path needs).
std::vector<sep_bound> lower_sep_bounds(long L, long dx, long H, long N, bool exact_value = true);
// The Gram count as a fact (an upper bound for every weight and N).
sep_bound gram_count_sep_bound(long L, long dx);
// The best upper fact the rules give: at H = 1 with d_x >= L + 1 and an exact count, the Gram count minus the loss
// the rank-one annihilators force for every weight (section 14; refined_count: Noether's count or the shipped
// union table, the larger loss), else the Gram count.
sep_bound upper_sep_bound(long L, long dx, long H);
sep_bound upper_sep_bound(long L, long dx, long H, const sep_bound& count);  // count: gram_count_sep_bound(L, dx)

}  // namespace seprank
