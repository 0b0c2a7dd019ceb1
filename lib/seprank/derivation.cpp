#include "seprank/derivation.hpp"

namespace seprank {

const char* status_name(claim_status s) {
  switch (s) {
    case claim_status::computed: return "computed";
    case claim_status::verified: return "verified";
    case claim_status::probabilistic: return "probabilistic";
    case claim_status::paper: return "paper";
    case claim_status::skipped: return "skipped";
    case claim_status::failed: return "FAILED";
  }
  return "?";
}

}  // namespace seprank
