// The groupings of the word's M's (docs/theory.md, section 14): which factors a rank-one direction v must make
// isotropic for the lemma to lower the degree in t of P_r(M + t v v^T).
#pragma once
#include <vector>

namespace seprank {

// A grouping of the C M's: pairs (M K_j M) at non-adjacent positions j, the other M's alone (section 14). With
// v^T K_j v = 0 at every paired j, and u^T v = 0 when `linear` (then the first M is alone), P_r(M + t v v^T) has
// degree <= t_degree = C - pairs - [linear] in t: a pair and a single M add 1 each, the first M with u^T v = 0
// adds 0. Its variety depends only on the labels it pairs (`forms`) and `linear`.
struct annihilator_grouping {
  bool linear = false;         // the first M stands alone: u^T v = 0
  std::vector<int> positions;  // j with v^T K_j v = 0: the factors between paired M's
  int t_degree = 0;            // P_r(M + t v v^T) has degree <= t_degree in t
  std::vector<int> forms;      // the labels at those positions (sorted, distinct)
  int most_quadrics = 0;       // distinct forms the positions can carry for any weight: forms.size()
  unsigned order() const { return static_cast<unsigned>(t_degree) + 1; }
};
// Every grouping that is not dominated: for each set of labels S and each choice of the linear condition, the
// most pairs at positions labelled in S (position 1 excluded when linear; the leftmost choice on each run of
// allowed positions is a largest set of non-adjacent ones); a grouping is dropped when another has a subset
// of its labels, no linear condition it lacks, and an order no higher (its variety contains this one's and
// its operators start no later). Sorted by order, then without the linear condition first, then by labels.
std::vector<annihilator_grouping> annihilator_groupings(const std::vector<int>& forms);
std::vector<annihilator_grouping> annihilator_groupings(int L);

// Two families' varieties together (Z_g and Z_h): the union of their labels, u^T v = 0 when either has it.
annihilator_grouping joined_grouping(const annihilator_grouping& a, const annihilator_grouping& b);
// Z_g contains Z_h for every weight: g's conditions are among h's (its labels a subset, u^T v = 0 only if h asks it).
bool grouping_contains(const annihilator_grouping& g, const annihilator_grouping& h);

}  // namespace seprank
