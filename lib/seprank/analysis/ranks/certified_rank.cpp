#include "seprank/analysis/ranks/certified_rank.hpp"
#include "seprank/support/enum_table.hpp"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "seprank/analysis/estimates.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {

namespace {

constexpr block_certificate_info certificate_table[] = {
    {block_certificate::full_rank_mod_p, "full-rank-mod-p", "full rank $mod p$"},
    {block_certificate::meets_gram_bound, "meets-gram-bound", "rank $mod p$ meets the Gram-form bound"},
    {block_certificate::meets_annihilator_bound, "meets-annihilator-bound",
     "rank $mod p$ meets the Gram count minus the proven rank-one annihilators"},
    {block_certificate::exact_elimination, "exact-elimination", "fraction-free elimination over Z"},
    {block_certificate::exact_elimination_p_divided, "exact-elimination-p-divided",
     "fraction-free elimination over Z (p divided every maximal minor)"},
    {block_certificate::lower_bound_only, "lower-bound-only", "lower bound only"},
};

// The store's spelling of a certificate: its key with '_' for '-' (stored units keep their bytes).
std::string store_name(block_certificate c) {
  std::string name = block_certificate_info_of(c).key;
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

}  // namespace

const block_certificate_info& block_certificate_info_of(block_certificate c) {
  return table_row_of(certificate_table, c);
}

std::string unit_schema<block_rank>::to_stored(const block_rank& b) {
  const nlohmann::ordered_json j = {{"rows", b.rows},
                                    {"cols", b.cols},
                                    {"rank_mod_p", b.rank_mod_p},
                                    {"upper", b.upper},
                                    {"exact", b.exact},
                                    {"certificate", store_name(b.certificate)},
                                    {"prime", b.prime},
                                    {"sampled_rows", b.sampled_rows},
                                    {"sampled_cols", b.sampled_cols},
                                    {"proven_upper", b.proven_upper}};
  return j.dump();
}

block_rank unit_schema<block_rank>::from_stored(const std::string& data) {
  const nlohmann::json j = nlohmann::json::parse(data);
  block_rank b;
  j.at("rows").get_to(b.rows), j.at("cols").get_to(b.cols), j.at("rank_mod_p").get_to(b.rank_mod_p);
  j.at("upper").get_to(b.upper), j.at("exact").get_to(b.exact), j.at("prime").get_to(b.prime);
  j.at("sampled_rows").get_to(b.sampled_rows), j.at("sampled_cols").get_to(b.sampled_cols);
  j.at("proven_upper").get_to(b.proven_upper);
  const std::string name = j.at("certificate").get<std::string>();
  const auto* found = std::find_if(std::begin(certificate_table), std::end(certificate_table),
                                   [&](const block_certificate_info& info) { return store_name(info.value) == name; });
  if (found == std::end(certificate_table))
    throw std::invalid_argument("a block result names no known certificate: " + name);
  b.certificate = found->value;
  return b;
}

void rank_result::add(const block_rank& b) {
  lower += b.exact ? b.upper : b.rank_mod_p;
  if (upper >= 0) upper = b.upper >= 0 ? upper + b.upper : -1;
  blocks.push_back(b);
}

bool rank_result::contradicted() const {
  return std::any_of(blocks.begin(), blocks.end(), [](const block_rank& b) { return b.contradicted(); });
}

rank_result certified_rank(const coefficient_matrix& m, std::uint64_t prime, const rank_limits& lim,
                           const block_upper_bound& proven_upper) {
  require_rank_fits(block_shapes_of(m), lim);
  rank_result r;
  r.prime = prime;
  r.upper = 0;
  for (const auto& blk : m.blocks) {
    block_rank b;
    b.rows = blk.matrix.rows;
    b.cols = blk.matrix.cols;
    b.rank_mod_p = rank_mod_p(blk.matrix, prime);
    check_interrupt();
    const bool small = static_cast<std::uint64_t>(b.rows) * static_cast<std::uint64_t>(b.cols) <= lim.max_exact_entries;
    certify_block(b, proven_upper ? proven_upper(blk) : -1, small, [&] { return exact_rank(blk.matrix); });
    if (!b.exact) r.error_bound += rank_error_bound(log2_hadamard_bound(blk.matrix), prime);
    r.add(b);
  }
  return r;
}

}  // namespace seprank
