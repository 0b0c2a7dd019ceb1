#include "seprank/analysis/paper/refined_gram_count.hpp"

#include <cstdint>
#include <utility>

#include "seprank/analysis/paper/annihilator_table.hpp"
#include "seprank/analysis/paper/gram_count.hpp"

namespace seprank {

int annihilator_dimension_every_weight(long L, long dx) { return dx - L - 1 >= 0 ? static_cast<int>(dx - L - 1) : -1; }

big_int noether_refined_gram_count(long L, long dx, const big_int& count, long* blocks_examined) {
  if (blocks_examined) *blocks_examined = 0;
  const int e = annihilator_dimension_every_weight(L, dx);
  if (e < 0) return count;
  // Blocks k = o, o + 1, ... with rows, cols and mc(e + 1, 2k) updated by exact ratios; stopping early only
  // under-states the loss, so the result stays an upper bound.
  const big_int C = summed_indices(L), D = big_int(dx) * (dx + 1) / 2;
  const big_int o = C / 2 + 1;
  const auto o64 = o.convert_to<std::uint64_t>();
  big_int cols = multichoose(D.convert_to<std::uint64_t>(), o64);
  big_int rows = dx * multichoose(D.convert_to<std::uint64_t>(), (C - o).convert_to<std::uint64_t>());
  big_int ops = multichoose(static_cast<std::uint64_t>(e) + 1, 2 * o64);
  big_int loss = 0;
  long examined = 0;
  for (big_int k = o; k <= C && examined < 5000; ++k, ++examined) {
    const big_int full = std::min(rows, cols), refined = std::min(rows, big_int(cols - ops));
    if (full == refined && cols > rows) break;  // past the crossing without a loss
    loss += full - refined;
    if (k == C) break;
    const big_int j = C - k;  // rows: d_x mc(D, j) -> d_x mc(D, j - 1)
    cols = cols * (D + k) / (k + 1);
    rows = rows * j / (D + j - 1);
    ops = ops * (2 * k + e + 1) / (2 * k + 1);
    ops = ops * (2 * k + e + 2) / (2 * k + 2);
  }
  if (blocks_examined) *blocks_examined = examined;
  return count - loss;
}

refined_gram_count_result refined_gram_count_every_weight(long L, long dx, const big_int& count) {
  refined_gram_count_result r{noether_refined_gram_count(L, dx, count), refined_by::none};
  if (r.value < count) r.by = refined_by::noether;
  if (const annihilator_table_row* row = annihilator_table_row_of(L, dx)) {
    big_int by_union = count;
    by_union -= big_int(row->loss);
    if (by_union < r.value) r = {std::move(by_union), refined_by::annihilator_union};
  }
  return r;
}

refined_gram_count_result refined_gram_count_every_weight(long L, long dx) {
  const gram_count_result g = gram_count(L, dx);
  if (!g.exact) return {g.value, refined_by::none};
  return refined_gram_count_every_weight(L, dx, g.value);
}

}  // namespace seprank
