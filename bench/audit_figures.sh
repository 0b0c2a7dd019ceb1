#!/usr/bin/env bash
# The README map's figures (issue 46): `audit --L 1..20 --dx 1..10000 --H 1` as text and as JSON (wall time, CPU
# time, peak memory, output size; GNU time), bench_audit's stages, and seprank.audit() from Python.
# Usage: bash bench/audit_figures.sh [build-dir]
set -uo pipefail
build=${1:-build}
exe=$build/tools/seprank-sym
stats=$(mktemp); out=$(mktemp)
trap 'rm -f "$stats" "$out"' EXIT
for format in text json; do
  /usr/bin/time -f "%e %U %M" -o "$stats" "$exe" audit --L 1..20 --dx 1..10000 --H 1 --quiet --format "$format" > "$out"
  read -r wall user kib < <(tail -1 "$stats")
  printf 'CLI audit --format %-4s  %6.2f s wall, %6.2f s CPU, %5d MiB peak, %s bytes of output\n' \
    "$format" "$wall" "$user" $((kib / 1024)) "$(stat -c %s "$out")"
done
"$build/bench/bench_audit" 20 10000 5 | head -1
PYTHONPATH=$build/python /usr/bin/python3 - <<'PY'
import resource, time
import seprank
t = time.perf_counter()
a = seprank.audit(range(1, 21), range(1, 10001))
print(f"seprank.audit(range(1, 21), range(1, 10001)): {len(a['L'])} rows in {time.perf_counter() - t:.2f} s, "
      f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MiB peak (with the interpreter)")
PY
