// The separation-rank steps of a derivation (docs/theory.md, sections 5-8): partition, coefficient
// matrix, certified rank, kernel, grid-tensor rank, Gram rank and its stabilization, other weight
// draws, Proposition 1.
#pragma once
#include <cstdint>
#include <string>

#include "seprank/analysis/ranks/grid_certificate.hpp"
#include "seprank/analysis/ranks/rank_analysis.hpp"
#include "seprank/analysis/structure/structure_analysis.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

// The certificate of the lower bound on sep (with --certificate).
derivation_step certificate_step(const rank_analysis& r, const grid_certificate& g, const std::string& dir);

// The partition, which defines M_A and M_B for the steps after it.
derivation_step partition_step(const structure_analysis& s, const rank_analysis& r);

// The rank steps in the order they are used: Gram rank, coefficient matrix, certified rank (checked
// against the Gram count), kernel, grid tensors, stabilization, other draws and partitions.
// Stages the run's time limit stopped are reported skipped, and the derivation marked time_limited.
// sep_within_gram_count: the theorem floor's check (theorem_analysis), FAILED when false.
void append_rank_steps(derivation& d, const structure_analysis& s, const rank_analysis& r, const big_int& gram_count,
                       bool sep_within_gram_count);

// "exact (certified: ...)" or "lower bound ... probability" text for a rank result.
std::string rank_summary(const rank_result& r);
// What certifies sep without the expansion: the grid's blocks meeting their bounds, the grid meeting the
// Gram rank, a bracket, or a lower bound only.
std::string bracket_certificate(const rank_analysis& r);

}  // namespace seprank
