#include "seprank/report/names.hpp"

#include "seprank/support/enum_table.hpp"

namespace seprank {

namespace {

// The one table of refined_by: its JSON key (audit rows' "refined_by") and the evidence's words for it.
struct refined_by_info {
  refined_by value;
  const char* key;
  const char* prose;
};
constexpr refined_by_info refined_by_table[] = {
    {refined_by::none, "none", "Noether's count"},  // not refined: a count printed as refined names the weakest source
    {refined_by::noether, "noether", "Noether's count"},
    {refined_by::annihilator_union, "annihilator-union",
     "the union of the annihilator families, shipped table at seed 1, re-derived by `seprank-sym annihilators`"},
    {refined_by::this_run, "this-run", "the annihilator families of these weights, all generic; step annihilators"},
};

}  // namespace

const char* refined_by_key(refined_by r) { return table_row_of(refined_by_table, r).key; }

const char* refined_by_prose(refined_by r) { return table_row_of(refined_by_table, r).prose; }

namespace {

// The one table of regime: its key (JSON, typed cells, Python's REGIME_NAMES), its table cell and its prose.
struct regime_info {
  regime value;
  const char* key;
  const char* short_name;
  const char* prose;
};
constexpr regime_info regime_table[] = {
    {regime::depth_efficient, "theorem1", "Th. 1", "Theorem 1 ($L < log_3 d_x$: depth efficiency)"},
    {regime::threshold, "threshold", "threshold", "neither theorem ($L = log_3 d_x$ exactly: $3^L = d_x$)"},
    {regime::depth_inefficient, "theorem2", "Th. 2", "Theorem 2 ($L > log_3 d_x$: depth inefficiency)"},
};

}  // namespace

const char* regime_key(regime r) { return table_row_of(regime_table, r).key; }

const char* regime_short(regime r) { return table_row_of(regime_table, r).short_name; }

const std::vector<const char*>& regime_keys() {
  static const std::vector<const char*> keys = [] {
    std::vector<const char*> k;
    for (const auto& info : regime_table) k.push_back(info.key);
    return k;
  }();
  return keys;
}

std::string regime_name(regime r) { return table_row_of(regime_table, r).prose; }

std::string weight_description(const weight_choice& w) {
  if (w.source == weight_choice::kind::file) return "read from " + w.path;
  if (w.source == weight_choice::kind::given)
    return "given in memory (integer matrices from the caller, e.g. seprank.Network(weights=...))";
  return "seeded draw (seed " + std::to_string(w.seed) +
         ", SplitMix64; every weight uniform on the nonzero integers in [-" + std::to_string(w.range) + ", " +
         std::to_string(w.range) + "])";
}

}  // namespace seprank
