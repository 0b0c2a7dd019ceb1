#include <doctest/doctest.h>

#include "helpers.hpp"
#include "seprank/engine/network.hpp"
#include "seprank/analysis/structure/gram_form.hpp"
#include "seprank/analysis/estimates.hpp"
#include "seprank/analysis/structure/index_structure.hpp"
#include "seprank/analysis/structure/psi_span.hpp"

using namespace seprank;
using seprank::testing::weights_from;
using testing::config;

TEST_CASE("Gram variables m_ab enumerate the upper triangle") {
  CHECK(gram_variable(3, 1, 1) == 0);
  CHECK(gram_variable(3, 1, 3) == 2);
  CHECK(gram_variable(3, 2, 2) == 3);
  CHECK(gram_variable(3, 3, 2) == 4);
  CHECK(gram_variable(3, 3, 3) == 5);
  CHECK(make_gram_ring(4)->variable_count() == 10);
}

TEST_CASE("Gram form by hand, L = 1, dx = 1: A_1(M) = qkvo m") {
  const auto c = config(1, 1, 1, 2);
  const auto g = gram_form_of(c, weights_from(c, {{2}, {3}, {5}, {7}}));
  CHECK(g.row[0] == polynomial::parse(g.ring, "210*m1_1"));
}

TEST_CASE("Gram form by hand, L = 1, identity weights: A_1(M) = M") {
  const auto c = config(1, 2, 1, 3);
  const auto g = gram_form_of(c, weights_from(c, {{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}}));
  CHECK(g.row[0] == polynomial::parse(g.ring, "m1_1"));
  CHECK(g.row[1] == polynomial::parse(g.ring, "m1_2"));
}

TEST_CASE("Gram form reproduces the expansion (plain, residual, several heads)") {
  for (const auto& c : {config(1, 3, 1, 3), config(2, 2, 1, 3), config(2, 4, 2, 2), config(2, 2, 2, 3, true),
                        config(3, 1, 1, 3, true), config(2, 3, 3, 2)}) {
    const auto ring = make_input_ring(c);
    const auto w = draw_weights(c, 4, 9);
    const auto g = gram_form_of(c, w);
    CHECK(gram_form_in_inputs(c, g, ring) == expand_output(c, w, ring));
    // A_L has degree C in the entries of M (exactly C without the residual connection).
    int deg = -1;
    for (const auto& p : g.row) deg = std::max(deg, p.total_degree());
    CHECK(deg == summed_index_count(c.L));
  }
}

TEST_CASE("a wrong Gram form is detected") {
  const auto c = config(2, 2, 1, 2);
  const auto ring = make_input_ring(c);
  const auto w = draw_weights(c, 4, 9);
  auto g = gram_form_of(c, w);
  g.row[1] += polynomial::variable(g.ring, 0);
  CHECK(gram_form_in_inputs(c, g, ring) != expand_output(c, w, ring));
}

TEST_CASE("symbolic Gram identity, L = 1, dx = 2 (H = 1, 2), all weights symbolic") {
  for (int H : {1, 2}) {
    const auto c = config(1, 2, H, 2);
    const auto ring = make_input_ring(c);
    const auto sw = make_symbolic_weights(c);
    const GiNaC::ex y = symbolic_output(c, sw, ring);
    CHECK(check_symbolic_gram_identity(c, sw, ring, y));
    CHECK_FALSE(check_symbolic_gram_identity(c, sw, ring, y + ring->symbol(0)));
  }
}

TEST_CASE("eq. 4: degree pattern and the sum over [N]^C") {
  for (const auto& c :
       {config(1, 2, 1, 2), config(2, 2, 1, 3), config(2, 2, 2, 2), config(3, 1, 1, 2), config(2, 3, 1, 2)}) {
    const auto ring = make_input_ring(c);
    const auto w = draw_weights(c, 9, 9);
    const auto y = expand_output(c, w, ring);
    const auto r = check_index_structure(c, w, y, 1000000);
    CHECK(r.performed);
    CHECK(r.C == summed_index_count(c.L));
    CHECK(r.degree_pattern);
    CHECK(r.sum_reproduces_output);
    // Against a different polynomial the sum must not match.
    CHECK_FALSE(check_index_structure(c, w, y + polynomial::variable(ring, 0), 1000000).sum_reproduces_output);
  }
}

TEST_CASE("eq. 4 for L = 1, dx = 1 by hand: g^1(u, v) = qkvo u v^2") {
  // g^1 has one term, and sum_j g^1(x^1, x^j) = qkvo x1 (x1^2 + x2^2).
  const auto c = config(1, 1, 1, 2);
  const auto ring = make_input_ring(c);
  const auto w = weights_from(c, {{2}, {3}, {5}, {7}});
  const auto r = check_index_structure(c, w, expand_output(c, w, ring), 100);
  CHECK(r.g_terms == 1);
  CHECK(r.sum_reproduces_output);
}

TEST_CASE("eq. 4 is skipped with a reason for residual networks and large g^L") {
  const auto rc = config(1, 1, 1, 2, true);
  const auto rring = make_input_ring(rc);
  const auto rw = draw_weights(rc, 1, 9);
  const auto r = check_index_structure(rc, rw, expand_output(rc, rw, rring), 100);
  CHECK_FALSE(r.performed);
  CHECK(r.skipped == index_structure_skip::residual);
  // dx*binom(dx+1,2)^C for L = 2, dx = 4: 4 * 10^4 = 40000 terms.
  const auto c = config(2, 4, 1, 2);
  CHECK(index_structure_term_bound(c, 1000000) == 40000);
  const auto w = draw_weights(c, 1, 9);
  const auto big = check_index_structure(c, w, polynomial(make_input_ring(c)), 39999);
  CHECK_FALSE(big.performed);
  CHECK(big.skipped == index_structure_skip::too_many_terms);
  CHECK(big.max_g_terms == 39999);
}

TEST_CASE("degree summary and homogeneous parts") {
  const auto R = std::make_shared<const polynomial_ring>(std::vector<std::string>{"x", "y"});
  const auto p = polynomial::parse(R, "x + x^2*y + y^3 + 4*x^5");
  const auto s = degree_summary_of(p);
  CHECK(s.terms == 4);
  CHECK(s.min_degree == 1);
  CHECK(s.max_degree == 5);
  CHECK(s.all_odd);
  CHECK(homogeneous_part(p, 3) == polynomial::parse(R, "x^2*y + y^3"));
  CHECK(homogeneous_part(p, 2).is_zero());
}

TEST_CASE("analyse_psi_span, planted: L = 1 with identity weights, A_1(M) = M") {
  // d_x = 2, identity weights (W^Q = W^K = W^V = W^O = I): y_1 = (M x^i)_1 = m_11 x^i_1 + m_12 x^i_2. By hand:
  // D = 3, C = 1, dim V = d_x mc(3, 1) = 6; the used coordinates are (r = 1, m_11) and (r = 2, m_12), two
  // monomials gamma of degree 1, each of element rank prod (gamma_v + 1) = 2, so the paper's route gives 4;
  // the Gram count is min(2 mc(3, 1), mc(3, 0)) + min(2 mc(3, 0), mc(3, 1)) = 1 + 2 = 3; binom(D + C, C) = 4.
  const auto c = config(1, 2, 1, 2);
  const auto w = weights_from(c, {{1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}, {1, 0, 0, 1}});
  structure_analysis s;
  s.cfg = c;
  s.weights = w;
  s.gram = gram_form_of(c, w);
  const auto f = analyse_psi_span(s, 1, 60, 10, 10);
  CHECK(f.D == 3);
  CHECK(f.C == 1);
  CHECK(f.dim_formula == 6);
  CHECK(f.enumerated);
  CHECK(f.dim_enumerated == 6);
  CHECK(f.used_coordinates == 2);
  CHECK(f.used_gammas == 2);
  CHECK(f.element_rank_min == 2);
  CHECK(f.element_rank_max == 2);
  CHECK(f.element_rank_sum == 4);
  CHECK(f.gram_count == 3);
  CHECK(f.binom_bound == 4);
  CHECK(f.checked_gammas.size() == 2);  // both used monomials drawn for the independent check
}
