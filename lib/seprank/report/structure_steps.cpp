#include "seprank/report/structure_steps.hpp"

#include <algorithm>

#include "seprank/report/format.hpp"

namespace seprank {
namespace {

using S = claim_status;

derivation_step configuration_step(const structure_analysis& a) {
  const auto& c = a.cfg;
  derivation_step s{
      "Configuration (eq. 3: no softmax, ReLU or layer-norm)",
      "$y^{l,i} = sum_j sum_h <W^{Q,l,h} x^{l,i}, W^{K,l,h} x^{l,j}> W^{O,l,h} W^{V,l,h} x^{l,j}" +
          std::string(c.residual ? " + x^{l,i}$ (residual variant)" : "$"),
      {keyed(exact_value("depth $L$", c.L), "L"), keyed(exact_value("width $d_x$", c.dx), "dx"),
       keyed(exact_value("heads $H$", c.H, str(c.H) + " (head size $d_a = d_x/H = " + str(c.head_size()) + "$)"), "H"),
       keyed(exact_value("positions $N$", c.N), "N"),
       keyed({"output", "$y_p$ at position $i = " + str(c.position) + "$, entry $p = " + str(c.entry) + "$"}, "output"),
       keyed({"residual", c.residual ? "yes" : "no", {}, c.residual}, "residual"),
       keyed({"weights", weight_description(a.choice) + "; $" + str(4LL * c.L * c.H) + "$ matrices"}, "weights")},
      S::computed,
      "the parameters as given, validated ($H$ divides $d_x$; $1 <= i <= N$; $1 <= p <= d_x$); the weights as drawn or read"};
  if (a.symbolic)
    s.values.push_back(
        {"symbolic weights", "$W^{Q,l,h}_{rc}$ etc. as GiNaC symbols (the draw above is used for the exact checks)"});
  return s;
}

derivation_step regime_step(const network_config& c, const paper_bounds& b) {
  const big_int dx = c.dx, p = b.three_L;
  const regime r = b.reg;
  const char* cmp = p < dx ? " < " : p > dx ? " > " : " = ";
  return {"Depth threshold and regime (section 4)",
          "$L_th = log_3 d_x$; Theorem 1 assumes $L < L_th$, Theorem 2 assumes $L > L_th$",
          {keyed({"$log_3 d_x$",
                  "$" + display_double(b.threshold) + "$ (6 significant digits, display only)",
                  {},
                  b.threshold},
                 "log3_dx"),
           keyed({"$3^L$ vs $d_x$", "$" + p.str() + cmp + dx.str() + "$"}, "three_L_vs_dx"),
           keyed({"regime", regime_name(r), {}, regime_key(r)}, "regime")},
          S::computed,
          "the regime is decided by the exact integer comparison of $3^L$ with $d_x$"};
}

derivation_step index_count_step(const structure_analysis& a) {
  const network_config& c = a.cfg;
  const long long C = a.C_by_recursion;
  const bool ok = a.C_agrees;
  return {"Summed indices and degree (eq. 4)",
          "$y = sum_{j_1..j_C} g^L(x^i, x^{j_1}, ..., x^{j_C})$ with $C = (3^L - 1)/2$; degree $3^L = 2C + 1$",
          {keyed(exact_value("$C$", summed_index_count(c.L)), "summed_indices"),
           exact_value("degree $3^L$", output_degree(c.L)),
           exact_value("degree in the summed inputs $2C$", 2 * summed_index_count(c.L))},
          status_of_check(ok, S::verified),
          "closed form $(3^L - 1)/2 = " + str(summed_index_count(c.L)) +
              "$ equals the recursion $C_1 = 1$, $C_{l+1} = 3 C_l + 1$ ($" + str(C) +
              "$): each layer adds the new index j and three copies (query, key, value) of the previous indices"};
}

derivation_step expansion_step(const structure_analysis& a) {
  return {"Exact expansion",
          "$y_p$ is a polynomial over $Z$ in the $N d_x = " + str(a.cfg.variable_count()) + "$ input coordinates",
          {exact_value("terms", a.y.term_count()),
           {"monomial space containing $y_p$", "$" + a.size_estimate.terms.str() +
                                                   "$ monomials $x^i_r * prod_j$ (degree $2e_j$ in $x^j$), $sum e_j " +
                                                   (a.cfg.residual ? "<= C$" : "= C$")},
           {"engine", "FLINT fmpz_mpoly, layer by layer ($W^O S_h W^Q x^i$, $S_h = sum_j W^V x^j (W^K x^j)^T$)"}},
          S::computed,
          "exact integer arithmetic; the terms lie in the stated space (checked below through the Gram form)"};
}

derivation_step degree_step(const structure_analysis& a) {
  const auto& d = a.degrees;
  const long long deg = output_degree(a.cfg.L);
  if (d.terms == 0)  // the zero polynomial (e.g. all-zero weights): homogeneous of every degree, nothing failed
    return {
        "Homogeneity",
        "$y_p$ is homogeneous of total degree $3^L = " + str(deg) + "$",
        {{"degrees found",
          "none: $y_p = 0$ for these weights (the zero polynomial, homogeneous of every degree; every rank below is 0)"}},
        S::computed,
        "the expansion has no term"};
  if (!a.cfg.residual)
    return {"Homogeneity",
            "$y_p$ is homogeneous of total degree $3^L = " + str(deg) + "$",
            {{"degrees found",
              d.terms ? str(d.min_degree) + (d.min_degree == d.max_degree ? "" : " .. " + str(d.max_degree))
                      : "none ($y_p = 0$)",
              {},
              d.terms && d.min_degree == d.max_degree ? exact_json(d.min_degree) : json()}},
            status_of_check(a.degrees_hold, S::verified),
            "the degree of every one of the " + str(d.terms) + " terms was computed"};
  return {
      "Degrees with the residual connection",
      "all degrees are odd and at most $3^L$; the degree-$3^L$ part is the output of the network without residual",
      {{"degrees found",
        str(d.min_degree) + " .. " + str(d.max_degree) + (d.all_odd ? " (all odd)" : " (not all odd)")}},
      status_of_check(a.degrees_hold, S::verified),
      "every term's degree computed; the top-degree part compared exactly with a separate expansion of the plain network"};
}

derivation_step forward_pass_step(const structure_analysis& a) {
  const auto& p = a.points;
  return {"Cross-check against the literal forward pass",
          "the expansion equals eq. 3 evaluated literally (double sum over $j$ and $h$, no reassociation)",
          {{"points", str(p.points) + " integer points, coordinates uniform in $[-" + str(p.magnitude) + ", " +
                          str(p.magnitude) + "]$"},
           {"agreement", p.agree ? "all points" : "NO"}},
          status_of_check(p.agree, S::probabilistic),
          p.agree ? "a nonzero difference of degree $<= 3^L$ vanishes at all points with probability $<= (3^L/(2*" +
                        str(p.magnitude) + "+1))^" + str(p.points) + " < " + display_double(p.error_bound, 2) +
                        "$ (Schwartz-Zippel)"
                  : "the literal forward pass and the expansion differ at a point"};
}

derivation_step index_structure_step(const structure_analysis& a) {
  const auto& e = a.eq4;
  derivation_step s{"Index structure (eq. 4)",
                    "$g^L$ has degree 1 in $x^i$ and exactly 2 in each of its $C = " + str(e.C) +
                        "$ summation vectors, and $y$ = the sum over $[N]^C$ of $g^L$",
                    {},
                    S::skipped,
                    e.skipped == index_structure_skip::residual
                        ? "eq. 4 is stated for the network without residual connections"
                        : "$g^L$ may have up to $d_x*binom(d_x+1,2)^C$ terms, more than the limit " +
                              str(static_cast<long long>(e.max_g_terms)) + " (raise with --max-g-terms)"};
  if (!e.performed) return s;
  s.values = {
      exact_value("terms of $g^L$ (entry $p$)", e.g_terms),
      {"degree pattern $(1, 2, ..., 2)$", e.degree_pattern ? "holds for every term" : "VIOLATED"},
      {"sum over all $N^C$ assignments", e.sum_reproduces_output ? "equals $y_p$ exactly" : "DIFFERS from $y_p$"}};
  s.status = status_of_check(e.degree_pattern && e.sum_reproduces_output, S::verified);
  s.check =
      "$g^L$ built recursively ($g^{l+1} = G(g^l(u, Z_1), g^l(z, Z_2), g^l(z, Z_3))$) and its block degrees computed per term; "
      "the sum over all $" +
      str(a.cfg.N) + "^" + str(e.C) +
      "$ index assignments taken index by index ($g^L$ is quadratic in each "
      "summation vector $u$, so summing over $j$ maps $u_a u_b$ to $sum_j x^j_a x^j_b$), expanded and compared exactly with $y_p$";
  return s;
}

derivation_step skipped_expansion_step(const structure_analysis& a) {
  return {
      "Exact expansion and its checks (homogeneity, forward pass, eq. 4, Gram form vs expansion)",
      "$y_p$ as a polynomial over $Z$ in the $N d_x = " + str(a.cfg.variable_count()) + "$ input coordinates",
      {},
      S::skipped,
      a.expansion_refused.cli() +
          "; the Gram form is checked by evaluation instead, and the rank steps use the Gram form and grid tensors, which need no expansion"};
}

derivation_step gram_step(const structure_analysis& a) {
  const long terms = a.gram_size.terms;
  const int max_deg = a.gram_size.degree;
  const int D = gram_entry_count(a.cfg.dx);
  derivation_step st{
      "Gram form (docs/theory.md, section 3)",
      "$y^{L,i} = A_L(M) x^i$ with $M = sum_j x^j x^j^T$, $A_0 = I$, $A_{l+1} = sum_h W^O W^V (A_l M A_l^T) W^{K T} W^Q A_l" +
          std::string(a.cfg.residual ? " + A_l$" : "$"),
      {keyed(exact_value("entries of $M$ ($D = d_x(d_x+1)/2$)", D), "gram_entries"),
       {"row $p$ of $A_L(M)$", str(terms) + " terms in total, degree " + str(max_deg) +
                                   " in the entries of $M$ ($C = " + str(summed_index_count(a.cfg.L)) + "$)"}},
      S::verified,
      "",
      "gram-form"};
  const auto& g = a.gram_points;
  if (a.expanded()) {
    st.values.push_back({"$(A_L(M) x^i)_p$ vs the expansion", a.gram_matches ? "equal" : "DIFFERENT"});
    st.status = status_of_check(a.gram_matches, S::verified);
    st.check =
        "$A_L$ computed over $Z[M]$ by the recursion, $M = sum_j x^j x^j^T$ substituted, expanded and compared "
        "term by term with the layer-by-layer expansion";
  } else if (g.performed) {
    st.values.push_back(
        {"$(A_L(M) x^i)_p$ vs the forward pass",
         g.agree ? "equal at " + str(g.points) + " random points $mod p = " + str(static_cast<long long>(g.prime)) + "$"
                 : "DIFFERENT at a random point $mod p$"});
    st.status = status_of_check(g.agree, S::probabilistic);
    st.check =
        g.agree
            ? "no expansion (refused by its estimate): $A_L$ computed over $Z[M]$ by the recursion; at " +
                  str(g.points) +
                  " points of $(Z/p)^(N d_x)$ drawn at random, the forward pass of eq. 3 over $Z/p$ (layer by layer, "
                  "every position) equals $sum_r A_L(M)[p][r] x^i_r$ with $M = sum_j x^j x^j^T mod p$. A false identity "
                  "passes with probability $<= (3^L/p)^" +
                  str(g.points) +
                  "$ + P($p$ divides every coefficient of the "
                  "difference) $< " +
                  display_double(g.error_bound, 2) + "$ (Schwartz-Zippel; docs/theory.md, section 3)"
            : "the forward pass and the Gram form differ at a point $mod p$: the Gram form is wrong";
  } else {
    st.status = S::computed;
    st.check = "$A_L$ computed over $Z[M]$ by the recursion (exact); the identity was not checked";
  }
  return st;
}

derivation_step symbolic_step(const structure_analysis& a) {
  const auto& s = *a.symbolic;
  return {
      "Symbolic weights (GiNaC)",
      "with every weight a symbol, $y_p = (A_L(M) x^i)_p$ holds identically, and substituting the seeded draw gives the expansion above",
      {exact_value("terms (in inputs and weights)", s.y.term_count()),
       exact_value("distinct input monomials", s.x_monomials),
       {"symbolic Gram identity", s.gram_identity ? "expands to 0" : "DOES NOT expand to 0"},
       {"draw substituted vs FLINT expansion", s.matches_draw ? "equal" : "DIFFERENT"}},
      status_of_check(s.gram_identity && s.matches_draw, S::verified),
      "GiNaC expansion of the literal forward pass with symbolic weights; the difference with the symbolic Gram form expanded to 0"};
}

}  // namespace

std::string gram_form_citation(const structure_analysis& a) {
  const auto& g = a.gram_points;
  if (a.expanded())
    return a.gram_matches ? "checked exactly against the expansion (step gram-form)"
                          : "which FAILED its check (step gram-form)";
  if (g.performed)
    return g.agree ? "checked at " + str(g.points) +
                         " random points $mod p$, error $<= " + display_double(g.error_bound, 2) + "$ (step gram-form)"
                   : "which FAILED its check (step gram-form)";
  return "proven in docs/theory.md, section 3, not checked here (step gram-form)";
}

std::vector<derivation_step> structure_steps(const structure_analysis& a, const paper_bounds& b) {
  std::vector<derivation_step> steps{identified(configuration_step(a), "configuration"),
                                     identified(regime_step(a.cfg, b), "regime"),
                                     identified(index_count_step(a), "summed-indices")};
  if (a.expanded()) {
    steps.push_back(identified(expansion_step(a), "expansion"));
    steps.push_back(identified(degree_step(a), "homogeneity"));
    steps.push_back(identified(forward_pass_step(a), "forward-pass"));
    steps.push_back(identified(index_structure_step(a), "index-structure"));
  } else {
    steps.push_back(identified(skipped_expansion_step(a), "expansion"));
  }
  steps.push_back(gram_step(a));
  if (a.symbolic) steps.push_back(identified(symbolic_step(a), "symbolic-weights"));
  return steps;
}

std::vector<appendix_block> polynomial_appendix(const structure_analysis& a, const report_options& opt) {
  std::vector<appendix_block> out;
  if (!opt.print_polynomial || !a.expanded()) return out;
  const std::string order = "terms in lexicographic order of the variables x1_1 > x1_2 > ... > x" + str(a.cfg.N) + "_" +
                            str(a.cfg.dx) + "; x{j}_{r} is entry r of the input at position j";
  // A typeset form only up to 400 terms (breqn sets one display; larger ones stay verbatim).
  out.push_back({"Polynomial $y_p$ (" + str(a.y.term_count()) + " terms; " + order + "):", polynomial_text(a.y),
                 a.y.term_count() <= 400 ? "y_p = " + polynomial_latex(a.y) : ""});
  if (a.symbolic)
    out.push_back({"Polynomial y_p with symbolic weights (" + str(a.symbolic->y.term_count()) +
                       " terms, grouped by input monomial):",
                   polynomial_text(a.symbolic->y, a.cfg.variable_count()), ""});
  return out;
}

json configuration_json(const structure_analysis& a) {
  const auto& c = a.cfg;
  return json{{"L", c.L},
              {"dx", c.dx},
              {"H", c.H},
              {"N", c.N},
              {"position", c.position},
              {"entry", c.entry},
              {"residual", c.residual},
              {"weights", weight_description(a.choice)}};
}

derivation structure_derivation(const structure_analysis& a, const paper_bounds& b, const report_options& opt) {
  derivation d;
  d.title = "seprank-sym: structure of the analysed self-attention network (Levine et al., NeurIPS 2020, eqs. 3-4)";
  d.config = configuration_json(a);
  d.steps = structure_steps(a, b);
  d.appendix = polynomial_appendix(a, opt);
  if (a.expanded()) d.results["terms"] = exact_json(a.y.term_count());
  return d;
}

}  // namespace seprank
