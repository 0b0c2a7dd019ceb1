#!/usr/bin/env bash
# Frontier of exact computation (issue 13): for each (L, d_x), one run of the derivation at N = 4 within a
# time and memory budget, read from the tool's own JSON: sep at N = 4 (certified or a lower bound), the Gram
# rank (N -> infinity) against the Gram count sum_k min(d_x mc(D, C-k), mc(D, k)) (the count check), the
# first N of the sep(N) ladder that reaches the Gram rank (then sep(N) = Gram rank for every larger N), and
# the run's wall time and peak memory (GNU time).
# Usage: bash bench/frontier.sh [build-dir] [seconds] [MiB]   (defaults: build, 60, 4096)
#        FRONTIER_L="1 2 3 4 5" FRONTIER_DX="1 2 3 4 5 6" select the rows.
set -uo pipefail
exe=${1:-build}/tools/seprank-sym
seconds=${2:-60}
mib=${3:-4096}
python=/usr/bin/python3; [ -x "$python" ] || python=python3
echo "| L | d_x | sep at N = 4 | Gram rank (N -> inf) | count check | sep(N) = Gram rank from | time | peak memory |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for L in ${FRONTIER_L:-1 2 3 4 5}; do
  for dx in ${FRONTIER_DX:-1 2 3 4 5 6}; do
    json=$(mktemp); stats=$(mktemp)
    # The tool's own limits refuse over-budget stages with an estimate; timeout is the backstop (3x the budget).
    /usr/bin/time -f "%e %M" -o "$stats" timeout $((3 * seconds)) "$exe" --L "$L" --dx "$dx" --N 4 --quiet --format json \
        --time-limit "$seconds" --max-memory "$mib" > "$json" 2>/dev/null
    status=$?
    read -r wall kib < <(tail -1 "$stats")
    "$python" - "$json" "$status" "$L" "$dx" "$wall" "$kib" <<'PY'
import json, sys
path, status, L, dx, wall, kib = sys.argv[1:]
try:
    d = json.load(open(path))
except Exception:
    why = {"124": "over 3x the time budget", "3": "refused (over the limits)"}.get(status, "exit " + status)
    print(f"| {L} | {dx} | - ({why}) | - | - | - | {wall} s | {int(kib) // 1024} MiB |")
    sys.exit(0)
r = d["results"]
sep = r["separation_rank"]
sep_text = f"{sep['value']}" + (" (certified)" if sep["exact"] else " (lower bound)")
g = r["gram_rank"]
count = int(r["bounds"]["gram_count_bound"])
if g is None:
    gram_text, check = "skipped (over the limits)", "-"
else:
    v = int(g["value"])
    gram_text = f"{v}" + ("" if g["exact"] else " (lower bound)")
    check = ("= count" if v == count else f"deficit {count - v}") if g["exact"] else f"deficit <= {count - v}"
from_n = "-"
for s in d["steps"]:
    if s.get("id") == "stabilization":
        for row in s["values"][0]["value"]:
            if row["exact"]:
                from_n = f"N = {row['N']}"
                break
print(f"| {L} | {dx} | {sep_text} | {gram_text} | {check} | {from_n} | {wall} s | {int(kib) // 1024} MiB |")
PY
    rm -f "$json" "$stats"
  done
done
