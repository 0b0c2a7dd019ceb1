#include "seprank/report/annihilator_steps.hpp"

#include "seprank/report/format.hpp"

namespace seprank {
namespace {

using S = claim_status;

std::string big_text(
    const mpz_class& x) {  // a nonzero certificate: its digits when short, else their count (JSON has all)
  const std::string d = x.get_str();
  return d.size() <= 40 ? "$" + d + "$" : "$!= 0$ (" + std::to_string(d.size() - (x < 0 ? 1 : 0)) + " digits)";
}

std::string quadrics_text(std::size_t m, int n) {
  return std::to_string(m) + (m == 1 ? " distinct quadric in " : " distinct quadrics in ") + std::to_string(n) +
         " variables";
}

// The positions as runs of step 2: "$K_2$, $K_4$, ..., $K_24$, $K_27$, ..., $K_39$" (a run of three or fewer in full).
std::string positions_text(const std::vector<int>& p) {
  if (p.empty()) return "no factor";
  std::string out;
  for (std::size_t a = 0; a < p.size();) {
    std::size_t b = a;  // the run p[a..b]
    while (b + 1 < p.size() && p[b + 1] == p[b] + 2) ++b;
    auto K = [&](std::size_t i) { return "$K_" + std::to_string(p[i]) + "$"; };
    out += out.empty() ? "" : ", ";
    if (b - a + 1 <= 3) {
      for (std::size_t i = a; i <= b; ++i) out += (i > a ? ", " : "") + K(i);
    } else {
      out += K(a) + ", " + K(a + 1) + ", ..., " + K(b);
    }
    a = b + 1;
  }
  return out;
}

std::string labels_text(const std::vector<int>& forms) {
  std::string out;
  for (std::size_t i = 0; i < forms.size(); ++i) out += (i ? ", " : "") + std::to_string(forms[i]);
  return out;
}

std::string grouping_text(const annihilator_grouping& g) {
  return std::string(g.linear ? "the first $M$ alone ($u^T v = 0$), " : "") + "pairs of $M$ around " +
         positions_text(g.positions) +
         (g.forms.empty() ? std::string() : " (the junction forms of layers " + labels_text(g.forms) + ")") +
         ": degree at most " + std::to_string(g.t_degree) +
         " in $t$, operators of order $>= " + std::to_string(g.order()) + "$";
}

std::string proof_text(const annihilator_family& f) {
  const std::string n = std::to_string(f.ambient);
  switch (f.proof) {
    case variety_proof::expected_empty: return "more conditions than dimensions, no operators claimed";
    case variety_proof::whole_space: return "no quadric condition: $Z$ is the whole linear space";
    case variety_proof::nondegenerate_quadric:
      return "the quadric's determinant is " + big_text(f.certificate) + ": smooth";
    case variety_proof::pencil_discriminant:
      return "$det(x A + B)$ of the two quadrics has degree " + n + " and discriminant " + big_text(f.certificate) +
             ": the pencil has distinct roots, so $Z$ is a smooth complete intersection";
    case variety_proof::macaulay_mod_p:
      return "the quadrics and the maximal minors of their Jacobian span every form of degree " +
             std::to_string(f.macaulay_degree) + " mod $p = " + std::to_string(f.prime) +
             "$ (Macaulay matrix of full rank), hence over $Q$: $Z$ is smooth of the expected dimension";
    case variety_proof::dimension_only:
      return "smoothness not shown: only $dim Z >= " + std::to_string(f.dimension) +
             "$ (Krull), and $mc(e + 1, 2k)$ operators of order $k$ (Noether normalization)";
    case variety_proof::empty_macaulay_mod_p:
      return "the quadrics span every form of degree " + std::to_string(f.macaulay_degree) +
             " mod $p = " + std::to_string(f.prime) + "$ (Macaulay matrix of full rank), hence over $Q$: $Z$ is empty";
    case variety_proof::reduced_section_mod_p:
      return "on a linear space of projective dimension " + std::to_string(f.quadrics.size()) +
             " the quadrics and the maximal minors of their Jacobian span every form of degree " +
             std::to_string(f.macaulay_degree) + " mod $p = " + std::to_string(f.prime) +
             "$, hence over $Q$: $Z$ meets it in smooth points only, so it has the expected dimension, is smooth at a "
             "point of every component, and its ideal is radical";
    case variety_proof::regular_sequence_mod_p:
      return "on a linear space of projective dimension " + std::to_string(f.quadrics.size() - 1) +
             " the quadrics span every form of degree " + std::to_string(f.macaulay_degree) +
             " mod $p = " + std::to_string(f.prime) +
             "$, hence over $Q$: $Z$ misses it, so it has the expected dimension and the "
             "quadrics are a regular sequence";
  }
  return "";
}

const char* skip_text(annihilator_skip s) {
  switch (s) {
    case annihilator_skip::heads: return "H > 1: A_L is a sum of words, the lemma is stated for one word";
    case annihilator_skip::residual:
      return "the residual connection mixes degrees: the lemma is stated for the homogeneous network";
    case annihilator_skip::zero_row: return "u = e_p^T K_0 = 0: row p of A_L vanishes identically";
    case annihilator_skip::none: break;
  }
  return "";
}

}  // namespace

std::string annihilator_variety_text(const annihilator_family& f) {
  if (f.proof == variety_proof::expected_empty) return "expected empty";
  if (f.proof == variety_proof::empty_macaulay_mod_p) return "empty";
  if (f.proof == variety_proof::regular_sequence_mod_p)
    return "a complete intersection of dimension " + std::to_string(f.dimension) + " and degree " + str(f.degree()) +
           (f.grouping.linear ? " in the hyperplane $u^T v = 0$" : "");
  const std::string where = f.grouping.linear ? " in the hyperplane $u^T v = 0$" : "";
  if (f.proof == variety_proof::dimension_only)
    return "dimension at least " + std::to_string(f.dimension) + where + " (smoothness not shown)";
  if (f.proof == variety_proof::whole_space) return "the whole space $P^" + std::to_string(f.ambient - 1) + "$" + where;
  const std::string deg = str(f.degree());
  if (f.proof == variety_proof::reduced_section_mod_p)
    return "a reduced complete intersection of dimension " + std::to_string(f.dimension) + " and degree " + deg +
           where + " (smooth at the points of a linear section)";
  switch (f.dimension) {
    case 0: return deg + " distinct points" + where;
    case 1: return "a smooth curve of degree " + deg + where;
    case 2: return "a smooth surface of degree " + deg + where;
    default: return "a smooth variety of dimension " + std::to_string(f.dimension) + " and degree " + deg + where;
  }
}

namespace {

json family_json(const annihilator_family& f) {
  json fj{{"linear_condition", f.grouping.linear},
          {"forms", f.grouping.forms},
          {"order", f.grouping.order()},
          {"quadrics", f.quadrics.size()},
          {"variables", f.ambient},
          {"dimension", f.dimension},
          {"smooth", f.smooth()},
          {"generic", f.generic()},
          {"degree", f.smooth() || f.proof == variety_proof::regular_sequence_mod_p ? exact_json(f.degree()) : json()},
          {"description", annihilator_variety_text(f)}};
  static const char* const proofs[] = {
      "expected-empty", "whole-space",          "nondegenerate-quadric",  "pencil-discriminant",  "macaulay-mod-p",
      "dimension-only", "empty-macaulay-mod-p", "regular-sequence-mod-p", "reduced-section-mod-p"};
  fj["proof"] = proofs[static_cast<int>(f.proof)];
  if (f.certificate != 0) fj["certificate"] = exact_json(big_int(f.certificate.get_str()));
  if (f.proof == variety_proof::macaulay_mod_p || f.proof == variety_proof::empty_macaulay_mod_p ||
      f.proof == variety_proof::regular_sequence_mod_p || f.proof == variety_proof::reduced_section_mod_p)
    fj["prime"] = f.prime, fj["macaulay_degree"] = f.macaulay_degree;
  return fj;
}

std::string variety_value(const annihilator_family& f) {
  return annihilator_variety_text(f) + "; " + quadrics_text(f.quadrics.size(), f.ambient) + "; " + proof_text(f);
}

// "1, 2 and 3".
std::string names_text(const std::vector<int>& fams) {
  std::string names;
  for (std::size_t i = 0; i < fams.size(); ++i)
    names += (i == 0 ? "" : i + 1 == fams.size() ? " and " : ", ") + std::to_string(fams[i] + 1);
  return names;
}

// How a losing block's operators are proven: the families (1-based) and the union's rule.
std::string count_text(const annihilator_count& c) {
  auto name = [](int f) { return std::to_string(f + 1); };
  switch (c.method) {
    case annihilator_union::single: return "grouping " + name(c.families.at(0));
    case annihilator_union::pair:
      return "the union of groupings " + name(c.families.at(0)) + " and " + name(c.families.at(1)) + ": " +
             str(c.parts.at(0)) + " + " + str(c.parts.at(1)) + " - " + str(c.parts.at(2));
    case annihilator_union::disjoint_points: {
      std::string names, sum;
      for (std::size_t i = 0; i < c.families.size(); ++i) {
        names += (i ? ", " : "") + name(c.families[i]);
        sum += (i ? " + " : "") + str(c.parts.at(i));
      }
      return "the union of groupings " + names + ": " + sum + " points, pairwise disjoint";
    }
    case annihilator_union::regular_sequence: {
      std::string sum;
      std::size_t zero = 0;
      for (const auto& f : c.faces)
        if (f.term == 0)
          ++zero;
        else
          sum += (sum.empty() ? "" : " + ") + str(f.term);
      return "the union of groupings " + names_text(c.families) +
             ", whose generators are one regular sequence (intersection " + std::to_string(c.intersections.at(0) + 1) +
             "): " + (sum.empty() ? "0" : sum) + " over the " + std::to_string(c.faces.size()) +
             " sets of generators that miss some grouping's" +
             (zero > 0 ? " (" + std::to_string(zero) + " of them give 0)" : "");
    }
  }
  return "";
}

// Whether a losing block's count is the whole span of the lemma's powers there, or a part of it, and why.
std::string whole_text(const annihilator_count& c) {
  const std::string inexact =
      c.dimension_only ? "; a counted variety is known by its dimension only (a lower bound)" : "";
  if (!c.left_out.empty()) {
    const std::string names = names_text(c.left_out);
    return (c.left_out.size() == 1
                ? "; a sub-union: grouping " + names + " (order $<= k$) is left out and may add operators"
                : "; a sub-union: groupings " + names + " (order $<= k$) are left out and may add operators") +
           inexact;
  }
  if (c.dimension_only) return inexact;
  if (!c.whole) return "; a sub-union: the time limit (--time-limit) came before the union was counted";
  std::string empty;
  for (int j : c.shown_empty) empty += (empty.empty() ? "" : ", ") + std::to_string(j + 1);
  return "; every grouping of order $<= k$ counted or inside a counted one" +
         (empty.empty() ? std::string() : ", the others shown empty (intersection " + empty + ")");
}

// The losing blocks: a line each (the first 12) and every one in JSON.
step_value losing_blocks_value(const annihilator_analysis& a) {
  step_value blocks{"blocks that lose", !a.losing.empty() ? ""
                                        : a.families.empty()
                                            ? "none proven: no grouping was analysed before the time limit"
                                            : "none: every block with operators has room for them"};
  blocks.data = json::array();
  const std::size_t shown = 12;
  for (std::size_t i = 0; i < a.losing.size(); ++i) {
    const auto& b = a.losing[i];
    if (i < shown)
      blocks.items.push_back("$k = " + std::to_string(b.k) + "$: " + str(b.rows) + " x " + str(b.cols) + ", " +
                             str(b.operators) + " operators (" + count_text(b.count) + whole_text(b.count) +
                             "): rank $<= " + str(b.bound) + "$ (loses " +
                             str((b.rows < b.cols ? b.rows : b.cols) - b.bound) + ")");
    static const char* const methods[] = {"single", "pair", "disjoint-points",
                                          "regular-sequence"};  // by annihilator_union
    json groupings = json::array(), intersections = json::array();
    for (int f : b.count.families) groupings.push_back(f + 1);
    for (int j : b.count.intersections) intersections.push_back(j + 1);
    json shown_empty = json::array();
    for (int j : b.count.shown_empty) shown_empty.push_back(j + 1);
    json left_out = json::array();
    for (int f : b.count.left_out) left_out.push_back(f + 1);
    json bj{{"k", b.k},
            {"rows", exact_json(b.rows)},
            {"cols", exact_json(b.cols)},
            {"operators", exact_json(b.operators)},
            {"bound", exact_json(b.bound)},
            {"union", methods[static_cast<int>(b.count.method)]},
            {"groupings", std::move(groupings)},
            {"intersections", std::move(intersections)},
            {"whole", b.count.whole},
            {"shown_empty", std::move(shown_empty)},
            {"left_out", std::move(left_out)}};
    if (b.count.method == annihilator_union::regular_sequence) {
      // Each term: the generators F set aside (u^T v when linear, quadrics by label), deg F, H_CI(G \ F)(2k - deg F).
      json faces = json::array();
      for (const auto& f : b.count.faces)
        faces.push_back(
            json{{"linear", f.linear}, {"forms", f.forms}, {"shift", f.shift}, {"term", exact_json(f.term)}});
      bj["faces"] = std::move(faces);
    }
    blocks.data.push_back(std::move(bj));
  }
  if (a.losing.size() > shown)
    blocks.items.push_back("... " + std::to_string(a.losing.size() - shown) + " more blocks (JSON lists all)");
  return blocks;
}

// What --time-limit cut short: the groupings analysed, and the blocks counted from single families only.
step_value time_limit_value(const annihilator_analysis& a) {
  return {"stopped by the time limit (--time-limit)",
          "after " + std::to_string(a.families.size()) + " of " + std::to_string(a.groupings_planned) + " groupings" +
              (a.blocks_single_only > 0
                   ? "; " + std::to_string(a.blocks_single_only) + " blocks counted from single families only"
                   : std::string()) +
              ": the counts use only what was proven before it, so the bound above is still an upper bound (a larger "
              "--time-limit may lower it)",
          {},
          json{{"groupings_analysed", a.families.size()},
               {"groupings_planned", a.groupings_planned},
               {"blocks_single_only", a.blocks_single_only}}};
}

// The step's status and Check line: how each kind of variety was settled (each kind once: exact integers, except a
// smoothness shown by a rank mod p), and whether the bound holds for every weight.
void settle_check(const annihilator_analysis& a, derivation_step& st) {
  const bool every_weight = a.every_weight();
  const bool two_methods = a.resultant_points > 0 && !a.families.empty() &&
                           a.families.front().proof == variety_proof::pencil_discriminant &&
                           a.families.front().dimension == 0;
  st.status = two_methods ? S::verified : S::computed;
  // How the varieties were settled, each kind once: exact integers, except a smoothness shown by a rank mod p.
  static const char* const method_text[] = {
      // by variety_proof
      "a count of conditions against dimensions",
      "no quadric condition",
      "a quadric's exact determinant",
      "a pencil's exact discriminant",
      "a Macaulay matrix of full rank mod a prime for smoothness (it has full rank over $Q$ as well: a rank mod p "
      "never exceeds the rank over $Q$)",
      "a dimension count (Krull, Noether normalization)",
      "a Macaulay matrix of full rank mod a prime for emptiness (full rank over $Q$ as well)",
      "a Macaulay matrix of full rank mod a prime on a linear section for the dimension (full rank over $Q$ as well)",
      "a Macaulay matrix of full rank mod a prime on a linear section for smoothness there, hence a radical ideal (full "
      "rank over $Q$ as well)"};
  std::string methods;
  std::vector<bool> said(std::size(method_text));
  std::vector<const annihilator_family*> settled;
  for (const auto& f : a.families) settled.push_back(&f);
  for (const auto& f : a.intersections) settled.push_back(&f);
  for (const auto* f : settled) {
    const auto kind = static_cast<std::size_t>(f->proof);
    if (said.at(kind)) continue;
    said[kind] = true;
    methods += (methods.empty() ? "" : "; ") + std::string(method_text[kind]);
  }
  if (settled.empty()) {
    st.check =
        "the word of these weights in exact integers (the lemma: docs/theory.md, section 14); no variety was settled "
        "before the time limit, so nothing is subtracted from the Gram count";
    return;
  }
  st.check =
      "the word of these weights in exact integers (the lemma: docs/theory.md, section 14); each variety settled by " +
      methods + ". " +
      (every_weight
           ? "Every grouping has as many distinct quadrics as any weight can: distinctness and smoothness" +
                 std::string(a.intersections.empty() ? " are" : ", and the emptiness of an intersection, are") +
                 " open conditions, the Gram rank's maximum is attained on an open dense set, so the bound "
                 "holds for every weight"
           : "Some grouping has fewer distinct quadrics than a generic weight: the bound is proven for these "
             "weights only") +
      (two_methods ? "; the four points are found by two methods (pencil discriminant and resultant)" : "");
}

}  // namespace

derivation_step annihilator_step(const network_config& c, const annihilator_analysis& a, const big_int& gram_count) {
  derivation_step st{
      "Rank-one annihilators below the Gram count (docs/theory.md, section 14)",
      "write row $p$ of $A_L(M)$ as the word $u^T M K_1 M ... M K_C$; if $v$ kills the factors between paired $M$'s "
      "as quadrics ($v^T K_j v = 0$) and $u^T v = 0$ where the first $M$ stands alone, every $P_r(M + t v v^T)$ has "
      "low degree in $t$, so $(v^T d_M v)^k$ annihilates every $P_r$ above it; the points $v$ of $Z$ give "
      "$H_Z(2k)$ independent operators of order $k$, and Gram block $k$ has rank at most $min(rows, cols - H_Z(2k))$; "
      "the groupings of order $<= k$ act on block $k$ together, with $H_Y(2k)$ operators for the union $Y$ of "
      "their varieties, counted here for one family, for two ($H_Z + H_Z' - dim (R/(I + I'))$), for "
      "disjoint point sets (their number, once $2k >= $ it $- 1$), or for every smooth one when $u^T v$ and "
      "their quadrics are one regular sequence $G$ (the sum over the sets $F$ of generators that miss some "
      "grouping's of the complete intersection of $G - F$ at degree $2k - deg F$)",
      {},
      S::computed,
      "",
      "annihilators"};
  if (a.skipped != annihilator_skip::none) {
    st.status = S::skipped;
    st.check = skip_text(a.skipped);
    return st;
  }
  for (std::size_t i = 0; i < a.families.size(); ++i) {
    const auto& f = a.families[i];
    const std::string tag = a.families.size() > 1 ? " " + std::to_string(i + 1) : "";
    st.values.push_back({"grouping" + tag, grouping_text(f.grouping)});
    st.values.push_back(
        {"$Z$" + (tag.empty() ? std::string() : " of grouping" + tag), variety_value(f), {}, family_json(f)});
  }
  // The intersections the unions rest on, named by the two groupings they join (or the one shown empty).
  for (std::size_t j = 0; j < a.intersections.size(); ++j) {
    json fj = family_json(a.intersections[j]);
    fj.erase("order");
    const auto& of = a.intersection_of.at(j);
    const std::string n = " (intersection " + std::to_string(j + 1) + ")";
    st.values.push_back({of.size() == 1 ? "$Z$ of grouping " + names_text(of) + n
                                        : "$Z$ of groupings " + names_text(of) + " together" + n,
                         variety_value(a.intersections[j]),
                         {},
                         std::move(fj)});
  }
  if (a.resultant_points > 0)
    st.values.push_back({"second method (four points in a plane)",
                         "the resultant of the two conics with respect to $z$ has degree 4 and discriminant " +
                             big_text(a.resultant_discriminant) + ": 4 distinct points"});
  st.values.push_back(losing_blocks_value(a));
  st.values.push_back(exact_value("Gram count", gram_count));
  st.values.push_back(exact_value("the Gram count minus the proven annihilators (an upper bound, not the rank)",
                                  gram_count - a.loss,
                                  str(gram_count - a.loss) + " (the Gram count minus " + str(a.loss) + ")"));
  if (a.time_limited) st.values.push_back(time_limit_value(a));
  settle_check(a, st);
  (void)c;
  return st;
}

derivation annihilator_derivation(const network_config& c, const std::string& weights, const annihilator_analysis& a,
                                  const big_int& gram_count) {
  derivation d;
  d.title = "seprank-sym annihilators: L = " + std::to_string(c.L) + ", d_x = " + std::to_string(c.dx) +
            ", H = " + std::to_string(c.H) + ", entry p = " + std::to_string(c.entry);
  d.config =
      json{{"L", c.L}, {"dx", c.dx}, {"H", c.H}, {"entry", c.entry}, {"residual", c.residual}, {"weights", weights}};
  d.steps.push_back(annihilator_step(c, a, gram_count));
  d.results = json::object();
  d.results["gram_count"] = exact_json(gram_count);
  d.results["refined_gram_count"] =
      a.skipped == annihilator_skip::none ? exact_json(big_int(gram_count - a.loss)) : json();
  d.results["annihilator_loss"] = exact_json(a.loss);
  d.results["every_weight"] = a.skipped == annihilator_skip::none ? json(a.every_weight()) : json();
  d.results["complete"] = !a.time_limited;
  d.time_limited = a.time_limited;
  return d;
}

}  // namespace seprank
