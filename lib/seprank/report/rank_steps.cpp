#include "seprank/report/rank_steps.hpp"
#include "seprank/support/enum_table.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include "seprank/report/format.hpp"
#include "seprank/report/structure_steps.hpp"

namespace seprank {
namespace {

using S = claim_status;

const char* certificate_name(block_certificate c) { return block_certificate_info_of(c).prose; }

std::string plural(long n, const char* what) { return std::to_string(n) + " " + what + (n == 1 ? "" : "s"); }

// "2 blocks: full rank mod p; 3 blocks: ..." (methods in alphabetical order).
std::string certificate_summary(const rank_result& r) {
  std::map<std::string, long> methods;
  for (const auto& b : r.blocks) ++methods[certificate_name(b.certificate)];
  std::string out;
  for (const auto& [method, n] : methods) out += (out.empty() ? "" : "; ") + plural(n, "block") + ": " + method;
  return out;
}

// The one table of grid_stop: why the grid stopped growing, in words.
struct grid_stop_info {
  grid_stop value;
  const char* prose;
};
constexpr grid_stop_info grid_stop_table[] = {
    {grid_stop::rank_stopped_growing, "the rank stopped growing (rank $<$ number of points)"},
    {grid_stop::reached_upper_bound, "the rank reached the proven upper bound"},
    {grid_stop::point_limit, "the point limit was reached (raise with --max-grid-points)"},
    {grid_stop::time_limit, "the point limit set by the time estimate was reached (raise --time-limit)"},
    {grid_stop::memory_limit, "the point limit set by the memory estimate was reached (raise --max-memory)"},
};

const char* grid_stop_text(grid_stop s) { return table_row_of(grid_stop_table, s).prose; }

std::string degrees_text(const std::vector<int>& d) {
  std::string s;
  for (std::size_t k = 0; k < d.size(); ++k) s += (k ? "," : "") + str(d[k]);
  return s;
}

// One line per diagonal block ("k = 0: 2860 x 1, rank 1 (full rank mod p)") and the same as typed records.
// How a block is labelled: by its B-degree (coefficient matrix) or by its M_B-degree k (Gram rank).
enum class block_label { b_degree, gram_degree };

// Exact elimination is over Z on the whole block; a sample, if any, was the rank mod p's.
bool exact_by_elimination(block_certificate c) {
  return c == block_certificate::exact_elimination || c == block_certificate::exact_elimination_p_divided;
}

step_value block_table(const char* name, const std::vector<block_shape>& shapes, const rank_result& r,
                       block_label label) {
  step_value v{name, ""};
  v.data = json::array();
  for (std::size_t b = 0; b < shapes.size(); ++b) {
    const auto& blk = shapes[b];
    const auto& br = r.blocks[b];
    std::ostringstream out;
    out << (label == block_label::gram_degree ? "$k = " + degrees_text(blk.b_degrees) + "$"
                                              : "B-degree $" + degrees_text(blk.b_degrees) + "$")
        << ": $" << blk.rows << " x " << blk.cols << "$, rank $"
        << (br.exact ? str(br.upper) : ">= " + str(br.rank_mod_p)) << "$ (" << certificate_name(br.certificate)
        << (br.upper >= 0 && br.certificate == block_certificate::meets_gram_bound ? ", bound $" + str(br.upper) + "$"
                                                                                   : "")
        << (br.sampled_rows > 0
                ? (exact_by_elimination(br.certificate) ? " of the whole block; its rank mod p on a random $"
                                                        : " on a random $") +
                      str(br.sampled_rows) + " x " + str(br.sampled_cols) + "$ submatrix"
                : "")
        << (br.prime != 0 && br.prime != r.prime ? ", $p = " + str(static_cast<long long>(br.prime)) + "$" : "") << ")";
    v.items.push_back(out.str());
    v.data.push_back(json{{"degree", blk.b_degrees.size() == 1 ? json(blk.b_degrees[0]) : json(blk.b_degrees)},
                          {"rows", blk.rows},
                          {"cols", blk.cols},
                          {"rank", br.exact ? br.upper : br.rank_mod_p},
                          {"exact", br.exact},
                          {"certificate", block_certificate_info_of(br.certificate).key}});
    if (br.sampled_rows > 0) v.data.back()["sampled"] = json{{"rows", br.sampled_rows}, {"cols", br.sampled_cols}};
    if (br.prime != 0 && br.prime != r.prime) v.data.back()["prime"] = exact_json(static_cast<long long>(br.prime));
  }
  return v;
}

}  // namespace

derivation_step partition_step(const structure_analysis& s, const rank_analysis& r) {
  return {
      "Partition (section 3)",
      "$sep(y; A, B)$ is the least $R$ with $y = sum_{r<=R} g_r(x_A) g'_r(x_B)$ (eq. 5); the partition splits the Gram matrix "
      "as $M = M_A + M_B$, $M_A = sum_{j in A} x^j x^j^T$, $M_B = sum_{j in B} x^j x^j^T$",
      {{"partition", "$" + r.part.str() + "$"},
       {"balanced", r.part.balanced() ? "yes ($|A| = |B| = N/2$)" : "no"},
       {"output position $i$", str(s.cfg.position) + (r.part.in_A(s.cfg.position) ? " (in $A$)" : " (in $B$)")}},
      S::computed,
      "validated: $A$ and $B$ are non-empty, disjoint and cover $1..N$",
      "partition"};
}

namespace {

derivation_step matrix_step(const rank_analysis& r) {
  return {
      "Coefficient matrix",
      "$sep(y; A, B)$ = rank over $Q$ of the matrix of coefficients of $y$: rows = monomials in $x_A$, columns = monomials in $x_B$",
      {{"size", "$" + str(r.matrix.rows()) + " x " + str(r.matrix.cols()) + "$"},
       exact_value("nonzeros", r.matrix.nonzeros()),
       {"diagonal blocks", str(static_cast<long long>(r.matrix.blocks.size())) +
                               " (by degree: a monomial pairs only with monomials of complementary degree)"}},
      S::computed,
      "built once from the terms of the expansion",
      "coefficient-matrix"};
}

derivation_step rank_step(const rank_analysis& r, const big_int& count, bool within) {
  const auto& x = r.sep;
  derivation_step st{
      "Separation rank $sep(y_p; A, B)$ for the drawn weights",
      "the rank over $Q$ of the coefficient matrix (a lower bound on the generic separation rank)",
      {{"sep", x.exact() ? str(x.lower) : "$>= " + str(x.lower) + "$", {}, x.exact() ? exact_json(x.lower) : json()},
       {"status", rank_summary(x)},
       keyed(block_table("blocks (B-degree: size, rank)", block_shapes_of(r.matrix), x, block_label::b_degree),
             "sep_blocks")},
      x.exact() ? S::verified : S::probabilistic,
      "",
      "separation-rank"};
  if (x.exact()) {
    st.values.push_back(
        {"vs the Gram count (step n-free-bound)", "$" + str(x.lower) + (within ? " <= " : " > ") + str(count) + "$" +
                                                      (within ? (x.lower == count ? " (the count is attained)" : "")
                                                              : " (IMPOSSIBLE: the count bounds every weight)")});
    st.status = status_of_check(within, st.status);
  }
  if (r.gram.computed() && r.gram.rank.exact() &&
      std::any_of(x.blocks.begin(), x.blocks.end(),
                  [](const block_rank& b) { return b.certificate == block_certificate::meets_gram_bound; }))
    st.rests_on.push_back("gram-rank");  // the bound met may be the Gram blocks' total
  st.status =
      status_of_check(!x.contradicted(), st.status);  // our own proven upper bound below our certified lower bound
  if (x.contradicted()) {
    for (std::size_t b = 0; b < x.blocks.size(); ++b)
      if (x.blocks[b].contradicted())
        st.values.push_back({"CONTRADICTION in block " + str(static_cast<long long>(b + 1)),
                             "proven upper bound $" + str(x.blocks[b].proven_upper) + "$ < certified lower bound $" +
                                 str(x.blocks[b].exact ? x.blocks[b].upper : x.blocks[b].rank_mod_p) + "$"});
  }
  st.check = x.exact()
                 ? "lower bound: rank modulo the prime $p = " + str(static_cast<long long>(x.prime)) +
                       "$ (a nonzero minor $mod p$ is nonzero over $Z$); upper bound per block: $min(rows, cols)$, the "
                       "Gram-form bound (the count of step n-free-bound, or the blocks of step gram-rank), or exact "
                       "fraction-free elimination over $Z$"
                 : "rank modulo $p = " + str(static_cast<long long>(x.prime)) +
                       "$ is a certified lower bound (certain); that it is the rank over $Q$ is probable only (status)";
  return st;
}

std::string kernel_skip_text(const coefficient_kernel& k) {
  switch (k.skipped) {
    case kernel_skip::none: return "";
    case kernel_skip::not_certified: return "the rank is not certified, so the kernel dimension is only an upper bound";
    case kernel_skip::block_too_large:
      return "a block of $" + std::to_string(k.skipped_rows) + " x " + std::to_string(k.skipped_cols) + "$" +
             " is too large for an exact kernel (limit --max-exact-entries)";
  }
  return "";
}

// "v_1*phi[m_1] - v_2*phi[m_2] ... = 0" over the B-monomials m of the vector's block.
std::string relation_text(const kernel_vector& kv, const coefficient_matrix& m, const ring_ptr& ring) {
  const auto& blk = m.blocks[kv.block];
  std::string rel;
  for (long c = 0; c < blk.matrix.cols; ++c) {
    if (kv.v[c] == 0) continue;
    const mpz_class a = abs(kv.v[c]);
    rel += (kv.v[c] < 0   ? " - "
            : rel.empty() ? ""
                          : " + ") +
           (a == 1 ? std::string() : a.get_str() + "*") + "phi[" + monomial_text(blk.col_monomials[c], ring, m.b_vars) +
           "]";
  }
  return rel + " = 0";
}

derivation_step kernel_step(const structure_analysis& s, const rank_analysis& r) {
  const auto& k = r.kernel;
  derivation_step st{
      "Kernel of the coefficient matrix",
      "right kernel: linear relations $sum_m v_m phi[m] = 0$ among the $A$-side functions $phi[m]$ that multiply "
      "the $B$-monomials $m$ in $y_p$; dimension = columns $-$ rank",
      {{"dimension",
        str(k.dimension) + (r.sep.exact() ? "" : " (upper bound)"),
        {},
        r.sep.exact() ? exact_json(k.dimension) : json()}},
      r.sep.exact() ? S::computed : S::probabilistic,
      k.skipped == kernel_skip::none
          ? "columns minus the certified rank, block by block (exact because every block's rank "
            "is certified); --kernel prints a checked basis"
          : kernel_skip_text(k),
      "kernel",
      {"separation-rank"}};
  if (k.computed) {
    step_value basis{"basis (first blocks; primitive integer vectors)", k.vectors.empty() ? "(empty)" : ""};
    basis.data = json::array();
    for (const auto& v : k.vectors) {
      const std::string relation = relation_text(v, r.matrix, s.ring);
      basis.items.push_back("$" + relation + "$");
      json coefficients = json::array();
      for (const auto& c : v.v) coefficients.push_back(c.fits_slong_p() ? json(c.get_si()) : json(c.get_str()));
      basis.data.push_back(
          json{{"block", static_cast<long long>(v.block)}, {"relation", relation}, {"vector", coefficients}});
    }
    if (static_cast<long>(k.vectors.size()) < k.dimension)
      basis.items.push_back("... (" + str(k.dimension - static_cast<long>(k.vectors.size())) +
                            " more; raise --kernel-limit)");
    st.values.push_back(basis);
    st.status = S::verified;
    st.check =
        "FLINT fmpz_mat_nullspace per block, from the smallest $B$-degree on; every printed vector was multiplied "
        "back exactly ($M v = 0$) and the vectors of each block checked independent";
  }
  return st;
}

// The one table of grid_bound: where a graded block's upper bound comes from (the grid table's column).
struct grid_bound_info {
  grid_bound value;
  const char* name;
};
constexpr grid_bound_info grid_bound_table[] = {
    {grid_bound::none, "none"},
    {grid_bound::monomial_count, "monomial count"},
    {grid_bound::gram_count, "Gram count"},
    {grid_bound::gram_block, "Gram block"},
    {grid_bound::side_relations, "side relations"},
};

const char* grid_bound_name(grid_bound b) { return table_row_of(grid_bound_table, b).name; }

derivation_step grid_step(const rank_analysis& r) {
  const auto& g = r.grid;
  const bool impossible = !r.grid_within_sep || g.contradicted();
  const bool equal = r.expanded && r.sep.exact() && g.rank == r.sep.lower;
  derivation_step st{
      "Grid-tensor rank (proof sketch of Theorem 1)",
      "for points $a_1..a_s$ ($A$ side) and $b_1..b_t$ ($B$ side), $rank [y(a_u, b_v)] <= sep$",
      {{"grid rank",
        str(g.rank) + (g.capped() && g.rank == g.points ? " (capped at the point limit: see why below)" : "") +
            " at $s = t = " + str(g.points) + "$ random points $mod p = " + str(static_cast<long long>(g.prime)) + "$"},
       {"stopped because", grid_stop_text(g.stop)},
       {"vs the coefficient-matrix rank", !r.expanded     ? "no coefficient matrix (expansion skipped)"
                                          : r.sep.exact() ? (g.rank == r.sep.lower ? "equal"
                                                             : impossible          ? "LARGER (impossible)"
                                                                                   : "smaller (more points needed)")
                                                          : "-"}},
      status_of_check(!impossible, equal ? S::verified : S::computed),
      "$y$ evaluated by the forward pass of eq. 3 over $Z/p$, no expansion; the grid matrix factors through the "
      "coefficient matrix, so its rank $mod p$ is a certified lower bound on $sep$ (docs/theory.md, section 8)",
      "grid-rank"};
  if (g.graded) {
    st.claim =
        "with the inputs of the side without position $i$ scaled by $lambda$, $y(a, lambda b) = sum_k lambda^(2k) y_k(a, b)$, and "
        "the coefficient matrix is block-diagonal by $k$; so $sep = sum_k r_k$ with $r_k$ the rank of block $k$, and "
        "$r_k >= rank [y_k(a_u, b_v)]$";
    st.values[0] = {"grid rank", str(g.rank) + " (the sum over the degree blocks) at up to $s = t = " + str(g.points) +
                                     "$ random points $mod p = " + str(static_cast<long long>(g.prime)) + "$"};
    step_value blocks{"blocks ($k$: points, rank, proven upper bound)", ""};
    blocks.data = json::array();
    for (const auto& b : g.blocks) {
      blocks.items.push_back("$k = " + str(b.k) + "$: $" + str(b.points) + " x " + str(b.points) + "$ points, rank $" +
                             str(b.rank) + "$" +
                             (b.upper < 0 ? ", no upper bound"
                              : b.exact() ? " = bound (exact)"
                                          : ", bound $" + str(b.upper) + "$") +
                             (b.upper < 0 ? "" : std::string(" [") + grid_bound_name(b.bound) + "]") +
                             (b.rank == b.points && !b.exact() ? " (capped at the point limit: see why below)" : ""));
      blocks.data.push_back(json{{"degree", b.k},
                                 {"points", b.points},
                                 {"rank", b.rank},
                                 {"upper", b.upper >= 0 ? json(b.upper) : json()},
                                 {"bound", grid_bound_name(b.bound)},
                                 {"exact", b.exact()}});
    }
    st.values.insert(st.values.begin() + 2, blocks);
    st.values.insert(st.values.begin() + 3, exact_value("evaluations", static_cast<long long>(g.evaluations),
                                                        "$" + str(static_cast<long long>(g.evaluations)) + "$"));
    if (!impossible && g.exact()) st.status = S::verified;
    if (std::any_of(g.blocks.begin(), g.blocks.end(),
                    [](const grid_block& b) { return b.exact() && b.bound == grid_bound::gram_block; }))
      st.rests_on.push_back("gram-rank");
    for (const auto& b : g.blocks)
      if (b.contradicted())
        st.values.push_back({"CONTRADICTION in block $k = " + str(b.k) + "$",
                             "certified lower bound $" + str(b.rank) + "$ > proven upper bound $" + str(b.upper) +
                                 "$ [" + grid_bound_name(b.bound) + "]"});
    st.check =
        "$y$ evaluated by the forward pass of eq. 3 over $Z/p$ (no expansion) at $lambda = 1..C+1$, each $y_k(a_u, b_v)$ "
        "interpolated (Vandermonde in $lambda^2$); block $k$'s grid factors through block $k$ of the coefficient matrix, so "
        "its rank $mod p$ is a certified lower bound on that block's rank. Upper bound of block $k$: the smallest of the "
        "numbers of monomials on either side, the block's Gram count $min(d_x mc(D, C-k), mc(D, k))$ (proven for every "
        "weight, step n-free-bound), the Gram block's exact rank where smaller (step gram-rank" +
        std::string(r.gram.computed() ? "" : ", skipped here") +
        "), and, for blocks whose rank stopped below their points, the "
        "side relations: the Gram matrices of the sides have rank at most their number of positions, so their minors and "
        "those of $[M_A | x^i]$ vanish (docs/theory.md, section 8)" +
        std::string(g.exact() ? "; every block meets its bound, so $sep = " + str(g.rank) + "$ exactly" : "");
  }
  note_store(st, r.grid_units, r.grid.graded ? "bands of the grid's evaluations" : "grids");
  return st;
}

std::string gram_skip_text(const network_config& c, const rank_analysis& r) {
  if (r.gram.skipped == gram_rank_skip::time_limit)
    return "the run reached its time limit (--time-limit) during this stage";
  if (r.gram.skipped == gram_rank_skip::too_many_variables)
    return "its polynomial ring would have $d_x + 2D = " + std::to_string(gram_rank_variable_count(c)) +
           "$ variables (limit " + std::to_string(max_gram_variables) + ", i.e. $d_x <= 23$)";
  if (r.gram.skipped == gram_rank_skip::over_limits)
    return "its blocks were estimated at " + display_double(r.gram.estimate.seconds, 3) + " s and " +
           std::to_string(r.gram.estimate.memory_mb) + " MiB (largest dense block $" +
           str(r.gram.estimate.largest_rows) + " x " + str(r.gram.estimate.largest_cols) +
           "$ mod $p$), over the limits " + display_double(r.gram.max_seconds, 3) + " s (--time-limit) and " +
           std::to_string(r.gram.max_memory_mb) + " MiB (--max-memory): raise them to compute it";
  return "its coefficient matrix would have up to $d_x * multichoose(2D, C)$, more than " +
         std::to_string(r.gram.max_nonzeros) + ", nonzeros (raise with --max-gram-terms)";
}

derivation_step gram_step(const structure_analysis& s, const rank_analysis& r, const big_int& gram_count) {
  if (!r.gram.computed())
    return {"Gram rank ($N -> infinity$)",
            "the rank of $sum_r A_L(M_A + M_B)[p][r] x^i_r$ split as $(x^i, M_A) | M_B$ bounds $sep$ for every $N$",
            {},
            S::skipped,
            gram_skip_text(s.cfg, r),
            "gram-rank"};
  const auto& g = r.gram.rank;
  const int D = gram_entry_count(s.cfg.dx);
  derivation_step st{
      "Gram rank ($N -> infinity$)",
      "$y = sum_r A_L(M_A + M_B)[p][r] x^i_r$; with $M_A$, $M_B$ independent symmetric matrices, the rank of its "
      "coefficient matrix ($(x^i, M_A)$-monomials $x$ $M_B$-monomials) bounds $sep$ for every $N$, with equality once "
      "$|A| >= d_x + 1$ and $|B| >= d_x$",
      {{"Gram rank",
        g.exact() ? str(g.lower) : "$>= " + str(g.lower) + "$",
        {},
        g.exact() ? exact_json(g.lower) : json()},
       {"status", rank_summary(g)},
       exact_value("$D = d_x(d_x+1)/2$", D),
       keyed(block_table("blocks ($M_B$-degree $k$: size, rank)", r.gram.blocks, g, block_label::gram_degree),
             "gram_blocks")},
      g.exact() ? S::verified : S::probabilistic,
      "$sep <=$ Gram rank: every term of $y$ is (a function of $x_A$) times a monomial in $M_B$. Equality for large $N$: "
      "$x_A -> (x^i, M_A)$ and $x_B -> M_B$ are then dominant, so the monomials stay linearly independent "
      "(docs/theory.md, section 7). It rests on the Gram form, " +
          gram_form_citation(s),
      "gram-rank",
      {"gram-form"}};
  if (!s.cfg.residual) {  // the count check: the Gram count is sum_k min(rows, cols) of these blocks
    const big_int deficit = gram_count - big_int(g.lower);
    st.values.insert(
        st.values.begin() + 3,
        step_value{"vs the Gram count $" + str(gram_count) + "$",
                   g.exact() ? (deficit == 0 ? std::string("equal")
                                             : "the Gram count is not attained: deficit $" + str(deficit) + "$ (exact" +
                                                   (s.annihilators.proven() ? "; docs/theory.md, section 14)" : ")"))
                             : "deficit at most $" + str(deficit) + "$ (the rank is a lower bound)"});
  }
  note_store(st, r.gram.units, "blocks");
  if (s.annihilators.proven()) {  // section 14: the rank-one annihilators and what they prove
    std::string blocks;
    for (const auto& b : s.annihilators.losing)
      blocks += (blocks.empty() ? "" : ", ") + std::string("$k = ") + str(static_cast<long long>(b.k)) +
                "$: rank $<= " + str(b.bound) + "$";
    st.values.push_back(
        {"proven block bounds below $min(rows, cols)$", blocks + " (rank-one annihilators, step annihilators)"});
    st.rests_on.push_back("annihilators");
  }
  return st;
}

derivation_step stabilization_step(const rank_analysis& r) {
  step_value rows{"$sep(N)$, balanced partitions", ""};
  rows.key = "sep_ladder";
  rows.data = json::array();
  bool reached = false;
  for (const auto& row : r.stabilization) {
    rows.items.push_back(
        "$N = " + str(row.N) + "$: " +
        (row.exact ? "$sep >= " + str(row.grid) + "$ = Gram rank (exact)"
         : row.certified
             ? "$sep = " + str(row.grid) +
                   "$ exactly (every degree block's certified rank meets its proven bound), below the Gram rank"
             : "$sep >= " + str(row.grid) + "$"));
    rows.data.push_back(
        json{{"N", row.N}, {"sep_at_least", row.grid}, {"sep_exact", row.certified}, {"reaches_gram_rank", row.exact}});
    reached = reached || row.exact;
  }
  derivation_step st{
      "Stabilization in $N$ (the sums over $j_1..j_C$ remove the dependence on $N$)",
      "$sep(N) <=$ Gram rank for every $N$, and $sep(N)$ is non-decreasing in $N$ (setting the extra inputs to 0 restricts "
      "$y$ to the smaller network); so once the grid rank reaches the Gram rank, $sep(N)$ = Gram rank for all larger $N$",
      {rows},
      reached ? S::verified : S::computed,
      reached ? "lower bounds from grid tensors met the Gram rank"
              : "the grid rank did not reach the Gram rank within the point limit",
      "stabilization",
      {"gram-rank"}};
  note_store(st, r.stabilization_units, "grids");
  return st;
}

derivation_step seeds_step(const rank_analysis& r) {
  long best = 0;
  bool same = true;
  step_value rows{"ranks", ""};
  rows.data = json::array();
  for (const auto& x : r.seeds) {
    best = std::max(best, x.rank);
    same = same && x.rank == r.seeds.front().rank;
    rows.items.push_back("seed " + str(static_cast<long long>(x.seed)) + ": $" + (x.exact ? "" : ">= ") + str(x.rank) +
                         "$");
    rows.data.push_back(json{{"seed", static_cast<long long>(x.seed)}, {"rank", x.rank}, {"exact", x.exact}});
  }
  return {
      "Genericity: other weight draws",
      "the generic rank is the maximum over weights; a smaller value flags a non-generic draw",
      {rows, exact_value("maximum", best), {"all draws agree", same ? "yes" : "no"}},
      S::computed,
      "agreement across draws is evidence for genericity, not a proof; each value is a certified lower bound on the generic rank",
      "seeds"};
}

derivation_step partitions_step(const rank_analysis& r) {
  const bool same = r.partitions_agree(), differ = r.partitions_disagree();
  step_value rows{"ranks", ""};
  rows.data = json::array();
  for (const auto& x : r.partitions) {
    rows.items.push_back("$" + x.part.str() + "$: $" + (x.exact ? "" : ">= ") + str(x.rank) + "$");
    rows.data.push_back(json{{"partition", x.part.str()}, {"rank", x.rank}, {"exact", x.exact}});
  }
  // A rank that is only a lower bound leaves the equality undecided: the paper's statement, not shown here.
  return {"Proposition 1: every balanced partition",
          "$sep$ is the same for every balanced partition (paper, Proposition 1)",
          {rows,
           {"all equal", same     ? "yes"
                         : differ ? "NO"
                                  : "not shown (a rank is only a lower bound)"}},
          same || differ ? status_of_check(!differ, S::verified) : S::paper,
          same || differ
              ? "each rank certified as above, with the same weights"
              : "each rank certified as above, with the same weights; a lower bound cannot show two ranks equal",
          "proposition-1"};
}

}  // namespace

std::string rank_summary(const rank_result& r) {
  if (r.exact()) return "exact (certified: " + certificate_summary(r) + ")";
  return "lower bound (certain: the rank $mod p$ is $" + std::to_string(r.lower) +
         "$, and a nonzero minor $mod p$ is nonzero over $Z$); " +
         (r.equality_bounded
              ? "it equals the rank over $Q$ unless the prime of a block that stays a lower bound divides all its maximal "
                "minors: probability $<= " +
                    display_double(r.error_bound, 2) + "$ over the choice of the primes"
              : std::string("a block was ranked on a random submatrix, which can lose rank for other reasons than the "
                            "prime: no probability is claimed that the bound is the rank")) +
         ")";
}

namespace {}  // namespace

std::string bracket_certificate(const rank_analysis& r) {
  if (r.grid.exact()) return "every degree block of the grid meets its proven upper bound (step grid-rank)";
  if (r.sep.exact()) return "the grid-tensor lower bound meets the Gram-rank upper bound";
  if (r.gram.rank.exact()) return "bracketed by the grid-tensor rank and the Gram rank";
  return "lower bound from grid tensors";
}

namespace {

derivation_step bracket_step(const rank_analysis& r) {
  const bool exact = r.sep.exact();
  const bool by_gram = exact && !r.grid.exact();  // closed by the Gram rank, not by the grid's own blocks
  if (r.bracket_contradicted())
    return {"Separation rank $sep(y_p; A, B)$ for the drawn weights, without the expansion",
            "grid-tensor rank (step grid-rank) $<= sep <=$ Gram rank (step gram-rank): both proven bounds",
            {{"CONTRADICTION", "grid-tensor rank $" + std::to_string(r.sep.lower) + "$ > Gram rank $" +
                                   std::to_string(r.gram.rank.upper) + "$"}},
            status_of_check(!r.bracket_contradicted(), S::verified),
            "a certified lower bound exceeds a proven upper bound: one of our own computations is wrong",
            "separation-rank",
            {"grid-rank", "gram-rank"}};
  derivation_step st{
      "Separation rank $sep(y_p; A, B)$ for the drawn weights, without the expansion",
      "grid-tensor rank (step grid-rank) $<= sep <=$ Gram rank (step gram-rank): both proven bounds",
      {exact                 ? exact_value("sep", r.sep.lower)
       : r.gram.rank.exact() ? step_value{"sep (bracketed)", "$[" + std::to_string(r.sep.lower) + ", " +
                                                                 std::to_string(r.gram.rank.upper) + "]$"}
                             : exact_value("sep (lower bound)", r.sep.lower)},
      exact ? S::verified : S::computed,
      exact ? bracket_certificate(r)
      : r.gram.computed()
          ? "the bounds do not meet (N too small for the Gram rank, or the grid point limit)"
          : "no upper bound to meet: the Gram rank was skipped (step gram-rank); the grid rank is a lower bound",
      "separation-rank",
      {"grid-rank"}};
  if (by_gram) st.rests_on.push_back("gram-rank");
  return st;
}

}  // namespace

// A step of a stage the run's time limit stopped, or did not reach.
derivation_step time_limit_step(const char* title, const char* id) {
  return {
      title, "", {}, S::skipped, "not finished: the run reached its time limit (--time-limit) at or before this stage",
      id};
}

void append_rank_steps(derivation& d, const structure_analysis& s, const rank_analysis& r, const big_int& gram_count,
                       bool sep_within_gram_count) {
  const rank_options& opt = r.options;
  // A stage runs to the end unless the time limit stopped it or an earlier one.
  auto ran = [&r](rank_stage st) { return r.stopped_at == rank_stage::none || st < r.stopped_at; };
  d.time_limited = r.stopped_at != rank_stage::none;
  d.steps.push_back(ran(rank_stage::gram_rank) ? gram_step(s, r, gram_count)
                                               : time_limit_step("Gram rank ($N -> infinity$)", "gram-rank"));
  if (r.expanded) {
    const bool ranked = ran(rank_stage::coefficient_rank);
    d.steps.push_back(ranked ? matrix_step(r) : time_limit_step("Coefficient matrix", "coefficient-matrix"));
    d.steps.push_back(
        ranked ? rank_step(r, gram_count, sep_within_gram_count)
               : time_limit_step("Separation rank $sep(y_p; A, B)$ for the drawn weights", "separation-rank"));
    d.steps.push_back(ran(rank_stage::kernel) ? kernel_step(s, r)
                                              : time_limit_step("Kernel of the coefficient matrix", "kernel"));
  }
  const bool gridded = ran(rank_stage::grid);
  d.steps.push_back(gridded ? grid_step(r)
                            : time_limit_step("Grid-tensor rank (proof sketch of Theorem 1)", "grid-rank"));
  if (!r.expanded)
    d.steps.push_back(
        gridded ? bracket_step(r)
                : time_limit_step("Separation rank $sep(y_p; A, B)$ for the drawn weights, without the expansion",
                                  "separation-rank"));
  const bool stabilizes = opt.stabilization && r.gram.rank.exact();
  if (!r.stabilization.empty()) {
    d.steps.push_back(stabilization_step(r));
    if (!ran(rank_stage::stabilization))
      d.steps.back().check +=
          "; the run reached its time limit (--time-limit) after these rows: the larger N were not tried";
  } else if (stabilizes && !ran(rank_stage::stabilization))
    d.steps.push_back(time_limit_step("Stabilization in $N$ (the sums over $j_1..j_C$ remove the dependence on $N$)",
                                      "stabilization"));
  if (!r.seeds.empty())
    d.steps.push_back(seeds_step(r));
  else if (opt.seeds > 1 && !ran(rank_stage::seeds))
    d.steps.push_back(time_limit_step("Genericity: other weight draws", "seeds"));
  if (!r.partitions.empty())
    d.steps.push_back(partitions_step(r));
  else if (opt.all_partitions && !ran(rank_stage::partitions))
    d.steps.push_back(time_limit_step("Proposition 1: every balanced partition", "proposition-1"));
}

derivation_step certificate_step(const rank_analysis& r, const grid_certificate& g, const std::string& dir) {
  const bool met = g.rank >= r.sep.lower;
  return {
      "Certificates anyone can re-check",
      "lower bound: the grid of step grid-rank again, with its points kept and a prime below $2^28$, written with the "
      "weights to a file that a standalone script re-checks by the literal forward pass of eq. 3 (Python 3 and numpy "
      "only); upper bound: the Gram-form argument plus the count (step n-free-bound), which anyone can recount",
      {{"files", dir + "/certificate.json, " + dir + "/check.py"},
       {"re-check with",
        "python3 " + dir + "/check.py   (last line: sep >= R certified; exit status 0 when R >= claimed_rank)"},
       {"claimed rank",
        str(g.rank) + " at $s = t = " + str(static_cast<long long>(g.a_points.size())) +
            "$ points per side $mod p = " + str(static_cast<long long>(g.prime)) + "$" +
            (met ? "" : " (below the certified $sep$ " + str(r.sep.lower) + ": the small prime lost rank)")},
       {"int64 safety",
        "$p < 2^28$: products of residues stay below $2^56$ and sums of up to 64 of them below $2^62$"}},
      S::computed,
      "the grid rank mod p was computed here (" + std::string(met ? "it meets" : "it is below") +
          " the certified sep of step separation-rank); the script recomputes it without this tool",
      "certificate"};
}

}  // namespace seprank
