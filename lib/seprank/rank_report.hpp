// The separation-rank steps of a report: partition, coefficient matrix, certified rank, kernel,
// grid-tensor rank, Gram rank and its stabilization, other weight draws, Proposition 1.
#pragma once
#include "seprank/analysis.hpp"
#include "seprank/derivation.hpp"
#include "seprank/rank_analysis.hpp"

namespace seprank {

void append_rank_steps(derivation& d, const structure_analysis& s, const rank_analysis& r);

// "exact, certified (...)" or "lower bound ... probability" text for a rank result.
std::string rank_summary(const rank_result& r);

}  // namespace seprank
