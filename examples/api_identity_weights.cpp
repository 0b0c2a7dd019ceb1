// Teaching example: one layer, d_x = 2, identity weights, N = 2 positions.
// By hand: y_1 = <x^1, x^1> x^1_1 + <x^1, x^2> x^2_1 = a1^3 + a1 a2^2 + a1 b1^2 + a2 b1 b2
// (a = x^1, b = x^2), and the Gram form is A_1(M) = M, so y^1 = M x^1.
#include <iostream>

#include "seprank/engine/network.hpp"
#include "seprank/report/format.hpp"
#include "seprank/analysis/structure/gram_form.hpp"

int main() {
  seprank::network_config c;
  c.L = 1, c.dx = 2, c.H = 1, c.N = 2;
  seprank::integer_weights w;
  seprank::dense_matrix<long> I(2, 2);
  I(0, 0) = I(1, 1) = 1;
  w.layers = {{{I, I, I, I}}};
  const auto ring = seprank::make_input_ring(c);
  const auto y = seprank::expand_output(c, w, ring);
  std::cout << "y_1 (" << y.term_count() << " terms):\n" << seprank::polynomial_text(y);
  const auto g = seprank::gram_form_of(c, w);
  std::cout << "row 1 of A_1(M):\n" << seprank::polynomial_text(g.row[0]) << seprank::polynomial_text(g.row[1]);
  std::cout << "(A_1(M) x^1)_1 equals y_1: " << (seprank::gram_form_in_inputs(c, g, ring) == y ? "yes" : "no") << "\n";
}
