#!/bin/bash
# Functions over the size rule of .clang-tidy (readability-function-size: 80 lines, 6 parameters; issue 34), on the
# build's compile_commands.json: bash bench/function_size.sh [BUILD_DIR]. About 10 minutes on one core. The list is
# empty when every function is within the limits (the data tables hold their rows outside any function body).
set -euo pipefail
build=${1:-build}
run-clang-tidy -p "$build" -quiet 'lib/|tools/|python/' 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' | grep -E "warning: function|note: [0-9]+ (lines|parameters)" | sort -u
