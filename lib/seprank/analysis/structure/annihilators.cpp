#include "seprank/analysis/structure/annihilators.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include "seprank/analysis/paper/gram_count.hpp"
#include "seprank/engine/integer_forms.hpp"
#include "seprank/engine/macaulay.hpp"
#include "seprank/engine/polynomial.hpp"
#include "seprank/model/quantities.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {
namespace {

// Four points in a plane, by a second method: the resultant R(x, y) of the two conics with respect to z, after
// a shear z -> z + a x + b y that keeps both z^2 coefficients nonzero (so every root of R lifts to a common
// point), of degree 4 in x at y = 1 with a nonzero discriminant: four distinct roots, four distinct points.
void plane_conics(const std::vector<zmatrix>& plane, annihilator_analysis& a) {
  auto ring = std::make_shared<const polynomial_ring>(std::vector<std::string>{"x", "y", "z"});
  const int shears[][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}, {3, 1}, {1, 3}};
  for (int s = 0; s < 8; ++s) {
    const polynomial c1 = sheared_conic(plane[0], ring, shears[s][0], shears[s][1]);
    const polynomial c2 = sheared_conic(plane[1], ring, shears[s][0], shears[s][1]);
    std::vector<unsigned long> e(3);
    auto z2 = [&](const polynomial& p) {  // coefficient of z^2
      for (long t = 0; t < p.term_count(); ++t)
        if (p.exponents(t, e.data()), e[2] == 2) return p.coefficient(t);
      return mpz_class(0);
    };
    if (z2(c1) == 0 || z2(c2) == 0) continue;
    const polynomial R = resultant(c1, c2, 2);
    std::vector<mpz_class> coeffs(5, 0);
    bool homogeneous_quartic = true;
    for (long t = 0; t < R.term_count(); ++t) {
      R.exponents(t, e.data());
      if (e[0] + e[1] != 4 || e[2] != 0)
        homogeneous_quartic = false;
      else
        coeffs[e[0]] += R.coefficient(t);
    }
    if (!homogeneous_quartic || coeffs[4] == 0) continue;
    const mpz_class d = discriminant(coeffs);
    if (d == 0) continue;
    a.resultant = coeffs, a.resultant_discriminant = d, a.resultant_points = 4;
    return;
  }
}

// u^perp, spanned over Q by u_i e_j - u_j e_i (j != i) for the first i with u_i != 0: d_x x (d_x - 1) columns.
zmatrix plane_basis_of(const std::vector<mpz_class>& u) {
  const int dx = static_cast<int>(u.size());
  const int i =
      static_cast<int>(std::find_if(u.begin(), u.end(), [](const mpz_class& x) { return x != 0; }) - u.begin());
  zmatrix basis(dx, dx - 1, mpz_class(0));
  for (int j = 0, col = 0; j < dx; ++j) {
    if (j == i) continue;
    basis(j, col) = u[static_cast<std::size_t>(i)];
    basis(i, col) = -u[static_cast<std::size_t>(j)];
    ++col;
  }
  return basis;
}

// Per block: the operators, the bound they leave, and the blocks that lose (with the total loss).
void record_losses(annihilator_analysis& a, const std::vector<gram_block_size>& size) {
  const unsigned C = static_cast<unsigned>(a.C);
  a.operators.assign(C + 1, big_int(0));
  a.bounds.assign(C + 1, big_int(0));
  for (unsigned k = 0; k <= C; ++k) {
    a.operators[k] = a.counts[k].operators;
    const auto& [rows, cols] = size[k];
    a.bounds[k] = std::min(rows, big_int(cols - a.operators[k]));
    const big_int lost = std::min(rows, cols) - a.bounds[k];
    if (lost > 0) a.losing.push_back({k, rows, cols, a.operators[k], a.bounds[k], a.counts[k]});
    a.loss += lost;
  }
}

}  // namespace

annihilator_analysis analyse_annihilators(const network_config& c, const integer_weights& w, std::uint64_t max_entries,
                                          const progress_fn& progress) {
  annihilator_analysis a;
  a.C = summed_index_count(c.L);
  if (c.H != 1) return a.skipped = annihilator_skip::heads, a;
  if (c.residual) return a.skipped = annihilator_skip::residual, a;
  return analyse_word_annihilators(gram_word_of(c, w), c.entry, max_entries, progress);
}

annihilator_analysis analyse_word_annihilators(const gram_word& g, int entry, std::uint64_t max_entries,
                                               const progress_fn& progress) {
  annihilator_analysis a;
  a.C = static_cast<std::int64_t>(g.factors.size()) - 1;
  const int dx = g.factors.front().cols();
  for (int j = 0; j < dx; ++j) a.u.push_back(g.factors[0](entry - 1, j));
  if (std::all_of(a.u.begin(), a.u.end(), [](const mpz_class& x) { return x == 0; }))
    return a.skipped = annihilator_skip::zero_row, a;
  a.plane_basis = plane_basis_of(a.u);
  zmatrix identity(dx, dx, mpz_class(0));
  for (int r = 0; r < dx; ++r) identity(r, r) = 1;
  const unsigned C = static_cast<unsigned>(a.C);
  // A block can lose only when its room max(0, cols - rows) is below mc(d_x, 2k), the dimension of the forms of
  // degree 2k in v, which bounds every H_Y(2k).
  std::vector<gram_block_size> size;
  long last_lossy = -1;
  for (unsigned k = 0; k <= C; ++k) {
    size.push_back(gram_block_size_of(big_int(dx), big_int(a.C), k));
    const big_int room = size[k].cols > size[k].rows ? big_int(size[k].cols - size[k].rows) : big_int(0);
    if (room < multichoose(static_cast<std::uint64_t>(dx), 2 * static_cast<std::uint64_t>(k))) last_lossy = k;
  }
  const auto groupings = annihilator_groupings(g.forms);
  std::vector<const annihilator_grouping*> planned;
  for (const auto& gr : groupings)
    if (gr.order() == groupings.front().order() || static_cast<long>(gr.order()) <= last_lossy) planned.push_back(&gr);
  a.groupings_planned = planned.size();
  const word_context w{g, max_entries, progress};
  // --time-limit: what was proven before it stays (a sub-union still bounds every block); Ctrl-C ends the run.
  try {
    for (const auto* gr : planned) {
      check_interrupt();
      a.families.push_back(analyse_family(*gr, w, gr->linear ? a.plane_basis : identity,
                                          "grouping " + std::to_string(a.families.size() + 1)));
    }
  } catch (const time_limit_reached&) {
    a.time_limited = true;
  }
  union_intersections joint(a, w);
  for (unsigned k = 0; k <= C; ++k) {
    const bool unions = static_cast<long>(k) <= last_lossy;
    if (!a.time_limited || !unions) {
      try {
        annihilator_count count = union_count_block(a, k, unions, joint);
        if (unions && count.operators > 0) union_mark_whole(a, k, joint, count);
        a.counts.push_back(std::move(count));
        continue;
      } catch (const time_limit_reached&) {
        a.time_limited = true;
      }
    }
    a.blocks_single_only += unions;
    a.counts.push_back(union_count_block(a, k, false, joint));  // single families: no new variety, no interrupt check
  }
  union_keep_used_intersections(a, joint);
  record_losses(a, size);
  // The second method where Z is four points in a plane (L = 3, d_x = 4).
  if (a.families.empty()) return a;
  const auto& f0 = a.families.front();
  if (f0.grouping.linear && f0.ambient == 3 && f0.quadrics.size() == 2) plane_conics(f0.quadrics, a);
  return a;
}

std::vector<long> annihilator_block_bounds(const annihilator_analysis& a, const network_config& c) {
  if (!a.proven()) return {};
  std::vector<long> out(static_cast<std::size_t>(a.C) + 1, -1);
  for (unsigned k = 0; k <= static_cast<unsigned>(a.C); ++k) {
    const auto [rows, cols] = gram_block_size_of(c, k);
    if (a.bounds[k] < std::min(rows, cols)) out[k] = a.bounds[k].convert_to<long>();
  }
  return out;
}

}  // namespace seprank
