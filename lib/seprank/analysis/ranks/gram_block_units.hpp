// The Gram rank's blocks as units of work (docs/theory.md, section 7; README, Benchmarks): the graded layout of block
// k (degree k in M_B) with its size from its one home (analysis/paper/gram_count), how it is ranked, and the
// estimated time and memory of that rank, known before it starts: what the store, MPI, `plan` and the guards read.
#pragma once
#include <cstdint>
#include <vector>

#include "seprank/analysis/paper/gram_count.hpp"
#include "seprank/model/config.hpp"
#include "seprank/model/monomial_index.hpp"

namespace seprank {

// The homogeneous network's blocks: D = d_x(d_x + 1)/2 entries of M, degree C in them, the monomials of degree C
// indexed (monomial_index throws std::overflow_error beyond 2^62 of them).
struct graded_layout {
  int D, C;
  monomial_index index;
  graded_layout(const network_config& c)
      : D(gram_entry_count(c.dx)), C(static_cast<int>(summed_index_count(c.L))), index(D, C) {}
  // The block's size from its one home (analysis/paper/gram_count), for the homogeneous network whose coefficient
  // table this layout indexes (d_x and C; never the residual variant's sizes).
  long rows(const network_config& c, int k) const { return size(c, k).rows.convert_to<long>(); }
  long cols(const network_config& c, int k) const { return size(c, k).cols.convert_to<long>(); }
  gram_block_size size(const network_config& c, int k) const {
    return gram_block_size_of(big_int(c.dx), big_int(C), static_cast<unsigned>(k));
  }
};

// One Gram block as a unit of work (graded path): its size, the dense part ranked mod p (after sampling: a block
// with one side much longer is ranked on a random subset of that side of size min(rows, cols) + 16; above 1500 on
// its short side it starts mod a prime below 2^26), and the estimated time and memory of that rank with `threads`
// threads. The coefficient table every unit reads is gram_table_bytes (analysis/estimates).
struct gram_block_unit {
  int k = 0;
  long rows = 0, cols = 0;
  long ranked_rows = 0, ranked_cols = 0;
  bool small_prime = false;
  double seconds = 0;
  std::uint64_t memory_mb = 0;
};
// Block k of `rows` x `cols` with D entries of M, ranked with `threads` threads.
gram_block_unit gram_block_unit_of(int k, long rows, long cols, int D, int threads);
// Every block of the homogeneous network `cfg`; empty when the blocks are beyond 2^62 monomials.
std::vector<gram_block_unit> gram_block_units(const network_config& cfg, int threads);

// Size and time of the graded Gram rank, estimated block by block before it starts.
struct gram_rank_estimate {
  double seconds = 0;                       // model calibrated on the 2-core development machine (README, Benchmarks)
  std::uint64_t memory_mb = 0;              // the largest dense block mod p plus the coefficient table
  long largest_rows = 0, largest_cols = 0;  // the largest dense block ranked (after sampling)
};
gram_rank_estimate estimate_gram_rank(const network_config& cfg, int threads);

}  // namespace seprank
