// A whole small file read with a bound on its size: a weight file or a key named by mistake (/dev/zero, a disk
// image) is refused after max_bytes, not read until memory runs out; Ctrl-C and --time-limit stop the read.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

namespace seprank {

// The file's bytes; nullopt when it cannot be opened. Throws usage_error naming `what` and the path when it has more
// than max_bytes, and interrupted / time_limit_reached (check_interrupt) between chunks.
std::optional<std::string> read_bounded(const std::string& path, std::size_t max_bytes, const std::string& what);

}  // namespace seprank
