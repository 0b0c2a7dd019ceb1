#include "seprank/analysis/structure/annihilators/union.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "seprank/analysis/structure/annihilators.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {
namespace {

// The pairwise disjoint subset of the finite families `points` with the most points, at most d + 1 of them
// (distinct points are independent on the forms of degree d only then); apart[x][y]: the empty intersection of
// points[x] and points[y], or -1.
annihilator_count best_disjoint_points(const annihilator_analysis& a, const std::vector<int>& points,
                                       const std::vector<std::vector<int>>& apart, std::uint64_t d) {
  annihilator_count best;
  best.method = annihilator_union::disjoint_points;
  for (std::uint32_t mask = 1; mask < (std::uint32_t{1} << points.size()); ++mask) {
    annihilator_count c;
    c.method = annihilator_union::disjoint_points;
    bool disjoint = true;
    for (std::size_t x = 0; x < points.size() && disjoint; ++x) {
      if (!(mask >> x & 1U)) continue;
      c.families.push_back(points[x]);
      c.parts.push_back(a.families[static_cast<std::size_t>(points[x])].degree());
      c.operators += c.parts.back();
      for (std::size_t y = x + 1; y < points.size() && disjoint; ++y)
        if (mask >> y & 1U) {
          disjoint = apart[x][y] >= 0;
          c.intersections.push_back(apart[x][y]);
        }
    }
    if (disjoint && c.families.size() >= 2 && c.operators <= big_int(d) + 1 && c.operators > best.operators)
      best = std::move(c);
  }
  return best;
}

// u^T v (when r asks it) and the quadrics of r's labels are a regular sequence: as many distinct quadrics as labels,
// and r shown of the expected dimension (smooth, or on a linear section), or empty with as many quadrics as
// variables (an ideal primary to the maximal one: a system of parameters).
bool is_regular_sequence(const annihilator_family& r) {
  if (!r.generic()) return false;
  if (r.smooth() || r.proof == variety_proof::regular_sequence_mod_p) return true;
  return r.proof == variety_proof::empty_macaulay_mod_p && static_cast<int>(r.quadrics.size()) == r.ambient;
}

// H_Y(2k) for Y the union of the smooth families `fams`, whose generators together (r) are one regular sequence.
annihilator_count regular_sequence_union(const annihilator_analysis& a, const std::vector<int>& fams, int j,
                                         const annihilator_family& r, unsigned k) {
  annihilator_count c;
  c.method = annihilator_union::regular_sequence;
  c.families = fams;
  c.intersections = {j};
  std::vector<annihilator_grouping> sets;
  for (int f : fams) sets.push_back(a.families[static_cast<std::size_t>(f)].grouping);
  c.faces = regular_sequence_faces(static_cast<int>(a.u.size()), r.grouping.linear, r.grouping.forms, sets,
                                   2 * static_cast<std::uint64_t>(k));
  for (const auto& face : c.faces) c.operators += face.term;
  return c;
}

}  // namespace

union_intersections::union_intersections(const annihilator_analysis& a, const word_context& w)
    : a_(a), w_(w), identity_(static_cast<int>(a.u.size()), static_cast<int>(a.u.size()), mpz_class(0)) {
  for (int r = 0; r < identity_.rows(); ++r) identity_(r, r) = 1;
}

int union_intersections::of(const std::vector<int>& fams) {
  annihilator_grouping gr = a_.families[static_cast<std::size_t>(fams.front())].grouping;
  for (std::size_t i = 1; i < fams.size(); ++i)
    gr = joined_grouping(gr, a_.families[static_cast<std::size_t>(fams[i])].grouping);
  if (fams.size() == 1) gr = joined_grouping(gr, gr);
  const auto key = std::make_pair(gr.forms, gr.linear);
  if (const auto it = index_.find(key); it != index_.end()) return it->second;
  const auto same = std::find_if(a_.families.begin(), a_.families.end(), [&](const annihilator_family& f) {
    return f.smooth() && f.grouping.forms == gr.forms && f.grouping.linear == gr.linear;
  });
  check_interrupt();
  std::string name = fams.size() == 1 ? "grouping " + std::to_string(fams[0] + 1) + " (is it empty?)" : "groupings ";
  for (std::size_t i = 0; i < fams.size() && fams.size() > 1; ++i)
    name += (i == 0 ? "" : i + 1 == fams.size() ? " and " : ", ") + std::to_string(fams[i] + 1);
  if (fams.size() > 1) name += " together";
  all.push_back(same != a_.families.end() ? *same
                                          : analyse_family(gr, w_, gr.linear ? a_.plane_basis : identity_, name, true));
  all.back().grouping = gr;
  joins.push_back(fams);
  return index_[key] = static_cast<int>(all.size()) - 1;
}

annihilator_count union_count_block(const annihilator_analysis& a, unsigned k, bool unions,
                                    union_intersections& joint) {
  annihilator_count best;
  auto fam = [&](int f) -> const annihilator_family& { return a.families[static_cast<std::size_t>(f)]; };
  auto counted = [](annihilator_union method, std::vector<int> families, std::vector<int> inter,
                    std::vector<big_int> parts, big_int ops) {
    annihilator_count c;
    c.operators = std::move(ops), c.method = method, c.families = std::move(families);
    c.intersections = std::move(inter), c.parts = std::move(parts);
    return c;
  };
  std::vector<int> active;  // the families with operators of order k
  for (std::size_t f = 0; f < a.families.size(); ++f) {
    const big_int ops = a.families[f].operators(k);
    if (ops <= 0) continue;
    active.push_back(static_cast<int>(f));
    if (ops > best.operators) best = counted(annihilator_union::single, {static_cast<int>(f)}, {}, {}, ops);
  }
  if (!unions) return best;
  const std::uint64_t d = 2 * static_cast<std::uint64_t>(k);
  for (std::size_t x = 0; x < active.size(); ++x)
    for (std::size_t y = x + 1; y < active.size(); ++y) {
      if (!fam(active[x]).smooth() || !fam(active[y]).smooth()) continue;  // radical ideals: I cap I' is the union's
      const int j = joint.of(active[x], active[y]);
      const big_int h = joint.all[static_cast<std::size_t>(j)].ideal_hilbert(d);
      if (h < 0) continue;
      const big_int hx = fam(active[x]).operators(k), hy = fam(active[y]).operators(k), ops = hx + hy - h;
      if (ops > best.operators) best = counted(annihilator_union::pair, {active[x], active[y]}, {j}, {hx, hy, h}, ops);
    }
  std::vector<int> smooth;  // radical ideals: their intersection is the union's
  for (int f : active)
    if (fam(f).smooth()) smooth.push_back(f);
  std::vector<int> points;
  for (int f : smooth)
    if (fam(f).dimension == 0) points.push_back(f);
  if (points.size() >= 2 && points.size() <= 16) {
    std::vector<std::vector<int>> apart(points.size(), std::vector<int>(points.size(), -1));
    for (std::size_t x = 0; x < points.size(); ++x)
      for (std::size_t y = x + 1; y < points.size(); ++y) {
        const int j = joint.of(points[x], points[y]);
        if (joint.all[static_cast<std::size_t>(j)].ideal_hilbert(d) == 0) apart[x][y] = j;
      }
    annihilator_count disjoint = best_disjoint_points(a, points, apart, d);
    if (disjoint.operators > best.operators) best = std::move(disjoint);
  }
  // Every smooth family together, when their generators are one regular sequence (used where it counts more than
  // the simpler rules above).
  if (smooth.size() >= 2) {
    const int j = joint.of(smooth);
    if (is_regular_sequence(joint.all[static_cast<std::size_t>(j)])) {
      annihilator_count all = regular_sequence_union(a, smooth, j, joint.all[static_cast<std::size_t>(j)], k);
      if (all.operators > best.operators) best = std::move(all);
    }
  }
  return best;
}

void union_mark_whole(const annihilator_analysis& a, unsigned k, union_intersections& joint, annihilator_count& c) {
  if (a.time_limited || a.families.size() < a.groupings_planned) return;  // not every grouping analysed: no verdict
  bool exact = true;  // every counted family by its Hilbert function, not by its dimension only
  std::vector<int> empty;
  for (std::size_t f = 0; f < a.families.size(); ++f) {
    const annihilator_family& fam = a.families[f];
    if (fam.grouping.order() > k) continue;
    if (std::find(c.families.begin(), c.families.end(), static_cast<int>(f)) != c.families.end()) {
      exact = exact && fam.smooth();
      continue;
    }
    if (std::any_of(c.families.begin(), c.families.end(), [&](int g) {
          return grouping_contains(a.families[static_cast<std::size_t>(g)].grouping, fam.grouping);
        }))
      continue;
    // Shown empty only while the count can still be whole (each test is a Macaulay rank).
    if (exact && c.left_out.empty() && fam.proof == variety_proof::expected_empty) {
      const int j = joint.of(static_cast<int>(f), static_cast<int>(f));
      if (joint.all[static_cast<std::size_t>(j)].proof == variety_proof::empty_macaulay_mod_p) {
        empty.push_back(j);
        continue;
      }
    }
    c.left_out.push_back(static_cast<int>(f));
  }
  c.dimension_only = !exact;
  c.whole = exact && c.left_out.empty();
  if (c.whole) c.shown_empty = std::move(empty);
}

void union_keep_used_intersections(annihilator_analysis& a, const union_intersections& joint) {
  std::map<int, int> renumber;
  // Each is named by the first count that uses it: a pair's or two point sets' families (in the count's order), a
  // regular sequence's families, or the family shown empty.
  auto keep = [&](int& j, const std::vector<int>& of) {
    const auto [it, fresh] = renumber.emplace(j, static_cast<int>(a.intersections.size()));
    if (fresh) a.intersections.push_back(joint.all[static_cast<std::size_t>(j)]), a.intersection_of.push_back(of);
    j = it->second;
  };
  for (auto& count : a.counts) {
    if (count.method == annihilator_union::regular_sequence) {
      for (int& j : count.intersections) keep(j, count.families);
    } else {
      std::size_t at = 0;
      for (std::size_t x = 0; x < count.families.size(); ++x)
        for (std::size_t y = x + 1; y < count.families.size() && at < count.intersections.size(); ++y, ++at)
          keep(count.intersections[at], {count.families[x], count.families[y]});
    }
    for (int& j : count.shown_empty) keep(j, joint.joins[static_cast<std::size_t>(j)]);
  }
}

std::vector<union_face> regular_sequence_faces(int dx, bool linear, const std::vector<int>& labels,
                                               const std::vector<annihilator_grouping>& sets, std::uint64_t d) {
  // Bit 0: u^T v; bit i + 1: the quadric of labels[i]. R is free over the polynomial ring in G, so the ideal of Y
  // (each variety's ideal generated by its part of G, radical) is the Stanley-Reisner ideal of those parts times R,
  // and the forms of degree d outside it have the basis products (monomial in G with support F) x (a basis of
  // R/(G)): F ranges over the sets missing some part, each giving t^deg F / prod_{s in F} (1 - t^deg s) times
  // prod_{s in G} (1 - t^deg s) / (1 - t)^dx, the complete intersection of G - F shifted by deg F (section 14).
  const int q = static_cast<int>(labels.size());
  if (q > 30 || dx < q + (linear ? 1 : 0))
    throw std::invalid_argument("regular_sequence_faces: more generators than variables");
  auto mask_of = [&](const annihilator_grouping& g) {
    std::uint32_t m = g.linear ? 1U : 0U;
    for (int f : g.forms) {
      const auto at = std::lower_bound(labels.begin(), labels.end(), f);
      if (at == labels.end() || *at != f)
        throw std::invalid_argument("regular_sequence_faces: a label outside the sequence");
      m |= 2U << (at - labels.begin());
    }
    return m;
  };
  const std::uint32_t all = (linear ? 1U : 0U) | (((1U << q) - 1) << 1);
  std::vector<std::uint32_t> parts;
  for (const auto& g : sets) parts.push_back(mask_of(g));
  std::vector<union_face> faces;
  for (std::uint32_t F = 0; F <= all; ++F) {
    if ((F & ~all) != 0 || std::none_of(parts.begin(), parts.end(), [&](std::uint32_t s) { return (F & s) == 0; }))
      continue;
    union_face face;
    face.linear = (F & 1U) != 0;
    for (int i = 0; i < q; ++i)
      if (F >> (i + 1) & 1U) face.forms.push_back(labels[static_cast<std::size_t>(i)]);
    face.shift = (face.linear ? 1U : 0U) + 2U * static_cast<unsigned>(face.forms.size());
    // G - F: a linear generator (or none) and m quadrics in d_x variables, a complete intersection of projective
    // dimension d_x - 1 - linear - m >= -1.
    const int m = q - static_cast<int>(face.forms.size());
    const int e = dx - 1 - ((linear && !face.linear) ? 1 : 0) - m;
    face.term = d >= face.shift ? complete_intersection_hilbert(m, e, d - face.shift) : big_int(0);
    faces.push_back(std::move(face));
  }
  return faces;
}

}  // namespace seprank
