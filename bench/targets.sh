#!/usr/bin/env bash
# The frontier targets of issue 13, measured in one run: wall time and peak memory (GNU time) of each job,
# its certified value read from the tool's JSON (or bench_rank's line), and whether the target holds.
# Usage: bash bench/targets.sh [build-dir] [moonshot]   (the L = 3, d_x = 4 Gram rank only with "moonshot":
# about 10 to 20 minutes and 5 GiB)
set -uo pipefail
build=${1:-build}
exe=$build/tools/seprank-sym
python=/usr/bin/python3; [ -x "$python" ] || python=python3
stats=$(mktemp); out=$(mktemp)
trap 'rm -f "$stats" "$out"' EXIT
# job: label, target seconds, target MiB, what to read, command...
job() {
  local label=$1 secs=$2 mib=$3 what=$4; shift 4
  /usr/bin/time -f "%e %M" -o "$stats" "$@" > "$out" 2>/dev/null
  read -r wall kib < <(tail -1 "$stats")
  local result
  if [ "$what" = bench ]; then
    result=$(sed -n 's/^Gram rank [^:]*: rank \([^,]*\)),.*/\1)/p' "$out" | head -1)
  else
    result=$("$python" - "$out" "$what" 2>/dev/null <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
r = d["results"]["separation_rank"]
text = f"sep(N={r['N']}) = {r['value']}" + (" certified (exact: true)" if r["exact"] else " lower bound (exact: false)")
if sys.argv[2] == "gram":
    g = d["results"]["gram_rank"]
    text = "Gram rank skipped" if g is None else f"Gram rank = {g['value']}" + (
        " certified (exact: true)" if g["exact"] else " lower bound (exact: false)")
if sys.argv[2] == "stabilization":
    for s in d["steps"]:
        if s.get("id") == "stabilization":
            rows = s["values"][0]["value"]
            text += "; " + ", ".join(f"N={x['N']}: {x['sep_at_least']}" + (" certified" if x["certified"] else "") for x in rows)
print(text)
PY
)
  fi
  local met=no
  [ -n "$result" ] || result="no result (exit status in the tool's stderr; run the command by hand)"
  if [ -n "${result%%no result*}" ] && awk -v w="$wall" -v s="$secs" -v k="$kib" -v m="$mib" 'BEGIN { exit !(w <= s && k / 1024 <= m) }' && \
     ! grep -q -E "lower bound|NOT" <<< "$result"; then met=yes; fi
  printf '| %s | %s | %s s | %d MiB | <= %s s, <= %s MiB | %s |\n' "$label" "$result" "$wall" $((kib / 1024)) "$secs" "$mib" "$met"
}
echo "| job | result | time | peak memory | target | met |"
echo "| --- | --- | --- | --- | --- | --- |"
job "--L 2 --dx 8 (whole derivation)" 10 1024 sep "$exe" --L 2 --dx 8 --quiet --format json
job "--L 4 --dx 2 (sep at N = 4)" 30 24576 sep "$exe" --L 4 --dx 2 --quiet --format json
job "--L 3 --dx 3 (sep at N = 4 and sep(N))" 60 1024 stabilization "$exe" --L 3 --dx 3 --quiet --format json
# The Gram-rank jobs: the whole derivation with a small grid (the grid is not what they measure).
job "--L 2 --dx 10 (Gram rank; derivation with --max-grid-points 8 --max-terms 5000000)" 60 24576 gram "$exe" --L 2 --dx 10 --quiet \
    --format json --max-grid-points 8 --max-terms 5000000
job "--L 5 --dx 2 (Gram rank; derivation with --max-grid-points 8 --time-limit 300)" 300 24576 gram "$exe" --L 5 --dx 2 --quiet --format json \
    --max-grid-points 8 --time-limit 300
if [ "${2:-}" = moonshot ]; then
  job "Gram rank L = 3, d_x = 4 (bench_rank)" 600 8192 bench "$build/bench/bench_rank" gram 3 4 1 4 600 8192
fi
