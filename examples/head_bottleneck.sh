#!/usr/bin/env bash
# The head-size bottleneck (Bhojanapalli et al. 2020): at fixed d_x and L, more heads means smaller heads
# (d_a = d_x / H), each head's bilinear form W^Q^T W^K has rank at most d_a, and the separation rank drops.
# The paper's bounds carry H only in their lower-order terms (b_1, b_2 and the Theorem 1 bounds).
# Usage: bash examples/head_bottleneck.sh [path/to/seprank-sym]
set -euo pipefail
exe=${1:-build/tools/seprank-sym}
for dx in 4 6; do
  case $dx in 4) heads=1,2,4 ;; 6) heads=1,2,3,6 ;; esac
  echo "=== d_x = $dx, L = 2, H = $heads"
  "$exe" sweep --dx "$dx" --L 2 --H "$heads" --quiet | sed -n '/^Sweep$/,$p'
done
