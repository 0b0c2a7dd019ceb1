#!/usr/bin/env bash
# The refined count's union checked outside the tool: the ideals of every annihilator grouping of order <= K
# (bench_singular_ideals) and Singular's exact count over Q (union.sing) of H_Y(2K) for their union, to compare
# with `seprank-sym annihilators --L L --dx DX` (its block k = K: the operators it proves, whole or a sub-union).
# Usage: bash bench/singular/union.sh BUILD_DIR L DX K [SEED]. Needs Singular (apt-get install singular); not a
# dependency of the tool. Measured (2 cores, one thread): L = 4, d_x = 6, K = 21: 4 s; L = 5, d_x = 7, K = 63: 5 min.
set -euo pipefail
build=${1:?usage: bash bench/singular/union.sh BUILD_DIR L DX K [SEED]}
here=$(cd "$(dirname "$0")" && pwd)
command -v Singular >/dev/null || { echo "union.sh: Singular is not installed (apt-get install singular)" >&2; exit 2; }
job=$(mktemp --suffix=.sing)
trap 'rm -f "$job"' EXIT
"$build/bench/bench_singular_ideals" "${@:2}" > "$job"
cat "$here/union.sing" >> "$job"
OMP_NUM_THREADS=1 Singular -q --no-rc --ticks-per-sec=1000 "$job"
