// Peer benchmark jobs on one configuration, with the same seeded weights as seprank-sym:
//   peer_expand flint|ginac L dx H N     expand y_1 and print "terms <n> checksum <c> seconds <t>"
//   peer_expand rank-flint|rank-ginac L dx H N   rank of the largest block of the coefficient matrix
// checksum = y_1 evaluated at x_v = v + 2 (v = 0..N dx - 1) modulo 2^61 - 1: the same value for every
// correct expansion, whatever its term order. GiNaC: the literal forward pass of eq. 3 over GiNaC::ex, then
// expand() (the way a GiNaC script would do it); rank: GiNaC matrix::rank.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>

#include "seprank/engine/network.hpp"
#include "seprank/analysis/ranks/certified_rank.hpp"
#include "seprank/engine/linalg.hpp"

using namespace seprank;

namespace {

const mpz_class modulus("2305843009213693951");  // 2^61 - 1

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

mpz_class checksum_flint(const polynomial& y) {
  std::vector<mpz_class> point;
  for (int v = 0; v < y.ring()->variable_count(); ++v) point.push_back(v + 2);
  mpz_class c = y.evaluate(point) % modulus;
  return c < 0 ? c + modulus : c;
}

int expand(bool ginac, const network_config& c, const integer_weights& w) {
  const auto ring = make_input_ring(c);
  const double t0 = now();
  if (!ginac) {
    const polynomial y = expand_output(c, w, ring);
    const double t = now() - t0;
    std::printf("terms %ld checksum %s seconds %.4f\n", y.term_count(), checksum_flint(y).get_str().c_str(), t);
    return 0;
  }
  std::vector<std::vector<GiNaC::ex>> x(c.N);
  for (int j = 1; j <= c.N; ++j)
    for (int r = 1; r <= c.dx; ++r) x[j - 1].push_back(ring->symbol(c.variable(j, r)));
  const GiNaC::ex y = GiNaC::expand(forward_output<GiNaC::ex, GiNaC::ex>(c, to_symbolic(w), x));
  const double t = now() - t0;
  GiNaC::exmap point;
  for (int v = 0; v < ring->variable_count(); ++v) point[ring->symbol(v)] = v + 2;
  const GiNaC::numeric value = GiNaC::ex_to<GiNaC::numeric>(y.subs(point));
  const GiNaC::numeric m = GiNaC::mod(value, GiNaC::numeric(modulus.get_str().c_str()));
  std::ostringstream digits;
  digits << m;
  std::printf("terms %zu checksum %s seconds %.4f\n", GiNaC::is_a<GiNaC::add>(y) ? y.nops() : 1, digits.str().c_str(),
              t);
  return 0;
}

int rank(bool ginac, const network_config& c, const integer_weights& w) {
  const auto ring = make_input_ring(c);
  const auto m = coefficient_matrix_of(expand_output(c, w, ring), partition_mask(c, default_partition(c)));
  const coefficient_block* big = &m.blocks[0];
  for (const auto& b : m.blocks)
    if (std::min(b.matrix.rows, b.matrix.cols) > std::min(big->matrix.rows, big->matrix.cols)) big = &b;
  const double t0 = now();
  long r = 0;
  if (ginac) {
    GiNaC::matrix g(big->matrix.rows, big->matrix.cols);
    for (const auto& e : big->matrix.entries) g(e.row, e.col) = GiNaC::numeric(e.value.get_str().c_str());
    r = static_cast<long>(g.rank());
  } else {
    r = exact_rank(big->matrix);
  }
  std::printf("rank %ld block %ldx%ld seconds %.4f\n", r, big->matrix.rows, big->matrix.cols, now() - t0);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: peer_expand weights|flint|ginac|rank-flint|rank-ginac L dx H N\n");
    return 2;
  }
  network_config c;
  c.L = std::atoi(argv[2]), c.dx = std::atoi(argv[3]), c.H = std::atoi(argv[4]), c.N = std::atoi(argv[5]);
  validate(c);
  set_engine_threads(default_engine_threads());
  const auto w = draw_weights(c, default_seed, default_weight_range);
  const std::string mode = argv[1];
  if (mode == "weights") return std::cout << format_weights(w), 0;
  if (mode == "flint" || mode == "ginac") return expand(mode == "ginac", c, w);
  if (mode == "rank-flint" || mode == "rank-ginac") return rank(mode == "rank-ginac", c, w);
  std::fprintf(stderr, "unknown mode %s\n", argv[1]);
  return 2;
}
