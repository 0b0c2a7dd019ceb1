#include "seprank/rank_analysis.hpp"

#include <chrono>
#include <algorithm>
#include <map>
#include <set>

#include "seprank/errors.hpp"
#include "seprank/network.hpp"

namespace seprank {
namespace {

using clock_type = std::chrono::steady_clock;

struct stopwatch {
  std::vector<timing>& out;
  std::string stage;
  clock_type::time_point start = clock_type::now();
  ~stopwatch() { out.push_back({stage, std::chrono::duration<double>(clock_type::now() - start).count()}); }
};

// Proven per-block upper bound for the input coefficient matrix. An input block whose even side
// (the side without x^i) has degrees {2k : k in K} factors through the Gram blocks whose
// M-degrees lie in K; when those Gram blocks are exact and cover K, their total rank bounds it.
// The Gram-form count bound (homogeneous networks) is used as well; the smaller bound wins.
std::function<long(const coefficient_block&)> block_bound(const network_config& c, const partition& p,
                                                           const gram_rank_result& g) {
  return [&c, p, &g](const coefficient_block& blk) {
    const long count = gram_count_bound(c, p, blk);
    const auto& even = p.in_A(c.position) ? blk.b_degrees : blk.a_degrees;
    std::set<int> K;
    for (int d : even) {
      if (d % 2) return count;
      K.insert(d / 2);
    }
    long total = 0;
    std::set<int> covered;
    for (std::size_t b = 0; b < g.matrix.blocks.size(); ++b) {
      const auto& ks = g.matrix.blocks[b].b_degrees;
      if (!std::all_of(ks.begin(), ks.end(), [&](int k) { return K.count(k) > 0; })) continue;
      if (!g.rank.blocks[b].exact) return count;
      total += g.rank.blocks[b].upper;
      covered.insert(ks.begin(), ks.end());
    }
    if (covered != K) return count;
    return count < 0 ? total : std::min(count, total);
  };
}

rank_result rank_of(const structure_analysis& s, const polynomial& y, const partition& p, const gram_rank_result& g,
                    const rank_options& opt, std::uint64_t prime, coefficient_matrix* keep = nullptr) {
  coefficient_matrix m = build_coefficient_matrix(y, partition_mask(s.cfg, p));
  rank_result r = certified_rank(m, prime, opt.limits, block_bound(s.cfg, p, g));
  if (keep) *keep = std::move(m);
  return r;
}

std::string monomial_text(const std::vector<unsigned long>& e, const std::vector<int>& vars, const ring_ptr& ring) {
  std::string s;
  for (std::size_t k = 0; k < e.size(); ++k)
    if (e[k]) {
      s += (s.empty() ? "" : "*") + ring->name(vars[k]);
      if (e[k] > 1) s += "^" + std::to_string(e[k]);
    }
  return s.empty() ? "1" : s;
}

kernel_relations kernel_of(const coefficient_matrix& m, const rank_result& r, const ring_ptr& ring,
                           const rank_options& opt) {
  kernel_relations k;
  for (std::size_t b = 0; b < m.blocks.size(); ++b)
    if (r.blocks[b].exact) k.dimension += m.blocks[b].matrix.cols - r.blocks[b].upper;
  if (!r.exact()) {
    k.skip_reason = "the rank is not certified, so the kernel dimension is only an upper bound";
    k.dimension = m.cols() - r.lower;
    return k;
  }
  if (!opt.kernel) return k;
  for (std::size_t b = 0; b < m.blocks.size(); ++b) {
    const auto& blk = m.blocks[b];
    if (blk.matrix.cols == r.blocks[b].upper) continue;
    if (static_cast<long>(k.relations.size()) >= opt.kernel_print_limit) break;
    if (static_cast<std::uint64_t>(blk.matrix.rows) * blk.matrix.cols > opt.limits.max_exact_entries) {
      k.skip_reason = "a block of " + std::to_string(blk.matrix.rows) + " x " + std::to_string(blk.matrix.cols) +
                      " is too large for an exact kernel (limit --max-exact-entries)";
      k.relations.clear();
      return k;
    }
    for (const auto& v : kernel_basis(blk.matrix)) {
      if (static_cast<long>(k.relations.size()) >= opt.kernel_print_limit) break;
      std::string rel;
      for (long c = 0; c < blk.matrix.cols; ++c) {
        if (v[c] == 0) continue;
        const mpz_class a = abs(v[c]);
        rel += (v[c] < 0 ? " - " : rel.empty() ? "" : " + ") + (a == 1 ? std::string() : a.get_str() + "*") + "phi[" +
               monomial_text(blk.col_monomials[c], m.b_vars, ring) + "]";
      }
      k.relations.push_back(rel + " = 0");
    }
  }
  k.computed = true;
  return k;
}

}  // namespace

long grid_points_within(const network_config& c, long max_points, double max_seconds) {
  // One evaluation: per layer and head about N (3 d_a d_x + 2 d_a^2) multiplications mod p
  // (measured near 7 ns each with the loop overhead); doubling s up to S costs about (4/3) S^2 evaluations.
  const double da = c.head_size();
  const double per_eval = c.L * c.H * static_cast<double>(c.N) * (3 * da * c.dx + 2 * da * da) * 7e-9;
  long s = 8;
  while (2 * s <= max_points && (4.0 / 3.0) * 4.0 * s * s * per_eval <= max_seconds) s *= 2;
  return (4.0 / 3.0) * s * s * per_eval <= max_seconds ? s : 4;
}

rank_analysis analyse_ranks(const structure_analysis& s, const rank_options& opt, const resource_limits& lim,
                            int threads, const progress_fn& progress) {
  const network_config& c = s.cfg;
  rank_analysis a;
  a.part = opt.explicit_partition ? *opt.explicit_partition : default_partition(c);
  const std::uint64_t prime = draw_prime(s.choice.seed);
  {
    stopwatch w{a.timings, "Gram rank"};
    const std::uint64_t size = gram_matrix_size_bound(c, opt.max_gram_terms);
    const int gram_vars = c.dx + c.dx * (c.dx + 1);  // x^i, M_A, M_B
    if (gram_vars > max_gram_variables) {
      a.gram.skipped = "its polynomial ring would have d_x + 2D = " + std::to_string(gram_vars) +
                       " variables (limit " + std::to_string(max_gram_variables) + ", i.e. d_x <= 23)";
      a.gram.rank.upper = -1;
    } else if (size > opt.max_gram_terms) {
      a.gram.skipped = "its coefficient matrix would have up to d_x * multichoose(2D, C) = more than " +
                       std::to_string(opt.max_gram_terms) + " nonzeros (raise with --max-gram-terms)";
      a.gram.rank.upper = -1;
    } else {
      progress("computing the Gram rank (N -> infinity)");
      a.gram = gram_rank(c, s.gram, prime, opt.limits);
    }
  }
  const long gram_upper = a.gram.rank.exact() ? a.gram.rank.upper : -1;
  a.expanded = s.expansion_skipped.empty();
  if (a.expanded) {
    {
      stopwatch w{a.timings, "coefficient matrix and rank"};
      progress("ranking the coefficient matrix");
      a.sep = rank_of(s, s.y, a.part, a.gram, opt, prime, &a.matrix);
    }
    stopwatch w{a.timings, "kernel"};
    a.kernel = kernel_of(a.matrix, a.sep, s.ring, opt);
  }
  {
    stopwatch w{a.timings, "grid-tensor rank"};
    const long upper = a.expanded ? (a.sep.exact() ? a.sep.upper : -1) : gram_upper;
    const long points = grid_points_within(c, opt.max_grid_points, lim.max_seconds);
    progress("evaluating grid tensors (up to " + std::to_string(points) + " x " + std::to_string(points) + " points)");
    a.grid = grid_rank(c, s.weights, a.part, s.choice.seed, upper, points);
    if (points < opt.max_grid_points && a.grid.points == points && a.grid.stop.find("limit") != std::string::npos)
      a.grid.stop = "the point limit set by the time estimate was reached (raise --time-limit)";
  }
  if (!a.expanded) {  // sep bracketed by the grid rank (lower) and the Gram rank (upper)
    a.sep.lower = a.grid.rank;
    a.sep.upper = gram_upper >= 0 && a.grid.rank == gram_upper ? gram_upper : -1;
    a.sep.prime = a.grid.prime;
    a.sep.certificate = "grid-tensor rank = Gram rank";
  }
  if (opt.stabilization && gram_upper >= 0) {
    stopwatch w{a.timings, "stabilization in N"};
    progress("following sep(N) for N = 2, 4, ... up to the Gram rank");
    const auto started = clock_type::now();
    for (int N = 2; N <= std::min(max_positions, 2 * c.dx + 2); N += 2) {
      if (std::chrono::duration<double>(clock_type::now() - started).count() > lim.max_seconds) break;
      network_config cn = c;
      cn.N = N;
      cn.position = 1;
      const partition pn = default_partition(cn);
      const bool same_as_main = N == c.N && pn.A == a.part.A;
      const long points = grid_points_within(cn, opt.max_grid_points, lim.max_seconds);
      if (!same_as_main && points < 8) break;
      const auto g = same_as_main ? a.grid : grid_rank(cn, s.weights, pn, s.choice.seed, gram_upper, points);
      a.stabilization.push_back({N, g.rank, g.rank == gram_upper});
      if (g.rank == gram_upper || g.stop.find("limit") != std::string::npos) break;
    }
  }
  if (opt.seeds > 1 && !a.expanded)
    throw usage_error("--seeds needs the expansion, which was skipped: " + s.expansion_skipped);
  if (opt.all_partitions && !a.expanded)
    throw usage_error("--all-partitions needs the expansion, which was skipped: " + s.expansion_skipped);
  if (opt.seeds > 1) {
    stopwatch w{a.timings, "other weight draws"};
    for (int k = 0; k < opt.seeds; ++k) {
      weight_choice wc = s.choice;
      wc.source = weight_choice::kind::random;
      wc.seed = s.choice.seed + static_cast<std::uint64_t>(k);
      if (k == 0 && s.choice.source != weight_choice::kind::file) {  // the main draw: already ranked above
        a.seeds.push_back({wc.seed, a.sep.lower, a.sep.exact()});
        continue;
      }
      progress("weight draw with seed " + std::to_string(wc.seed));
      const integer_weights w2 = draw_weights(c, wc.seed, wc.range);
      require_expansion_fits(c, max_abs_weight(w2), threads, lim);
      const polynomial y2 = expand_output(c, w2, s.ring);
      const gram_rank_result g2 = gram_rank(c, compute_gram_form(c, w2), prime, opt.limits);
      const rank_result r = rank_of(s, y2, a.part, g2, opt, prime);
      a.seeds.push_back({wc.seed, r.lower, r.exact()});
    }
  }
  if (opt.all_partitions) {
    if (c.N > 8) throw usage_error("--all-partitions needs N <= 8 (N = " + std::to_string(c.N) + ")");
    stopwatch w{a.timings, "all balanced partitions"};
    progress("ranking every balanced partition");
    for (const auto& p : balanced_partitions(c)) {
      const rank_result r = rank_of(s, s.y, p, a.gram, opt, prime);
      a.partitions.push_back({p, r.lower, r.exact()});
    }
  }
  return a;
}

}  // namespace seprank
