#!/usr/bin/env bash
# Builds the libFuzzer target with clang (ASan + UBSan) and fuzzes for a bounded time.
# Usage: bash fuzz/run.sh [seconds]   (default 60). New crashing inputs are written to fuzz/regressions/,
# which `meson test` replays from then on (commit them with the fix).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
mkdir -p build-fuzz fuzz/regressions
# Each file compiled on its own, as many at once as there are cores (one clang++ call compiles them one by one).
flags="-std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -Ilib $(pkg-config --cflags ginac gmp)"
sources="fuzz/fuzz_parsers.cpp lib/seprank/support/errors.cpp lib/seprank/support/parse.cpp lib/seprank/support/bounded_read.cpp lib/seprank/support/interrupt.cpp
  lib/seprank/model/partition.cpp lib/seprank/model/weights.cpp lib/seprank/model/config.cpp lib/seprank/model/quantities.cpp"
rm -f build-fuzz/*.o
# shellcheck disable=SC2086
printf '%s\n' $sources | FLAGS="$flags" xargs -P "$(nproc)" -I{} sh -c 'clang++ $FLAGS -c "$1" -o "build-fuzz/$(basename "$1" .cpp).o"' _ {}
# shellcheck disable=SC2086
clang++ $flags build-fuzz/*.o $(pkg-config --libs ginac gmp) -o build-fuzz/fuzz_parsers
work=$(mktemp -d)
cp fuzz/corpus/* "$work"/
export LSAN_OPTIONS=suppressions=$PWD/.ci/lsan.supp:print_suppressions=0
./build-fuzz/fuzz_parsers -max_total_time="$seconds" -max_len=2048 -artifact_prefix=fuzz/regressions/ \
  -print_final_stats=1 "$work" fuzz/regressions
