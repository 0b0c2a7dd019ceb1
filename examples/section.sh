# Helpers for the examples. section: print the step of a seprank-sym text report whose title contains $1
# (from its "Step N (id)." line to the blank line that ends it). findings: print the Findings block.
section() {
  awk -v want="$1" '
    /^Step [0-9]+ (\([a-z0-9-]+\) )?/ && /^Step [0-9]+( \([a-z0-9-]+\))?\. / { on = index($0, want) > 0 }
    on { print }
    on && /^$/ { on = 0 }'
}
findings() {
  sed -n '/^Findings:/,/^$/p' | grep -E '^  \[' || true
}
