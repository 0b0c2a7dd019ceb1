#include "seprank/model/verdict.hpp"

namespace seprank {

const char* verdict_name(verdict v) {
  switch (v) {
    case verdict::holds: return "holds";
    case verdict::contradicted: return "contradicted";
    case verdict::undecided: return "undecided";
    case verdict::not_claimed: return "not-claimed";
  }
  return "?";
}

std::string verdict_words(verdict v, bool probabilistic) {
  const std::string certainty = probabilistic ? " (probabilistic)" : " (certified)";
  switch (v) {
    case verdict::holds: return "holds" + certainty;
    case verdict::contradicted: return "contradicted" + certainty;
    case verdict::undecided: return "undecided";
    case verdict::not_claimed: return "not claimed";
  }
  return "?";
}

}  // namespace seprank
