// store: the units a results store holds (its row and derive_store_listing).
#include "seprank/app/commands/command_rows.hpp"

#include "seprank/report/store_report.hpp"
#include "seprank/run/store.hpp"
#include "seprank/support/errors.hpp"
#include <unistd.h>

namespace seprank {

derivation derive_store_listing(const std::string& path) {
  if (access(path.c_str(), R_OK) != 0) throw usage_error("store " + path + ": no such file (or not readable)");
  const results_store store(path, false);
  return store_derivation(path, store.units(), store.key_path());
}

command store_command() {
  return {"store",
          "list the finished units a results store holds (written by runs with --store FILE), e.g. store results.db",
          {},
          "",
          false,
          [](command_requests& r) {
            return std::vector<command_option>{{"FILE", "the store", &r.store.file}};
          },
          [](command_requests& r, const command_context&) { return derive_store_listing(r.store.file); }};
}

}  // namespace seprank
