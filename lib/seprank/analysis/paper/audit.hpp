// The audit of the paper's printed bounds (docs/theory.md, section 13): each statement of Theorems 1 and 2
// (lower, upper; c_2 as printed and read as a fraction) at one configuration is proved, contradicted or
// undecided by certified facts about the generic separation rank, or not claimed there (outside the
// theorem's hypothesis). The facts: sep >= 1 (y_p is nonzero), the Gram count (an upper bound for every
// weight and N), values certified by this tool here or in its shipped table, carried to larger widths by
// zero padding.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "seprank/model/verdict.hpp"
#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/analysis/paper/lower_bound.hpp"
#include "seprank/analysis/paper/refined_gram_count.hpp"

namespace seprank {

enum class paper_statement { theorem1_lower, theorem1_upper, theorem2_lower, theorem2_upper_printed, theorem2_upper_fraction };
inline constexpr paper_statement all_paper_statements[] = {
    paper_statement::theorem1_lower, paper_statement::theorem1_upper, paper_statement::theorem2_lower,
    paper_statement::theorem2_upper_printed, paper_statement::theorem2_upper_fraction};

// An upper bound of the paper (Theorem 1 upper, Theorem 2 upper in either reading).
bool is_upper(paper_statement s);

// contradicted: a statement the paper claims here is refuted by a certified computation.
// not_claimed: the theorem's hypothesis does not hold here, so the paper states nothing.

// Where a certified bound on the generic separation rank comes from.
enum class sep_source {
  nonzero,     // sep >= 1: y_p is a nonzero polynomial for almost every weight (section 13)
  gram_count,  // sep <= sum_k min(d_x mc(D, C-k), mc(D, k)), for every weight and N (section 4)
  refined_count,  // sep <= the Gram count minus the loss rank-one annihilators force, for every weight and N (section 14)
  computed,    // certified by this run for the drawn weights, at N (a lower bound on the generic sep)
  table,       // certified by this tool at width `dx` (the shipped table), carried to larger widths (section 13)
  hessian_bound,  // sep >= 2 binom(r + n, n) from certified block Hessian ranks, every balanced N >= 2 d_x + 2 (section 15)
};

// computed: which rank certified it.
enum class computed_by { coefficient_rank, grid_rank, gram_rank };

struct sep_bound {
  sep_source source = sep_source::nonzero;
  computed_by how = computed_by::coefficient_rank;
  big_float log3 = 0;      // log_3 of the bound
  big_int value = 1;       // the bound as an integer (0 when only its logarithm is known)
  int N = 0;               // computed, table: the N it was certified at (0: every balanced N >= 2 d_x + 2)
  int dx = 0;              // computed, table: the width it was certified at
  bool count_exact = true; // gram_count: value is the exact count (false: log3 is an upper bound on it)
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

struct statement_finding {
  paper_statement statement;
  bool claimed = false;      // the theorem's hypothesis holds here
  bool defined = true;       // the bound is defined (lower bounds need d_x > H)
  big_float bound_log3 = 0;  // the paper's bound, log_3
  verdict status = verdict::undecided;
  sep_bound evidence;        // the fact that decides it (proved, contradicted); the nearest facts otherwise
  std::optional<sep_bound> other;  // undecided: the fact on the other side
  // proved, contradicted: the status holds for balanced partitions at every N >= from_N (0: every N); it is
  // the evidence's from_N, the smallest among the certified facts that decide it.
  int from_N = 0;
};

// How far a decided upper bound of the paper lies from the nearest proven bound, in log_3: the printed bound minus the
// deciding fact's log_3 (negative when contradicted: the proven lower bound lies that far above it; at least 0 when
// proved: that far above the proven upper bound); 0 when undecided (inside the proven interval); NaN when not claimed,
// undefined, or a lower bound of the paper.
double printed_margin_log3(const statement_finding& f);

// Decides every statement at (L, d_x, H) from the facts.
std::vector<statement_finding> statement_findings(long L, const big_int& dx, const big_int& H, const sep_facts& facts);

// A map over (L, d_x) at one H: the findings per configuration with H dividing d_x, from the rules and
// the table only (no computation per configuration), each with the N from which it holds (from_N).
// Long double with near-ties (closer than 1e-9, or than the Gram count's rounding bound) re-decided in
// 100 digits; where long double cannot bound the count to 1e-6 (large C), the row is decided in 100 digits.
struct audit_row {
  int L = 0;
  long dx = 0, H = 0;
  regime reg = regime::threshold;
  std::vector<statement_finding> findings;
  // With exact_counts: the Gram count and, at H = 1, the refined count (section 14) as integers when the count
  // has at most 1,000 digits (counts_exact), else left 0.
  bool counts_exact = false;
  big_int gram_count, refined_count;
  refined_by refined = refined_by::none;  // which proven loss refined_count subtracts
};
struct audit_map {
  std::vector<int> L;
  std::vector<long> dx;
  long H = 1;
  long N = 0;  // the statuses hold at this N (0: at every balanced N from each status's holds_from_N)
  std::vector<audit_row> rows;
  long skipped_not_dividing = 0;  // widths that H does not divide (no network exists)
};
// What the rules prove at one configuration (`seprank-sym bounds`): the lower bound of section 15 (at N, or at every
// balanced N >= 2 d_x + 2 when N = 0), the facts (with the best upper bound), the slopes of log_3 sep in L, and every
// statement of the paper decided from them.
// Where the printed Theorem 2 upper bound (c_2 as transcribed) is first contradicted by the rules near (L, d_x, H):
// the smallest depth L' <= max_L at this width and the smallest width d_x' <= max_dx (H dividing it) at this depth,
// each with the N its status holds from (0 in L or d_x: none in the range; max_dx 0: the widths were not scanned, as
// L > max_L). Decided as the audit map decides.
struct printed_upper_failure {
  int L = 0;
  long L_from_N = 0;
  long dx = 0;
  long dx_from_N = 0;
  int max_L = 0;
  long max_dx = 0;
};
printed_upper_failure printed_upper_failure_near(long L, long dx, long H, int max_L = 100, long max_dx = 2048);

struct proven_bounds {
  long N = 0;
  std::optional<hessian_lower_bound> lower;
  sep_facts facts;
  growth_slopes slopes;
  std::vector<statement_finding> findings;
  sep_bound gram_count;             // the Gram count itself (facts.upper may be its refinement)
  printed_upper_failure elsewhere;  // where the printed upper bound fails near this configuration
};
proven_bounds proven_bounds_of(long L, long dx, long H, long N = 0);

// N > 0: the facts that hold at N only (the lower bound by zero padding below 2 d_x + 2; table values from their N).
// sink: each row is handed to it in the map's order instead of being kept in rows (a map of many rows need not be
// held whole).
using audit_row_sink = std::function<void(audit_row&&)>;
audit_map audit_map_of(const std::vector<int>& L, const std::vector<long>& dx, long H, bool exact_counts = false, long N = 0,
                       const audit_row_sink& sink = {});

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
// The Gram count as a fact (an upper bound for every weight and N).
sep_bound gram_count_sep_bound(long L, long dx);
// The best upper fact the rules give: at H = 1 with d_x >= L + 1 and an exact count, the Gram count minus the loss
// the rank-one annihilators force for every weight (section 14; refined_count: Noether's count or the shipped
// union table, the larger loss), else the Gram count.
sep_bound upper_sep_bound(long L, long dx, long H);
sep_bound upper_sep_bound(long L, long dx, long H, const sep_bound& count);  // count: gram_count_sep_bound(L, dx)

}  // namespace seprank
