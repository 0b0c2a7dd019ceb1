// The grid tensors' costs (docs/theory.md, section 8): which path a grid takes, its evaluations and ranks in
// seconds, its memory, the largest grid within a time and memory limit, and the finite-N side bounds' matrices.
// Calibrated on this project's 2-core development machine (README, Benchmarks).
#pragma once
#include <cstdint>

#include "seprank/model/config.hpp"

namespace seprank {

// The dense relation matrix mod p behind one finite-N side bound (analysis/ranks/minor_relations): at most
// this many entries (160 MB, about 10 s); a larger one is not tried and the block keeps its other bounds.
inline constexpr std::uint64_t side_bound_max_entries = 20000000;

// The largest grid size s = t (a power of two, at most max_points) whose estimated evaluation time
// fits in max_seconds and whose estimated memory (grid_memory_mb) fits in max_memory_mb; below 8 the grid is not
// attempted (4 is returned).
long grid_points_within(const network_config& cfg, long max_points, double max_seconds, int threads = 1,
                        std::uint64_t max_memory_mb = UINT64_MAX);
// MiB a grid of s x s points holds at its largest (graded: the values of C + 1 scalings, 4 bytes each, twice: as the
// bands' results and assembled; then the s x s matrix mod p and FLINT's copy of it), with 16 MiB for the process.
std::uint64_t grid_memory_mb(const network_config& cfg, long s);
// Entries of a finite-N side bound's relation matrix that fit max_memory_mb (8 bytes an entry, and FLINT's copy,
// beside 16 MiB for the process), at most side_bound_max_entries.
std::uint64_t side_bound_entries_within(std::uint64_t max_memory_mb);
// Estimated seconds of the forward passes for `pairs` grid points (graded: C + 1 scalings each).
double grid_evaluation_seconds(const network_config& cfg, double pairs, int threads = 1);
// Estimated seconds of a grid with up to s x s points (graded: per degree block, C + 1 scalings).
double grid_seconds(const network_config& cfg, long s, int threads = 1);
// Whether grid_rank takes the graded path (homogeneous networks with C + 1 <= 255).
bool grid_is_graded(const network_config& cfg);

}  // namespace seprank
