#include "seprank/analysis/ranks/coefficient_matrix.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

namespace seprank {
namespace {

using exponent_vector = std::vector<unsigned long>;

// Union-find over degree nodes: A-degree d is node 2d, B-degree d is node 2d + 1.
struct degree_components {
  std::map<int, int> parent;
  int find(int x) {
    if (!parent.count(x)) parent[x] = x;
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void join(int a, int b) { parent[find(a)] = find(b); }
};

}  // namespace

long coefficient_matrix::rows() const {
  long n = 0;
  for (const auto& b : blocks) n += b.matrix.rows;
  return n;
}
long coefficient_matrix::cols() const {
  long n = 0;
  for (const auto& b : blocks) n += b.matrix.cols;
  return n;
}
long coefficient_matrix::nonzeros() const {
  long n = 0;
  for (const auto& b : blocks) n += static_cast<long>(b.matrix.entries.size());
  return n;
}
std::uint64_t coefficient_matrix::largest_block_entries() const {
  std::uint64_t m = 0;
  for (const auto& b : blocks)
    m = std::max(m, static_cast<std::uint64_t>(b.matrix.rows) * static_cast<std::uint64_t>(b.matrix.cols));
  return m;
}

std::vector<block_shape> block_shapes_of(const coefficient_matrix& m) {
  std::vector<block_shape> out;
  for (const auto& b : m.blocks) out.push_back({b.b_degrees, b.matrix.rows, b.matrix.cols});
  return out;
}

std::vector<bool> partition_mask(const network_config& c, const partition& p) {
  std::vector<bool> mask(c.variable_count());
  for (int j = 1; j <= c.N; ++j)
    for (int r = 1; r <= c.dx; ++r) mask[c.variable(j, r)] = p.in_A(j);
  return mask;
}

coefficient_matrix coefficient_matrix_of(const polynomial& y, const std::vector<bool>& is_A) {
  coefficient_matrix m;
  for (int v = 0; v < static_cast<int>(is_A.size()); ++v) (is_A[v] ? m.a_vars : m.b_vars).push_back(v);
  const long n = y.term_count();
  exponent_vector e(y.ring()->variable_count());
  auto side_degree = [&e](const std::vector<int>& vars) {
    int d = 0;
    for (int v : vars) d += static_cast<int>(e[v]);
    return d;
  };
  // Pass 1: degrees of every term, and the components they connect.
  std::vector<std::pair<int, int>> degrees(n);
  degree_components comp;
  for (long t = 0; t < n; ++t) {
    y.exponents(t, e.data());
    degrees[t] = {side_degree(m.a_vars), side_degree(m.b_vars)};
    comp.join(2 * degrees[t].first, 2 * degrees[t].second + 1);
  }
  // Blocks ordered by their smallest B-degree.
  std::map<int, int> min_b;  // root -> smallest B-degree
  for (const auto& [da, db] : degrees) {
    const int root = comp.find(2 * da);
    min_b[root] = min_b.count(root) ? std::min(min_b[root], db) : db;
  }
  std::vector<std::pair<int, int>> order;  // (min B-degree, root)
  for (const auto& [root, d] : min_b) order.emplace_back(d, root);
  std::sort(order.begin(), order.end());
  std::map<int, std::size_t> block_of;
  for (const auto& [d, root] : order) block_of[root] = block_of.size();
  m.blocks.resize(order.size());
  // Pass 2: rows and columns in order of first appearance (FLINT's lexicographic term order),
  // keyed by the packed exponents of each side.
  std::vector<std::unordered_map<std::string, long>> rows(m.blocks.size()), cols(m.blocks.size());
  std::vector<std::set<int>> ad(m.blocks.size()), bd(m.blocks.size());
  auto index_of = [&e](const std::vector<int>& vars, std::unordered_map<std::string, long>& index,
                       std::vector<exponent_vector>& monomials) {
    std::string key(vars.size() * sizeof(std::uint32_t), '\0');
    exponent_vector mono(vars.size());
    for (std::size_t k = 0; k < vars.size(); ++k) {
      const auto x = static_cast<std::uint32_t>(e[vars[k]]);
      std::memcpy(&key[k * sizeof x], &x, sizeof x);
      mono[k] = e[vars[k]];
    }
    const auto [it, fresh] = index.emplace(std::move(key), static_cast<long>(monomials.size()));
    if (fresh) monomials.push_back(std::move(mono));
    return it->second;
  };
  for (long t = 0; t < n; ++t) {
    y.exponents(t, e.data());
    const std::size_t b = block_of[comp.find(2 * degrees[t].first)];
    auto& blk = m.blocks[b];
    const long r = index_of(m.a_vars, rows[b], blk.row_monomials);
    const long c = index_of(m.b_vars, cols[b], blk.col_monomials);
    blk.matrix.entries.push_back({r, c, y.coefficient(t)});
    ad[b].insert(degrees[t].first);
    bd[b].insert(degrees[t].second);
  }
  for (std::size_t b = 0; b < m.blocks.size(); ++b) {
    auto& blk = m.blocks[b];
    blk.matrix.rows = static_cast<long>(blk.row_monomials.size());
    blk.matrix.cols = static_cast<long>(blk.col_monomials.size());
    blk.a_degrees.assign(ad[b].begin(), ad[b].end());
    blk.b_degrees.assign(bd[b].begin(), bd[b].end());
  }
  return m;
}

}  // namespace seprank
