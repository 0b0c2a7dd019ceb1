#!/usr/bin/env bash
# The figures README.md and docs/user-guide.md quote (timings, line counts, step counts, sizes), measured again:
# one line per figure, "what: value". Wall times are GNU time's %e (seconds), lines are wc -l, sizes are bytes.
# Every command runs from a temporary directory (the certificate, the pictures and the exports go there and are
# removed at the end); nothing in the source tree or the build directory is written.
#
# Usage: bash bench/readme_figures.sh [build-dir]      (about 2 minutes on 2 idle cores)
#
# The audit map's own figures (text and JSON, bench_audit's stages, seprank.audit) come from
# bench/audit_figures.sh, called here. Figures depend on the machine and its load: the header prints the date,
# the cores and the load average. Measure on a quiet machine (1-minute load average below 0.7).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-build}" && pwd) || { echo "no build directory ${1:-build}" >&2; exit 2; }
exe=$build/tools/seprank-sym
[ -x "$exe" ] || { echo "no $exe: build first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
export PYTHONPATH=$build/python${PYTHONPATH:+:$PYTHONPATH}
py=/usr/bin/python3

echo "# bench/readme_figures.sh $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg);" \
     "$(git -C "$here" describe --always --dirty 2>/dev/null || echo 'not a git tree')"

figure() { printf '%-78s %s\n' "$1:" "$2"; }

# run CMD...: CMD's standard output to out, its wall time to $wall, its lines and bytes to $lines and $bytes;
# a non-zero exit status is said (with the last line of its stderr).
run() {
  /usr/bin/time -f %e -o time "$@" > out 2> err
  local rc=$?
  wall=$(tail -1 time)
  lines=$(wc -l < out)
  bytes=$(stat -c %s out)
  [ "$rc" -eq 0 ] || figure "  ($1 ... exited with status $rc)" "$(tail -1 err)"
  return "$rc"
}

# The default run and its answer.
run "$exe" --L 2 --dx 4 --quiet
figure "seprank-sym --L 2 --dx 4 (the whole derivation)" "$wall s wall, $lines lines, $(grep -c '^Step ' out) steps"
figure "  its answer block (from 'The answer' to the first blank line)" \
       "$(awk '/^The answer/{on=1} on&&/^$/{exit} on' out | wc -l) lines"
run "$exe" --L 2 --dx 4 --quiet --width 100
figure "seprank-sym --L 2 --dx 4 --width 100" "$lines lines"
run "$exe" --L 2 --dx 4 --quiet --summary
figure "seprank-sym --L 2 --dx 4 --summary" "$wall s wall, $lines lines ($(grep -c '^Step ' out) steps shown)"
run "$exe" --L 2 --dx 4 --quiet --summary --width 100
figure "seprank-sym --L 2 --dx 4 --summary --width 100" "$lines lines"

# The finding at L = 2, d_x = 8, and its certificate checked outside the tool.
run "$exe" --L 2 --dx 8 --quiet
figure "seprank-sym --L 2 --dx 8 (the whole derivation)" "$wall s wall, $lines lines, $(grep -c '^Step ' out) steps"
run "$exe" --L 2 --dx 8 --quiet --certificate cert
figure "seprank-sym --L 2 --dx 8 --certificate cert" "$wall s wall, cert/certificate.json $(stat -c %s cert/certificate.json) bytes"
run "$py" cert/check.py
figure "python3 cert/check.py (numpy, 999 x 999 grid mod p)" "$wall s wall, says: $(tail -1 out)"

# Closed forms.
run "$exe" bounds --L 96 --dx 12288 --H 96 --quiet
figure "seprank-sym bounds --L 96 --dx 12288 --H 96 (GPT-3)" "$wall s wall, $lines lines"
run "$exe" bounds --L 30 --dx 1000 --quiet
figure "seprank-sym bounds --L 30 --dx 1000" "$wall s wall, $lines lines"
run "$exe" bounds --model gpt3-175b --quiet
figure "seprank-sym bounds --model gpt3-175b" "$wall s wall, $lines lines"
run "$exe" bounds --model all --quiet
figure "seprank-sym bounds --model all" "$wall s wall, $lines lines, $bytes bytes"
run "$exe" bounds --model all --quiet --format latex-fragment
figure "seprank-sym bounds --model all --format latex-fragment" "$wall s wall, $lines lines, $bytes bytes"
run "$build/bench/bench_audit" 96 12288 1 96 12288 96
figure "bench_audit 96 12288 1 96 12288 96 (the GPT-3 row)" "$(head -1 out | grep -o 'total [0-9.]* s')"

# The user guide's table of rank-one annihilators, and its slowest row of the shipped range (L <= 6, d_x <= 12).
for a in 3:4 3:5 3:6 4:5 4:6 5:6 6:8; do
  L=${a%:*} dx=${a#*:}
  run "$exe" annihilators --L "$L" --dx "$dx" --quiet
  figure "seprank-sym annihilators --L $L --dx $dx" \
         "$wall s wall, bound $(grep 'the Gram count minus the proven annihilators' out | sed 's/.*= //')"
done

# The README's pictures.
run "$exe" sweep --dx 2..6 --L 1..2 --plot-against dx --plot sep-dx.png --quiet
figure "seprank-sym sweep --dx 2..6 --L 1..2 --plot-against dx --plot sep-dx.png" "$wall s wall, $(stat -c %s sep-dx.png) bytes of PNG"
run "$exe" sweep --dx 5,8 --L 1..8 --plot-against L --plot sep-against-L.png --quiet
figure "seprank-sym sweep --dx 5,8 --L 1..8 --plot-against L --plot sep-against-L.png" "$wall s wall, $(stat -c %s sep-against-L.png) bytes of PNG"

# The audit map: text and JSON, bench_audit's stages, Python (bench/audit_figures.sh), then the exports.
bash "$here/bench/audit_figures.sh" "$build" | sed 's/^/audit_figures.sh: /'
run "$exe" audit --L 1..20 --dx 1..10000 --quiet --export map.csv
figure "seprank-sym audit --L 1..20 --dx 1..10000 --export map.csv" \
       "$wall s wall; text $lines lines, $bytes bytes ($(awk '/^The answer by region/{on=1} on&&/^$/{exit} on' out | wc -l) lines of answer by region); map.csv $(wc -l < map.csv) lines, $(stat -c %s map.csv) bytes"
run "$exe" audit --L 1..20 --dx 1..10000 --quiet --export map.ndjson
figure "seprank-sym audit --L 1..20 --dx 1..10000 --export map.ndjson" "$wall s wall; map.ndjson $(wc -l < map.ndjson) lines, $(stat -c %s map.ndjson) bytes"

# Python.
"$py" - <<'PY' | while IFS='|' read -r what value; do figure "$what" "$value"; done
import time
import seprank
t = time.perf_counter(); d = seprank.derive(L=2, dx=4); s = time.perf_counter() - t
print(f"seprank.derive(L=2, dx=4)|{s:.2f} s, {len(d.steps)} steps, repr {len(repr(d).splitlines())} lines, "
      f"summary() {len(d.summary().splitlines())} lines, {len(d.answer)} answer lines")
t = time.perf_counter(); a = seprank.audit(range(1, 21), range(1, 10001)); s = time.perf_counter() - t
t = time.perf_counter(); df = a.to_dataframe(); f = time.perf_counter() - t
print(f"seprank.audit(range(1, 21), range(1, 10001))|{s:.2f} s, {len(a['L'])} rows; .to_dataframe() {f:.2f} s, "
      f"{df.shape[1]} columns")
t = time.perf_counter(); seprank.bounds(96, 12288, 96); s = time.perf_counter() - t
print(f"seprank.bounds(96, 12288, 96)|{s:.3f} s")
PY

# The first notebook, executed and exported as the README says.
if command -v jupyter > /dev/null; then
  run jupyter nbconvert --to html --execute --output-dir . "$here/examples/notebooks/1_theorem2_derivation.ipynb"
  figure "jupyter nbconvert --to html --execute 1_theorem2_derivation.ipynb" "$wall s wall"
else
  figure "jupyter nbconvert (notebook 1)" "not measured: jupyter not installed"
fi
echo "# done; load $(cut -d' ' -f1-3 /proc/loadavg)"
