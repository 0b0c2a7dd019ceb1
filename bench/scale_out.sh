#!/usr/bin/env bash
# Beyond one machine, measured (issue 21): prints figures, asserts nothing about time.
#   bash bench/scale_out.sh BUILD_DIR [L dx]      (default L = 5, d_x = 2)
# 1. One uninterrupted run with a fresh store (wall time T).
# 2. The same run killed with SIGKILL at T/2, then rerun with the same store: the total against T, and the output
#    compared with the uninterrupted run's (without the lines saying which values came from the store).
# 3. mpirun -np 2 against one process (outputs compared byte for byte), when mpirun is there.
set -euo pipefail
build=${1:?usage: scale_out.sh BUILD_DIR [L dx]}
L=${2:-5}; dx=${3:-2}
exe="$build/tools/seprank-sym"
args=(--L "$L" --dx "$dx" --quiet --time-limit 3000)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
strip() { grep -v "from the results store" "$1"; }
calc() { awk "BEGIN { print $1 }"; }

t0=$(now); "$exe" "${args[@]}" --store "$tmp/full.db" > "$tmp/full.txt"; t1=$(now)
T=$(calc "$t1 - $t0")
printf 'uninterrupted run, L = %s, d_x = %s: %.1f s\n' "$L" "$dx" "$T"

half=$(calc "$T / 2")
t0=$(now)
"$exe" "${args[@]}" --store "$tmp/resume.db" > /dev/null & pid=$!
sleep "$half"; kill -9 "$pid"; wait "$pid" 2>/dev/null || true
t1=$(now)
units=$("$exe" store "$tmp/resume.db" --format json | grep -c '"position"' || true)
"$exe" "${args[@]}" --store "$tmp/resume.db" > "$tmp/resumed.txt"; t2=$(now)
killed=$(calc "$t1 - $t0"); rerun=$(calc "$t2 - $t1"); total=$(calc "$t2 - $t0")
printf 'killed (SIGKILL) after %.1f s with %s units stored; the rerun took %.1f s; total %.1f s = %.2f x the uninterrupted run\n' \
  "$killed" "$units" "$rerun" "$total" "$(calc "$total / $T")"
grep "from the results store" "$tmp/resumed.txt" | sed 's/^ */  rerun: /' || true
if cmp -s <(strip "$tmp/full.txt") <(strip "$tmp/resumed.txt"); then echo "resumed output: identical"; else echo "resumed output: DIFFERS"; fi

if command -v mpirun > /dev/null; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  t0=$(now); "$exe" "${args[@]}" > "$tmp/one.txt"; t1=$(now)
  mpirun --oversubscribe -np 2 "$exe" "${args[@]}" > "$tmp/two.txt"; t2=$(now)
  mpirun --oversubscribe -np 2 "$exe" "${args[@]}" --threads 1 > "$tmp/two1.txt"; t3=$(now)
  one=$(calc "$t1 - $t0"); two=$(calc "$t2 - $t1"); two1=$(calc "$t3 - $t2")
  printf 'one process (%s threads): %.1f s; mpirun -np 2: %.1f s (speed-up %.2f); mpirun -np 2 --threads 1: %.1f s (speed-up %.2f)\n' \
    "$(nproc)" "$one" "$two" "$(calc "$one / $two")" "$two1" "$(calc "$one / $two1")"
  if cmp -s "$tmp/one.txt" "$tmp/two.txt" && cmp -s "$tmp/one.txt" "$tmp/two1.txt"; then echo "mpirun output: identical"; else echo "mpirun output: DIFFERS"; fi
fi
