#!/usr/bin/env bash
# The effect of heads at d_x = 4, L = 2: H = 1, 2, 4 (head size d_a = 4, 2, 1). Smaller heads give a
# smaller separation rank (the head-size bottleneck, Bhojanapalli et al. 2020).
# Usage: bash examples/heads.sh [path/to/seprank-sym]
set -euo pipefail
exe=${1:-build/tools/seprank-sym}
. "$(dirname "$0")/section.sh"
for H in 1 2 4; do
  echo "=== H = $H (d_a = $((4 / H)))"
  "$exe" --L 2 --dx 4 --H "$H" --quiet | section "Summary"
done
