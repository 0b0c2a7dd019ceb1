#include "seprank/model/partition.hpp"

#include <algorithm>
#include <sstream>

#include "seprank/support/errors.hpp"
#include "seprank/support/parse.hpp"

namespace seprank {
namespace {

std::string join(const std::vector<int>& v) {
  std::string s;
  for (std::size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + std::to_string(v[k]);
  return s;
}

std::vector<int> parse_side(const std::string& text, const std::string& whole, int N) {
  std::vector<int> side;
  std::stringstream in(text);
  for (std::string tok; std::getline(in, tok, ',');) {
    const auto v = parse_integer(tok);
    if (!v) throw usage_error("partition '" + whole + "': '" + tok + "' is not a position (expected e.g. 1,2|3,4)");
    if (*v < 1 || *v > N)
      throw usage_error("partition '" + whole + "': position " + tok + " is out of range 1.." + std::to_string(N));
    side.push_back(static_cast<int>(*v));
  }
  if (side.empty()) throw usage_error("partition '" + whole + "': both sides must be non-empty");
  std::sort(side.begin(), side.end());
  return side;
}

// Disjoint sides covering 1..N (each side already non-empty, in range and sorted); `label` names it in a message.
void check_cover(const partition& p, int N, const std::string& label) {
  std::vector<int> all = p.A;
  all.insert(all.end(), p.B.begin(), p.B.end());
  std::sort(all.begin(), all.end());
  for (std::size_t k = 1; k < all.size(); ++k)
    if (all[k] == all[k - 1]) throw usage_error(label + ": position " + std::to_string(all[k]) + " appears twice");
  for (int j = 1; j <= N; ++j)
    if (!std::binary_search(all.begin(), all.end(), j))
      throw usage_error(label + ": position " + std::to_string(j) + " is missing (the sides must cover 1.." +
                        std::to_string(N) + ")");
}

}  // namespace

bool partition::in_A(int position) const { return std::binary_search(A.begin(), A.end(), position); }

std::string partition::str() const { return "A = {" + join(A) + "} | B = {" + join(B) + "}"; }

partition default_partition(const network_config& c) {
  partition p;
  for (int j = 1; j <= c.N; ++j) (j <= c.N / 2 ? p.A : p.B).push_back(j);
  if (!p.in_A(c.position)) {
    std::replace(p.B.begin(), p.B.end(), c.position, p.A.back());
    p.A.back() = c.position;
    std::sort(p.A.begin(), p.A.end());
    std::sort(p.B.begin(), p.B.end());
  }
  return p;
}

partition parse_partition(const std::string& text, int N) {
  const auto bar = text.find('|');
  if (bar == std::string::npos || text.find('|', bar + 1) != std::string::npos)
    throw usage_error("partition '" + text + "': expected two position lists separated by one '|', e.g. 1,2|3,4");
  partition p{parse_side(text.substr(0, bar), text, N), parse_side(text.substr(bar + 1), text, N)};
  check_cover(p, N, "partition '" + text + "'");
  return p;
}

void validate(const partition& p, int N) {
  const std::string label = "partition " + p.str();
  if (p.A.empty() || p.B.empty()) throw usage_error(label + ": both sides must be non-empty");
  for (const auto* side : {&p.A, &p.B}) {
    if (!std::is_sorted(side->begin(), side->end())) throw usage_error(label + ": each side must be sorted");
    for (int j : *side)
      if (j < 1 || j > N)
        throw usage_error(label + ": position " + std::to_string(j) + " is out of range 1.." + std::to_string(N));
  }
  check_cover(p, N, label);
}

std::vector<partition> balanced_partitions(const network_config& c) {
  if (c.N % 2 != 0) throw usage_error("N = " + std::to_string(c.N) + " is odd: balanced partitions need an even N");
  std::vector<int> others;
  for (int j = 1; j <= c.N; ++j)
    if (j != c.position) others.push_back(j);
  std::vector<partition> out;
  const int need = c.N / 2 - 1;  // A = {i} + need of the others
  std::vector<bool> pick(others.size(), false);
  std::fill(pick.begin(), pick.begin() + need, true);
  do {
    partition p;
    p.A.push_back(c.position);
    for (std::size_t k = 0; k < others.size(); ++k) (pick[k] ? p.A : p.B).push_back(others[k]);
    std::sort(p.A.begin(), p.A.end());
    out.push_back(p);
  } while (std::prev_permutation(pick.begin(), pick.end()));
  return out;
}

}  // namespace seprank
