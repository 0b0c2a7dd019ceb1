#include "seprank/analysis/paper/sep_facts.hpp"

#include <algorithm>

#include "seprank/analysis/paper/bounds.hpp"
#include "seprank/analysis/paper/certified_table.hpp"
#include "seprank/analysis/paper/gram_count.hpp"

namespace seprank {

int sep_bound::from_N() const {
  if (source != sep_source::computed && source != sep_source::table && source != sep_source::hessian_bound) return 0;
  return N > 0 ? N : 2 * dx + 2;
}

sep_bound gram_count_sep_bound(long L, long dx) {
  const gram_count_result g = gram_count(L, dx);
  sep_bound b;
  b.source = sep_source::gram_count;
  b.count_exact = g.exact;
  b.value = g.exact ? g.value : big_int(0);
  b.log3 = g.log3;
  return b;
}

sep_bound upper_sep_bound(long L, long dx, long H) { return upper_sep_bound(L, dx, H, gram_count_sep_bound(L, dx)); }

sep_bound upper_sep_bound(long L, long dx, long H, const sep_bound& count) {
  sep_bound b = count;
  if (H != 1 || !b.count_exact || annihilator_dimension_every_weight(L, dx) < 0) return b;
  const refined_gram_count_result refined = refined_gram_count_every_weight(L, dx, b.value);
  if (refined.by == refined_by::none) return b;
  b.source = sep_source::refined_count;
  b.refined = refined.by;
  b.value = refined.value;
  b.log3 = log3(big_float(refined.value));
  return b;
}

std::optional<sep_bound> hessian_sep_bound(long L, long dx, long H, bool exact_value, long N) {
  auto h = best_hessian_lower_bound(L, dx, H, exact_value, N);
  if (!h) return std::nullopt;
  sep_bound b;
  b.source = sep_source::hessian_bound;
  b.value = h->exact ? h->value : big_int(0);
  b.log3 = h->log3_lower;
  b.N = h->padded ? static_cast<int>(h->from_N) : 0;  // padded: from the narrower network's 2 H width + 2
  b.dx = static_cast<int>(std::min<long>(dx, 1000000000L));
  b.hessian = std::make_shared<const hessian_lower_bound>(std::move(*h));
  return b;
}

sep_facts sep_facts_of(std::vector<sep_bound> candidates) {
  // Of equal values: sep >= 1 (every N), then this run's own certificate, then the one holding from the smaller N.
  auto preference = [](const sep_bound& b) {
    return std::make_pair(b.source == sep_source::nonzero ? 0 : b.source == sep_source::computed ? 1 : 2, b.from_N());
  };
  // Exact values compare exactly; a bound known only in log_3 (value 0) by its logarithm.
  auto larger = [](const sep_bound& a, const sep_bound& b) {
    return a.value > 0 && b.value > 0 ? a.value > b.value : a.log3 > b.log3;
  };
  auto equal = [](const sep_bound& a, const sep_bound& b) {
    return a.value > 0 && b.value > 0 ? a.value == b.value : a.log3 == b.log3;
  };
  sep_facts f;
  for (auto& c : candidates) {
    if (larger(c, f.lower) || (equal(c, f.lower) && preference(c) < preference(f.lower))) std::swap(c, f.lower);
    if (c.source != sep_source::nonzero) f.alternatives.push_back(std::move(c));
  }
  return f;
}

// The table's values at (L, d_x, H), carried by zero padding from widths d_x' <= d_x with H dividing both,
// that hold at N (every one when N = 0).
std::vector<sep_bound> table_bounds(long L, long dx, long H, int N) {
  static const std::vector<sep_bound> all = [] {  // the table as facts, logarithms taken once
    std::vector<sep_bound> v;
    for (const auto& e : certified_table()) {
      sep_bound b;
      b.source = sep_source::table;
      b.value = e.sep, b.N = e.N, b.dx = e.dx;
      b.log3 = log3(big_float(b.value));
      v.push_back(b);
    }
    return v;
  }();
  std::vector<sep_bound> out;
  if (dx % H != 0) return out;
  const auto& table = certified_table();
  for (std::size_t k = 0; k < table.size(); ++k) {
    const auto& e = table[k];
    if (e.L != L || e.H != H || e.dx > dx || (N > 0 && all[k].from_N() > N)) continue;
    out.push_back(all[k]);
  }
  return out;
}

// The table's values and the proven bound of section 15 (when it holds at N).
std::vector<sep_bound> lower_sep_bounds(long L, long dx, long H, long N, bool exact_value) {
  std::vector<sep_bound> c = table_bounds(L, dx, H, static_cast<int>(std::min<long>(N, 1L << 30)));
  if (auto h = hessian_sep_bound(L, dx, H, exact_value, N); h && (N == 0 || h->from_N() <= N))
    c.push_back(std::move(*h));
  return c;
}

sep_facts rule_facts(long L, long dx, long H, long N) {
  sep_facts f = sep_facts_of(lower_sep_bounds(L, dx, H, N));
  f.upper = upper_sep_bound(L, dx, H);
  return f;
}

}  // namespace seprank
