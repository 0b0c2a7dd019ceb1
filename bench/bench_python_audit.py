"""Figures: the audit map L = 1..20 x d_x = 1..10,000 from Python (numpy arrays) against the CLI's JSON and text.

usage: bench_python_audit.py SEPRANK_SYM   (the package seprank on PYTHONPATH)
"""
import subprocess
import sys
import time

import seprank

t = time.perf_counter()
a = seprank.audit(range(1, 21), range(1, 10001))
python_s = time.perf_counter() - t
print(f"python seprank.audit: {len(a['L'])} configurations in {python_s:.2f} s")
for fmt in ("text", "json"):
    t = time.perf_counter()
    subprocess.run([sys.argv[1], "audit", "--L", "1..20", "--dx", "1..10000", "--quiet", "--format", fmt],
                   stdout=subprocess.DEVNULL, check=True)
    print(f"CLI audit --format {fmt}: {time.perf_counter() - t:.2f} s")
