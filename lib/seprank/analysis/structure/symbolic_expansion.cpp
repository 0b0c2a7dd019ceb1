#include "seprank/analysis/structure/symbolic_expansion.hpp"

#include <algorithm>

#include "seprank/analysis/estimates.hpp"
#include "seprank/analysis/structure/gram_form.hpp"
#include "seprank/engine/network.hpp"
#include "seprank/support/errors.hpp"

namespace seprank {

symbolic_expansion expand_symbolically(const network_config& c, const integer_weights& draw, const polynomial& y_draw,
                                       const resource_limits& lim) {
  const std::uint64_t bound = symbolic_term_bound(c, lim.max_symbolic_terms);
  if (bound > lim.max_symbolic_terms)
    throw resource_error("symbolic weights: the expansion for L = " + std::to_string(c.L) + ", dx = " +
                         std::to_string(c.dx) + ", H = " + std::to_string(c.H) + ", N = " + std::to_string(c.N) +
                         " may have more than " + std::to_string(lim.max_symbolic_terms) +
                         " terms; symbolic weights are supported for L = 1 (bound H*da^2*dx^3*N^2 terms) and for dx = 1"
                         " (raise with " +
                         flag("max-symbolic-terms") + ")");
  const symbolic_weights sw = make_symbolic_weights(c);
  const ring_ptr in = y_draw.ring();
  const GiNaC::ex y_sym = symbolic_output(c, sw, in);

  std::vector<GiNaC::symbol> symbols;
  for (int v = 0; v < in->variable_count(); ++v) symbols.push_back(in->symbol(v));
  for (const auto& layer : sw.layers)
    for (const auto& h : layer)
      for (const auto* m : {&h.Q, &h.K, &h.V, &h.O})
        for (const auto& e : m->data()) symbols.push_back(GiNaC::ex_to<GiNaC::symbol>(e));

  symbolic_expansion s;
  s.ring = std::make_shared<const polynomial_ring>(symbols);
  s.y = from_ginac(y_sym, s.ring);
  for (long t = 0; t < s.y.term_count(); ++t) {
    const auto e = s.y.exponents(t), prev = t ? s.y.exponents(t - 1) : e;
    if (t == 0 || !std::equal(e.begin(), e.begin() + in->variable_count(), prev.begin())) ++s.x_monomials;
  }
  s.gram_identity = check_symbolic_gram_identity(c, sw, in, y_sym);
  s.matches_draw = from_ginac(y_sym.subs(weight_substitution(sw, draw)), in) == y_draw;
  return s;
}

}  // namespace seprank
