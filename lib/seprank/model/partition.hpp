// Partitions (A, B) of the positions [N] (paper, section 3): parsing, validation, balanced
// enumeration.
#pragma once
#include <string>
#include <vector>

#include "seprank/model/config.hpp"

namespace seprank {

struct partition {
  std::vector<int> A, B;  // 1-based positions, sorted
  bool balanced() const { return A.size() == B.size(); }
  bool in_A(int position) const;
  std::string str() const;  // "A = {1,2} | B = {3,4}"
};

// A = {1..N/2} (rounded down), B = the rest; the output position i is moved into A when needed
// (swapping it with the largest element of A) so that i is always on the A side.
partition default_partition(const network_config& cfg);

// Parses "1,3|2,4": the positions of A, '|', the positions of B. Throws usage_error unless the
// two sets are non-empty, disjoint and cover 1..N.
partition parse_partition(const std::string& text, int N);
// The same checks on a partition given as positions (sorted here): usage_error names the problem.
void validate(const partition& p, int N);

// Every balanced partition with the output position i in A (each unordered split once).
std::vector<partition> balanced_partitions(const network_config& cfg);

}  // namespace seprank
