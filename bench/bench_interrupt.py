"""Figures: how long Ctrl-C and --time-limit wait, in the CLI and in Python (target: at most 1 s).

usage: bench_interrupt.py SEPRANK_SYM [quick]   (the package seprank on PYTHONPATH)

Each job is first run to its end; SIGINT is then sent at evenly spaced moments of that run, and the time from
the signal to the exit (or to Python's KeyboardInterrupt) is measured. The time-limit rows measure how far a
run passes its --time-limit. A figure, not a test: it depends on the machine and its load.
"""
import os
import signal
import subprocess
import sys
import threading
import time

import seprank

exe = sys.argv[1]
quick = len(sys.argv) > 2 and sys.argv[2] == "quick"
samples = 3 if quick else 8
jobs = [["--L", "2", "--dx", "10"], ["--L", "3", "--dx", "4"], ["sweep", "--dx", "2..5", "--L", "1..3"]]
if quick:
    jobs = jobs[:1]


def cli_run(args, signal_at=None):
    start = time.perf_counter()
    p = subprocess.Popen([exe, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if signal_at is None:
        p.wait()
        return time.perf_counter() - start, None
    try:
        p.wait(timeout=signal_at)
        return None, None  # ended before the signal
    except subprocess.TimeoutExpired:
        pass
    sent = time.perf_counter()
    p.send_signal(signal.SIGINT)
    p.wait()
    return p.returncode, time.perf_counter() - sent


worst = 0.0
for args in jobs:
    full, _ = cli_run(args)
    latencies = []
    for k in range(1, samples + 1):
        status, latency = cli_run(args, full * k / (samples + 1))
        if latency is not None:
            latencies.append(latency)
            assert status == 130, f"exit status {status} after SIGINT"
    worst = max([worst, *latencies])
    print(f"CLI {' '.join(args)}: full run {full:.1f} s; SIGINT answered in {min(latencies):.2f} .. "
          f"{max(latencies):.2f} s over {len(latencies)} moments")

for limit in ([10] if quick else [5, 15, 25]):
    start = time.perf_counter()
    r = subprocess.run([exe, "--L", "3", "--dx", "4", "--time-limit", str(limit)], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    print(f"CLI --L 3 --dx 4 --time-limit {limit}: exit {r.returncode} after {time.perf_counter() - start:.2f} s")


def python_latency(delay):
    sent = []

    def fire():
        time.sleep(delay)
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=fire, daemon=True).start()
    try:
        seprank.derive(L=2, dx=10)
    except KeyboardInterrupt:
        return time.perf_counter() - sent[0]
    time.sleep(delay)  # ended first: let the timer fire into a sleep, then swallow it
    return None


start = time.perf_counter()
seprank.derive(L=2, dx=10)
full = time.perf_counter() - start
latencies = []
for k in range(1, samples + 1):
    try:
        latency = python_latency(full * k / (samples + 1))
    except KeyboardInterrupt:
        latency = None
    if latency is not None:
        latencies.append(latency)
worst = max([worst, *latencies])
print(f"Python seprank.derive(L=2, dx=10): full run {full:.1f} s; KeyboardInterrupt in {min(latencies):.2f} .. "
      f"{max(latencies):.2f} s over {len(latencies)} moments")
print(f"worst wait {worst:.2f} s (target <= 1 s)")
