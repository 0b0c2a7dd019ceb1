#!/usr/bin/env python3
"""Runs of several processes (mpirun --oversubscribe -np P) print exactly what one process prints.

usage: test_mpi.py SEPRANK_SYM MPIRUN
Compares, byte for byte, the output of mpirun -np 2 and -np 3 with a single-process run for several
configurations and formats, a sweep, the audit map, and a run with a results store (whose units are then all read back by a
single process). Exits 1 with the first difference.
"""
import json
import os
import subprocess
import sys
import tempfile

exe, mpirun = sys.argv[1], sys.argv[2]
env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")
failures = 0


def run(args, np=0, timeout=600):
    cmd = ([mpirun, "--oversubscribe", "-np", str(np)] if np else []) + [exe] + args + ["--quiet"]
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    return r.returncode, r.stdout, r.stderr


def same(args, nps=(2, 3)):
    global failures
    if args[0].startswith("--"):  # a generous deadline: the comparison, not the machine's load, decides
        args = args + ["--time-limit", "3000"]
    status, single, _ = run(args)
    for np in nps:
        s, out, err = run(args, np)
        if (s, out) != (status, single):
            failures += 1
            print(f"FAIL: mpirun -np {np} {' '.join(args)}: exit {s} (single {status}); output "
                  f"{'differs' if out != single else 'equal'}\n{err[-2000:]}")
        else:
            print(f"ok: mpirun -np {np} {' '.join(args)} ({len(out)} bytes, exit {s})")
    return single


same(["--L", "2", "--dx", "4"])
same(["--L", "2", "--dx", "4", "--format", "json"])
same(["--L", "2", "--dx", "2", "--H", "2", "--format", "json"], nps=(3,))
# L = 3 past its expansion (--max-terms): the Gram blocks and grids handed out, without 10 s of the one process's
# expansion (no unit of work; the L = 2 runs above cover the expansion's route).
same(["--L", "3", "--dx", "2", "--max-terms", "1000", "--format", "latex"], nps=(3,))
same(["sweep", "--dx", "2..3", "--L", "1..2"], nps=(2,))
# The audit's rows as units, one per L (analysis/audit_units): the map and its JSON with the exact counts.
same(["audit", "--L", "1..12", "--dx", "1..400", "--format", "json"])
same(["audit", "--L", "2,5,9", "--dx", "2..600", "--H", "2"], nps=(3,))

with tempfile.TemporaryDirectory() as tmp:
    store = os.path.join(tmp, "units.db")
    status, single, _ = run(["--L", "2", "--dx", "4"])
    s, out, err = run(["--L", "2", "--dx", "4", "--store", store], np=3)
    if (s, out) != (status, single):
        failures += 1
        print("FAIL: mpirun -np 3 with --store differs from a single process\n" + err[-2000:])
    s, again, _ = run(["--L", "2", "--dx", "4", "--store", store])
    if "5 of 5 blocks read from " + store not in again:
        failures += 1
        print("FAIL: the units stored by process 0 of an MPI run are not all read back")
    listing = json.loads(run(["store", store, "--format", "json"])[1])
    methods = [u["method"] for u in listing["results"]["units"]]
    # the grid at N = 4 as bands of its evaluations (handed out like the blocks), the ladder's grid at N = 2
    if methods.count("gram-block") != 5 or methods.count("grid") != 1 or methods.count("grid-band") < 1:
        failures += 1
        print(f"FAIL: the store holds {methods.count('gram-block')} blocks, {methods.count('grid')} grids and "
              f"{methods.count('grid-band')} grid bands, not 5, 1 and at least 1")
    else:
        print(f"ok: mpirun -np 3 --store: {len(methods)} units stored once each, all read back by one process")

# Process 0 stopped by the time limit (in the structural analysis, and in the rank stage) ends the whole run with
# exit status 4 and the output of a single process that stopped there: no process is left waiting.
for limit in ("0.2", "1.5"):
    args = ["--L", "3", "--dx", "3", "--time-limit", limit]
    try:
        s, out, err = run(args, np=2, timeout=120)
    except subprocess.TimeoutExpired:
        s, err = "a hang (killed after 120 s)", ""
    if s != 4:
        failures += 1
        print(f"FAIL: mpirun -np 2 {' '.join(args)}: exit {s}, not 4\n{err[-2000:]}")
    else:
        print(f"ok: mpirun -np 2 {' '.join(args)}: exit 4, no process left waiting")

print(f"mpi: {failures} failure(s)")
sys.exit(1 if failures else 0)
