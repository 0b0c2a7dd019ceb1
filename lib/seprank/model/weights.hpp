// The 4LH weight matrices of eq. 3: seeded integer draws, weight files, symbolic weights.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include <ginac/ginac.h>

#include "seprank/model/config.hpp"
#include "seprank/support/matrix.hpp"

namespace seprank {

// One head of one layer: W^Q, W^K, W^V (d_a x d_x) and the output projection W^O
// (d_x x d_a). The paper's text (NeurIPS 2020) prints W^Q where W^O is meant in eqs. 1 and 3.
template <class S>
struct head_weights {
  dense_matrix<S> Q, K, V, O;
};

// All weights: layers[l][h] for layer l+1, head h+1.
template <class S>
struct network_weights {
  std::vector<std::vector<head_weights<S>>> layers;
};

using integer_weights = network_weights<long>;
using symbolic_weights = network_weights<GiNaC::ex>;

inline constexpr long max_weight_magnitude = 1000000000L;  // 1e9, keeps products exact in fmpz anyway

// Draws every weight independently and uniformly from the nonzero integers in
// [-range, range] with the SplitMix64 generator (same output on every platform).
// A polynomial in the weights that is not identically zero vanishes at such a draw with
// probability at most deg / (2 range) (Schwartz-Zippel), so ranks computed for a draw are
// certified lower bounds on the generic rank and equal it unless the draw is unlucky.
integer_weights draw_weights(const network_config& cfg, std::uint64_t seed, long range);

// Weight file format (text): blocks introduced by a header line "WQ l h", "WK l h",
// "WV l h" or "WO l h" (1-based layer and head), followed by the matrix rows, one row per
// line, entries as decimal integers separated by spaces. '#' starts a comment. Every one of
// the 4LH blocks must appear exactly once. Rational weights can be scaled to integers:
// scaling a weight matrix scales the output by a nonzero constant and leaves ranks unchanged.
integer_weights parse_weights(std::istream& in, const network_config& cfg, const std::string& source);
integer_weights read_weight_file(const std::string& path, const network_config& cfg);
std::string format_weights(const integer_weights& w);
// Throws usage_error when w does not have the shapes of eq. 3 for cfg (L layers of H heads; W^Q, W^K, W^V
// d_a x d_x, W^O d_x x d_a) or an entry beyond max_weight_magnitude; `source` names the weights in the message.
void check_weights(const integer_weights& w, const network_config& cfg, const std::string& source);
// The weights a choice names: the seeded draw, the file read and checked, or the given ones checked.
integer_weights obtain_weights(const network_config& cfg, const weight_choice& choice);
// The largest |w| over all weights.
long max_abs_weight(const integer_weights& w);

// Symbolic weights: GiNaC symbols Q{l}{h}_{r}{c} etc. (text) with LaTeX names W^{Q,l,h}_{rc}.
symbolic_weights make_symbolic_weights(const network_config& cfg);
// Integer weights as GiNaC numbers (to substitute into symbolic results).
symbolic_weights to_symbolic(const integer_weights& w);
// The substitution map symbol -> integer, for the symbols of make_symbolic_weights(cfg).
GiNaC::exmap weight_substitution(const symbolic_weights& symbols, const integer_weights& values);

}  // namespace seprank
