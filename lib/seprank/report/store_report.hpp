// The results store's contents (run/store) as a derivation: one row per stored unit of work.
#pragma once
#include <string>
#include <vector>

#include "seprank/report/derivation.hpp"
#include "seprank/run/store.hpp"

namespace seprank {

// key_path: the digest key the units were checked with (store_key_path()).
derivation store_derivation(const std::string& path, const std::vector<stored_unit>& units,
                            const std::string& key_path);

}  // namespace seprank
