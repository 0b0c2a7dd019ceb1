// The directory a file would be written in: where --plot, --export and --store check, before anything is computed,
// that it exists and can be written.
#pragma once
#include <filesystem>
#include <string>

namespace seprank {

// The directory part of `path`, or "." for a bare file name.
inline std::string directory_of(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

}  // namespace seprank
