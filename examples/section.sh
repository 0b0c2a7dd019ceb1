# Helper for the examples: print the step of a seprank-sym text report whose title contains $1
# (from its "Step N." line to the blank line that ends it).
section() {
  awk -v want="$1" '
    /^Step [0-9]+\. / { on = index($0, want) > 0 }
    on { print }
    on && /^$/ { on = 0 }'
}
