#!/usr/bin/env bash
# Regime comparison at d_x = 4: L = 1 is below the depth threshold log_3 4 = 1.26 (Theorem 1), L = 2 and 3
# are above it (Theorem 2). For each depth: the regime, the summary of every bound and exact value, and
# the status of each of the paper's statements there (holds, contradicted, undecided, not claimed).
# L = 3 is beyond exact expansion at N = 4; there sep is bracketed by grid tensors (certified lower
# bound), and the Gram rank is skipped as too large for the memory limit given: the output says so.
# Usage: bash examples/regime_comparison.sh [path/to/seprank-sym]
set -euo pipefail
exe=${1:-build/tools/seprank-sym}
. "$(dirname "$0")/section.sh"
for L in 1 2 3; do
  echo "=== L = $L, d_x = 4"
  # --time-limit is also a deadline for the whole run (L = 3 takes about a minute); --max-memory 1000 keeps the
  # Gram rank (estimated at 1031 MiB) skipped, as this example shows, on any machine.
  out=$("$exe" --L "$L" --dx 4 --quiet --time-limit 600 --max-memory 1000)
  echo "$out" | grep -E '^  (3\^L vs d_x|regime) '
  echo "$out" | section "Summary"
  echo "$out" | findings
done
