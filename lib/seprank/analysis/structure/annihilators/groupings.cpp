#include "seprank/analysis/structure/annihilators/groupings.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <tuple>
#include <vector>

#include "seprank/analysis/structure/annihilators/word.hpp"

namespace seprank {

std::vector<annihilator_grouping> annihilator_groupings(const std::vector<int>& forms) {
  const int C = static_cast<int>(forms.size()) - 1;
  std::vector<int> labels;  // the distinct labels of the interior factors
  for (int j = 1; j < C; ++j) labels.push_back(forms[static_cast<std::size_t>(j)]);
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  if (labels.size() > 20) throw std::invalid_argument("annihilator_groupings: more than 20 distinct forms in the word");
  std::map<std::pair<std::vector<int>, bool>, annihilator_grouping> best;  // by (forms, linear): the most pairs
  for (std::uint32_t mask = 0; mask < (std::uint32_t{1} << labels.size()); ++mask)
    for (bool linear : {false, true}) {
      if (linear && C == 0) continue;  // no M to stand alone
      annihilator_grouping g;
      g.linear = linear;
      int last = -1;
      for (int j = 1; j < C; ++j) {
        const auto at =
            std::lower_bound(labels.begin(), labels.end(), forms[static_cast<std::size_t>(j)]) - labels.begin();
        if (!(mask >> at & 1U) || (linear && j == 1) || (last >= 0 && j - last < 2)) continue;
        g.positions.push_back(j);
        g.forms.push_back(forms[static_cast<std::size_t>(j)]);
        last = j;
      }
      std::sort(g.forms.begin(), g.forms.end());
      g.forms.erase(std::unique(g.forms.begin(), g.forms.end()), g.forms.end());
      g.most_quadrics = static_cast<int>(g.forms.size());
      g.t_degree = C - static_cast<int>(g.positions.size()) - (linear ? 1 : 0);
      const auto key = std::make_pair(g.forms, linear);
      const auto it = best.find(key);
      if (it == best.end() || it->second.t_degree > g.t_degree) best[key] = std::move(g);
    }
  std::vector<annihilator_grouping> out;
  for (const auto& [key, g] : best) {
    const bool dominated = std::any_of(best.begin(), best.end(), [&](const auto& other) {
      const annihilator_grouping& h = other.second;
      return other.first != key && std::includes(g.forms.begin(), g.forms.end(), h.forms.begin(), h.forms.end()) &&
             (!h.linear || g.linear) && h.t_degree <= g.t_degree;
    });
    if (!dominated) out.push_back(g);
  }
  std::sort(out.begin(), out.end(), [](const annihilator_grouping& a, const annihilator_grouping& b) {
    return std::tie(a.t_degree, a.linear, a.forms) < std::tie(b.t_degree, b.linear, b.forms);
  });
  return out;
}

std::vector<annihilator_grouping> annihilator_groupings(int L) { return annihilator_groupings(gram_word_forms(L)); }

annihilator_grouping joined_grouping(const annihilator_grouping& a, const annihilator_grouping& b) {
  annihilator_grouping j;
  j.linear = a.linear || b.linear;
  std::set_union(a.positions.begin(), a.positions.end(), b.positions.begin(), b.positions.end(),
                 std::back_inserter(j.positions));
  std::set_union(a.forms.begin(), a.forms.end(), b.forms.begin(), b.forms.end(), std::back_inserter(j.forms));
  j.most_quadrics = static_cast<int>(j.forms.size());
  j.t_degree = -1;  // a variety, not a family of operators
  return j;
}

bool grouping_contains(const annihilator_grouping& g, const annihilator_grouping& h) {
  return (!g.linear || h.linear) && std::includes(h.forms.begin(), h.forms.end(), g.forms.begin(), g.forms.end());
}

}  // namespace seprank
