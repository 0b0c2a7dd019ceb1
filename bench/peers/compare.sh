#!/usr/bin/env bash
# Times the same jobs in seprank-sym's engine (FLINT), a plain GiNaC script (forward pass + expand()),
# SymPy (forward pass + expand()), and the rank step in FLINT vs GiNaC matrix::rank, all with the same
# seeded weights. Peers get a time limit and are reported as "> limit" when they exceed it. The term
# counts and checksums must agree: the benchmark is also a cross-check.
# Usage: bash bench/peers/compare.sh [build-dir] [limit-seconds]   (needs python3-sympy for the SymPy column)
set -uo pipefail
build=${1:-build}
limit=${2:-600}
peer="$build/bench/peer_expand"
tmp=$(mktemp -d)
measure() {  # measure OUTFILE CMD...: runs CMD under a time limit; writes its output, returns its status
  local out=$1
  shift
  /usr/bin/time -f "peak_kib %M" -o "$out.mem" timeout "$limit" "$@" > "$out" 2>&1
}
field() { grep -o "$2 [^ ]*" "$1" | head -1 | cut -d' ' -f2; }
echo "| job (L, d_x, H, N) | seprank-sym (FLINT) | GiNaC expand() | SymPy expand() | terms, checksums agree | rank of the largest block: FLINT / GiNaC matrix::rank |"
echo "| --- | --- | --- | --- | --- | --- |"
for job in "2 2 1 4" "2 3 1 4" "2 4 1 4" "3 2 1 4"; do
  set -- $job
  times=()
  for k in 1 2 3; do
    measure "$tmp/flint" "$peer" flint "$@"
    times+=("$(field "$tmp/flint" seconds)")
  done
  ours=$(printf '%s\n' "${times[@]}" | sort -g | sed -n 2p)
  ours_mem=$(( $(field "$tmp/flint.mem" peak_kib) / 1024 ))
  cell() {  # cell NAME: "time (ratio)" or "> limit"
    if [ "$2" = 0 ]; then
      local t; t=$(field "$tmp/$1" seconds)
      echo "$t s ($(python3 -c "print(f'{$t/$ours:.0f}x')"), $(( $(field "$tmp/$1.mem" peak_kib) / 1024 )) MiB)"
    else
      echo "> $limit s"
    fi
  }
  measure "$tmp/ginac" "$peer" ginac "$@"; g=$?
  "$peer" weights "$@" > "$tmp/w.txt"
  if python3 -c "import sympy" 2>/dev/null; then
    measure "$tmp/sympy" python3 "$(dirname "$0")/peer_sympy.py" "$tmp/w.txt" "$@"; s=$?
    sympy_cell=$(cell sympy $s)
  else
    s=1; sympy_cell="not installed"
  fi
  agree="terms $(field "$tmp/flint" terms)"
  for p in ginac sympy; do
    if [ -s "$tmp/$p" ] && grep -q checksum "$tmp/$p"; then
      if [ "$(field "$tmp/$p" terms)" = "$(field "$tmp/flint" terms)" ] && [ "$(field "$tmp/$p" checksum)" = "$(field "$tmp/flint" checksum)" ]; then
        agree="$agree; $p: yes"
      else
        agree="$agree; $p: NO ($(field "$tmp/$p" terms) terms)"
      fi
    fi
  done
  measure "$tmp/rf" "$peer" rank-flint "$@"
  measure "$tmp/rg" "$peer" rank-ginac "$@"; rg=$?
  rank_cell="$(field "$tmp/rf" rank) in $(field "$tmp/rf" seconds) s / "
  if [ "$rg" = 0 ]; then rank_cell="$rank_cell$(field "$tmp/rg" rank) in $(field "$tmp/rg" seconds) s"; else rank_cell="$rank_cell> $limit s"; fi
  rank_cell="$rank_cell (block $(field "$tmp/rf" block))"
  echo "| ($1, $2, $3, $4) | $ours s (median of 3, $ours_mem MiB) | $(cell ginac $g) | $sympy_cell | $agree | $rank_cell |"
done
rm -rf "$tmp"
