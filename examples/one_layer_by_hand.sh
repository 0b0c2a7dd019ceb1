#!/usr/bin/env bash
# One layer by hand: L = 1, d_x = 2, N = 2, every weight a symbol. The whole polynomial, its Gram form,
# and the separation rank d_x + 1 = 3 (theory notes, section 6).
# Usage: bash examples/one_layer_by_hand.sh [path/to/seprank-sym]
set -euo pipefail
exe=${1:-build/tools/seprank-sym}
. "$(dirname "$0")/section.sh"
out=$("$exe" --L 1 --dx 2 --N 2 --weights symbolic --print-polynomial --quiet)
echo "$out" | section "Symbolic weights"
echo "$out" | section "Gram form"
echo "$out" | section "Separation rank sep"
echo "$out" | sed -n '/^Polynomial y_p with symbolic weights/,$p'
