#include "seprank/report/derivation.hpp"

#include "seprank/support/enum_table.hpp"
#include "seprank/support/errors.hpp"

namespace seprank {

namespace {

// The one table of claim_status, in the legend's order: its name (text and JSON) and what it means.
struct status_info {
  claim_status value;
  const char* name;
  const char* meaning;
};
constexpr status_info status_table[] = {
    {claim_status::computed, "computed", "exact computation"},
    {claim_status::verified, "verified",
     "identity checked exactly, two independent computations agree, or a certified bound implies the paper's statement"},
    {claim_status::probabilistic, "probabilistic", "with its error bound"},
    {claim_status::paper, "paper", "the paper's statement, not checked here"},
    {claim_status::contradicted, "contradicted",
     "a paper statement refuted by a certified computation, with the evidence"},
    {claim_status::skipped, "skipped", "with the reason"},
    {claim_status::failed, "FAILED", "one of our own checks did not hold"},
};

}  // namespace

const char* status_name(claim_status s) { return table_row_of(status_table, s).name; }

claim_status status_of_check(bool holds, claim_status when_held) { return holds ? when_held : claim_status::failed; }

const std::vector<status_meaning>& status_legend() {
  static const std::vector<status_meaning> legend = [] {
    std::vector<status_meaning> l;
    for (const auto& info : status_table) l.push_back({info.value, info.meaning});
    return l;
  }();
  return legend;
}

bool derivation::has_failure() const {
  for (const auto& s : steps)
    if (s.status == claim_status::failed) return true;
  return false;
}

void propagate_certainty(derivation& d) {
  auto probabilistic_among = [&d](const std::vector<std::string>& ids) {
    std::string weak;
    for (const auto& id : ids)
      for (const auto& s : d.steps)
        if (s.id == id && s.status == claim_status::probabilistic) weak += (weak.empty() ? "" : ", ") + id;
    return weak;
  };
  for (auto& s : d.steps) {
    if (s.status != claim_status::verified && s.status != claim_status::computed &&
        s.status != claim_status::contradicted)
      continue;
    const std::string weak = probabilistic_among(s.rests_on);
    if (weak.empty()) continue;
    s.check += std::string(s.check.empty() ? "" : ". ") + "Probabilistic, not " + status_name(s.status) +
               ": it rests on step " + weak + ", which is probabilistic";
    s.status = claim_status::probabilistic;
  }
  for (auto& s : d.steps)
    for (auto& v : s.values)
      if (!v.rests_on.empty() && !probabilistic_among({v.rests_on}).empty())
        v.value += "  [probabilistic: step " + v.rests_on + "]";
  for (auto& f : d.findings) f.probabilistic = !probabilistic_among(f.rests_on).empty();
}

derivation summary_view(const derivation& d) {
  derivation out = d;
  out.steps.clear();
  out.appendix.clear();
  out.tables.clear();
  out.brief = true;
  for (const auto& s : d.steps)
    if (s.id == "configuration" || s.id == "summary" || s.status == claim_status::failed) out.steps.push_back(s);
  for (auto& s : out.steps)
    if (s.id == "configuration") s.claim.clear(), s.check.clear();  // eq. 3 and the validation: in the full run
  if (!out.findings.empty())
    out.findings_note =
        "holds, contradicted, undecided or not claimed as in docs/theory.md, section 13; certified lower bounds "
        "hold for the drawn weights, the Gram count for every weight and N";
  out.title += " -- summary: " + std::to_string(out.steps.size()) + " of its " + std::to_string(d.steps.size()) +
               " steps (every step: run without --summary)";
  return out;
}

std::string finding_key(const finding& f) {
  return f.status == verdict::undecided && f.log3_bound.is_null() ? "undefined" : verdict_name(f.status);
}

std::string finding_words(const finding& f) {
  return f.status == verdict::undecided && f.log3_bound.is_null() ? "undefined"
                                                                  : verdict_words(f.status, f.probabilistic);
}

int exit_status_of(const derivation& d) {
  return d.interrupted     ? exit_interrupted
         : d.has_failure() ? exit_check_failed
         : d.time_limited  ? exit_time_limit
                           : exit_ok;
}

}  // namespace seprank
