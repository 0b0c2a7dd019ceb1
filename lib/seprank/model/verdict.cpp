#include "seprank/model/verdict.hpp"

namespace seprank {

const char* verdict_name(verdict v) {
  switch (v) {
    case verdict::proved: return "proved";
    case verdict::contradicted: return "contradicted";
    case verdict::undecided: return "undecided";
    case verdict::not_claimed: return "not-claimed";
  }
  return "?";
}

}  // namespace seprank
