#!/usr/bin/env bash
# Rewrites the data table lib/seprank/analysis/paper/annihilator_table.tsv (docs/theory.md, section 14) from
# seprank-sym's own `annihilators` at seed 1: L = 1..6, d_x = L + 1..12, H = 1. A row is kept only when the analysis
# finished and its bound holds for every weight (results.every_weight). About 3 minutes on one core (171 s measured
# 2026-11-27 with the section test; the slowest row, L = 6, d_x = 8, about 37 s).
# Usage: bash bench/annihilator_table.sh BUILD_DIR [--check]   (--check: compare with the shipped table, write nothing)
set -euo pipefail
build=${1:?usage: bash bench/annihilator_table.sh BUILD_DIR [--check]}
mode=${2:-write}
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/lib/seprank/analysis/paper/annihilator_table.tsv
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
for L in 1 2 3 4 5 6; do
  for dx in $(seq $((L + 1)) 12); do
    start=$(date +%s)
    "$build/tools/seprank-sym" annihilators --L "$L" --dx "$dx" --seed 1 --time-limit 1800 --format json --quiet >> "$rows"
    echo "L = $L, d_x = $dx: $(($(date +%s) - start)) s" >&2
  done
done
PYTHONPATH="$root/bench:$root/lib" python3 - "$rows" "$out" "$mode" <<'PY'
import sys
from json_documents import json_documents
from table_rows import columns_of, parse  # the build's own reader of the table
out, mode = sys.argv[2], sys.argv[3]
rows = []
for doc in json_documents(open(sys.argv[1]).read()):
    c, r = doc["config"], doc["results"]
    assert c["H"] == 1 and c["entry"] == 1 and not c["residual"], c
    if not (r["complete"] and r["every_weight"]):
        print(f"L = {c['L']}, d_x = {c['dx']}: not kept (complete {r['complete']}, every weight {r['every_weight']})", file=sys.stderr)
        continue
    loss = int(r["annihilator_loss"])
    assert 0 <= loss < 2**64 and int(r["gram_count"]) - int(r["refined_gram_count"]) == loss, r
    rows.append((c["L"], c["dx"], loss))
if mode == "--check":
    shipped = parse(open(out).read(), columns_of("L:int,dx:int,loss:u64"), out)
    if shipped != rows:
        for a, b in zip(shipped, rows):
            if a != b:
                print(f"differs: shipped {a}, recomputed {b}", file=sys.stderr)
        sys.exit(f"FAILED: the shipped table ({len(shipped)} rows) differs from the recomputed one ({len(rows)} rows)")
    print(f"verified: all {len(rows)} rows recomputed and equal")
    sys.exit(0)
with open(out, "w") as f:
    f.write("""# The loss below the Gram count that the union of the annihilator families proves for every weight
# (docs/theory.md, section 14; H = 1, entry 1, no residual connection, seed 1): data, written by
# `bash bench/annihilator_table.sh build` from `seprank-sym annihilators` (about 3 minutes), read by the build
# (lib/table_rows.py makes the C++ rows of annihilator_table.cpp from it). One row a line, tab-separated.
L\tdx\tloss
""")
    for L, dx, loss in rows:
        f.write("%d\t%d\t%d\n" % (L, dx, loss))
print(f"wrote {out} ({len(rows)} rows)")
PY
