// The separation-rank steps of a derivation (docs/theory.md, sections 5-8): partition, coefficient
// matrix, certified rank, kernel, grid-tensor rank, Gram rank and its stabilization, other weight
// draws, Proposition 1.
#pragma once
#include <cstdint>
#include <string>

#include "seprank/analysis/rank_analysis.hpp"
#include "seprank/analysis/structure_analysis.hpp"
#include "seprank/report/derivation.hpp"

namespace seprank {

void append_rank_steps(derivation& d, const structure_analysis& s, const rank_analysis& r);

// "exact (certified: ...)" or "lower bound ... probability" text for a rank result.
std::string rank_summary(const rank_result& r);

}  // namespace seprank
