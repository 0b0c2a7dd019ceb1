// A derivation as data: ordered steps, each with a claim, its values for the configuration,
// and a status saying how the claim is known. Renderers (render/) turn it into text; they
// never compute.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "seprank/json.hpp"

namespace seprank {

enum class claim_status {
  computed,       // an exact computation
  verified,       // an identity checked exactly, or two independent computations agree
  probabilistic,  // holds with the stated error probability
  paper,          // the paper's statement, not checked here
  skipped,        // not carried out (the reason is given)
  failed,         // a check did not hold
};

const char* status_name(claim_status s);

struct step_value {
  std::string name;
  std::string value;
};

struct derivation_step {
  std::string title;
  std::string claim;                // the statement or formula
  std::vector<step_value> values;   // its values for this configuration
  claim_status status = claim_status::computed;
  std::string check;                // how it was checked, or why skipped / failed
};

// A titled block after the steps (a polynomial, a basis, timings): plain text, and optionally a
// LaTeX math form (empty: renderers show the text verbatim).
struct appendix_block {
  std::string title;
  std::string text;
  std::string latex;
};

// A table (e.g. a sweep): a header and rows of cells.
struct result_table {
  std::string title;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

struct derivation {
  std::string title;
  json config = json::object();   // the configuration, for machine-readable output
  std::vector<derivation_step> steps;
  json results = json::object();  // the main numbers (big integers as strings)
  std::vector<appendix_block> appendix;
  std::vector<result_table> tables;

  bool has_failure() const {
    for (const auto& s : steps)
      if (s.status == claim_status::failed) return true;
    return false;
  }
};

}  // namespace seprank
