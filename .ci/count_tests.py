"""Prints 'tests: N passed, M failed' from meson's testlog.json files (and --extra 1/0 for one
more test that passed or failed, e.g. the fuzz run).

Each meson test is a doctest executable; its '[doctest] test cases:' summary gives the
number of test cases passed and failed. A test without that summary (a crash, a timeout)
counts as one failed test case. A skipped test (exit 77: e.g. the three-host MPI test where network
namespaces cannot be made) counts neither way and is named on a line of its own."""
import json
import re
import sys

import argparse

parser = argparse.ArgumentParser()
parser.add_argument("logs", nargs="+")
parser.add_argument("--extra", type=int, action="append", default=[])
args = parser.parse_args()

passed = failed = 0
skipped = []
summary = re.compile(r"\[doctest\] test cases:\s*\d+\s*\|\s*(\d+) passed\s*\|\s*(\d+) failed")
for path in args.logs:
    with open(path) as log:
        for line in log:
            entry = json.loads(line)
            m = summary.search(entry.get("stdout", "") or "")
            if m and entry.get("result") in ("OK", "FAIL"):
                passed += int(m.group(1))
                failed += int(m.group(2))
                if entry.get("result") == "FAIL" and int(m.group(2)) == 0:
                    failed += 1  # non-zero exit without a failed case (e.g. a leak report)
            elif entry.get("result") in ("OK", "EXPECTEDFAIL"):  # EXPECTEDFAIL: a should_fail test that failed
                passed += 1
            elif entry.get("result") == "SKIP":
                skipped.append(entry.get("name", "?"))
            else:
                failed += 1
for ok in args.extra:
    if ok:
        passed += 1
    else:
        failed += 1
for name in skipped:
    print(f"skipped: {name}")
print(f"tests: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
