// JSON rendering of a derivation (schema in docs/json-schema.md), written with nlohmann-json:
// keys in schema order, big integers as strings. Formats only.
#pragma once
#include <string>

#include "seprank/report/derivation.hpp"

namespace seprank {

std::string render_json(const derivation& d);

}  // namespace seprank
