"""Prints 'tests: N passed, M failed' from meson's testlog.json.

Each meson test is a doctest executable; its '[doctest] test cases:' summary gives the
number of test cases passed and failed. A test without that summary (a crash, a timeout)
counts as one failed test case."""
import json
import re
import sys

passed = failed = 0
summary = re.compile(r"\[doctest\] test cases:\s*\d+\s*\|\s*(\d+) passed\s*\|\s*(\d+) failed")
with open(sys.argv[1]) as log:
    for line in log:
        entry = json.loads(line)
        m = summary.search(entry.get("stdout", "") or "")
        if m and entry.get("result") in ("OK", "FAIL"):
            passed += int(m.group(1))
            failed += int(m.group(2))
            if entry.get("result") == "FAIL" and int(m.group(2)) == 0:
                failed += 1  # non-zero exit without a failed case (e.g. a leak report)
        elif entry.get("result") == "OK":
            passed += 1
        else:
            failed += 1
print(f"tests: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
