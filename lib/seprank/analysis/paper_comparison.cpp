#include "seprank/analysis/paper_comparison.hpp"

namespace seprank {

paper_comparison compare_with_paper(const network_config& c, const rank_analysis& r, const kernel_space_analysis& k) {
  paper_comparison p;
  p.paper = paper_bounds_for(c.L, c.dx, c.H);
  const big_float upper = p.paper.upper_log3();
  p.count_log3 = log3(big_float(k.gram_count_bound));
  p.count_within_paper_upper = p.count_log3 <= upper;
  if (r.sep.exact()) {
    const big_int sep = r.sep.lower;
    p.sep_within_counts = sep <= k.gram_count_bound && k.gram_count_bound <= k.binom_bound;
    p.sep_within_paper_upper = log3(big_float(sep)) <= upper;
  }
  if (p.paper.lower_defined()) {
    const big_float lower = p.paper.lower_log3();
    if (r.sep.exact()) p.sep_meets_paper_lower = log3(big_float(r.sep.lower)) >= lower;
    if (r.gram.rank.exact()) p.gram_meets_paper_lower = log3(big_float(r.gram.rank.lower)) >= lower;
  }
  return p;
}

}  // namespace seprank
