#!/usr/bin/env bash
# Runs one example and compares its output with the checked-in expected output.
# Usage: check.sh EXAMPLE.sh EXPECTED SEPRANK_SYM
set -euo pipefail
actual=$(bash "$1" "$3")
if [ "$actual" != "$(cat "$2")" ]; then
  diff <(echo "$actual") "$2" | head -40
  echo "example $1: output differs from $2"
  exit 1
fi
echo "example $1: output as expected"
