#include "seprank/analysis/ranks/certified_rank.hpp"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "seprank/analysis/estimates.hpp"
#include "seprank/support/interrupt.hpp"

namespace seprank {

namespace {
constexpr const char* certificate_names[] = {"full_rank_mod_p", "meets_gram_bound", "meets_annihilator_bound",
                                             "exact_elimination", "exact_elimination_p_divided", "lower_bound_only"};
}  // namespace

std::string block_rank_data(const block_rank& b) {
  const nlohmann::ordered_json j = {{"rows", b.rows}, {"cols", b.cols}, {"rank_mod_p", b.rank_mod_p}, {"upper", b.upper},
                                    {"exact", b.exact}, {"certificate", certificate_names[static_cast<int>(b.certificate)]},
                                    {"prime", b.prime}, {"sampled_rows", b.sampled_rows}, {"sampled_cols", b.sampled_cols},
                                    {"proven_upper", b.proven_upper}};
  return j.dump();
}

block_rank block_rank_of_data(const std::string& data) {
  const nlohmann::json j = nlohmann::json::parse(data);
  block_rank b;
  j.at("rows").get_to(b.rows), j.at("cols").get_to(b.cols), j.at("rank_mod_p").get_to(b.rank_mod_p);
  j.at("upper").get_to(b.upper), j.at("exact").get_to(b.exact), j.at("prime").get_to(b.prime);
  j.at("sampled_rows").get_to(b.sampled_rows), j.at("sampled_cols").get_to(b.sampled_cols);
  j.at("proven_upper").get_to(b.proven_upper);
  const std::string name = j.at("certificate").get<std::string>();
  const auto* found = std::find(std::begin(certificate_names), std::end(certificate_names), name);
  if (found == std::end(certificate_names)) throw std::invalid_argument("a block result names no known certificate: " + name);
  b.certificate = static_cast<block_certificate>(found - std::begin(certificate_names));
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
