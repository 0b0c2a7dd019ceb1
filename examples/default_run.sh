#!/usr/bin/env bash
# The default run: the Theorem 2 upper-bound derivation for L = 2, d_x = 4 (N = 4, H = 1).
# Usage: bash examples/default_run.sh [path/to/seprank-sym]
set -euo pipefail
exe=${1:-build/tools/seprank-sym}
"$exe" --L 2 --dx 4 --quiet
