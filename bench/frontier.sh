#!/usr/bin/env bash
# Frontier of exact computation: for each (L, d_x), the largest N in a fixed ladder for which seprank-sym
# certifies the separation rank exactly within a time and memory budget, and the Gram rank (N -> infinity).
# "Certified" is read from the tool's own JSON (results.separation_rank.exact).
# Usage: bash bench/frontier.sh [build-dir] [seconds] [MiB]   (defaults: build, 60, 4096)
set -uo pipefail
exe=${1:-build}/tools/seprank-sym
seconds=${2:-60}
mib=${3:-4096}
ladder="2 4 6 8 12 16 24 32 48 64"
echo "| L | d_x | largest certified N (sep) | first N not certified (why) | Gram rank (N -> inf) |"
echo "| --- | --- | --- | --- | --- |"
for L in 1 2 3; do
  for dx in ${FRONTIER_DX:-1 2 3 4 5 6}; do
    best="-"; fail="-"; gram="-"
    for N in $ladder; do
      out=$( (ulimit -v $((mib * 1024)); timeout "$seconds" "$exe" --L "$L" --dx "$dx" --N "$N" --quiet --format json \
              --time-limit "$seconds" --max-memory "$mib") 2>/dev/null)
      status=$?
      read -r exact value g < <(python3 -c '
import json, sys
try:
    r = json.loads(sys.stdin.read())["results"]
    gr = r["gram_rank"]
    print(str(r["separation_rank"]["exact"]).lower(), r["separation_rank"]["value"], (gr["value"] if gr and gr["exact"] else "-"))
except Exception:
    print("none - -")' <<< "$out")
      [ "$g" != "-" ] && gram=$g
      if [ "$status" = 0 ] && [ "$exact" = "true" ]; then
        best="$N (sep = $value)"
      else
        case $status in 124) why="time";; 3) why="refused";; 0) why="lower bound only";; *) why="exit $status";; esac
        fail="$N ($why)"
        break
      fi
    done
    echo "| $L | $dx | $best | $fail | $gram |"
  done
done
