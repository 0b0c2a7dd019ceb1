#!/usr/bin/env python3
"""A run of several hosts: one process in each of three network namespaces, MPI over TCP only.

usage: test_mpi_hosts.py SEPRANK_SYM MPIRUN [--bench] [ARGS...]

Each "host" is a Linux network namespace with its own network stack and address on a bridge; mpirun reaches it
through an rsh agent (`ip netns exec`, in place of ssh) and the processes talk over TCP (btl self,tcp), as on a
cluster of machines sharing a file system. The output must be byte-identical to a single process's.
Without ARGS it runs the test cases below; with --bench it runs ARGS once each way and prints the wall times
and each process's CPU time (figures, not a test). Needs root and iproute2; otherwise exits 77 (skipped).
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

exe, mpirun = sys.argv[1], sys.argv[2]
bench = len(sys.argv) > 3 and sys.argv[3] == "--bench"
bench_args = sys.argv[4:] if bench else []
HOSTS = 3
# Within meson's 600 s: a run that does not end is reported (with the processes then alive) and killed, never
# left for meson to kill without a word (a CI run once timed out here, cause unknown).
DEADLINE = time.time() + (100000 if bench else 500)
signal.signal(signal.SIGTERM, lambda *_: sys.exit("killed (SIGTERM); namespaces removed"))  # finally: runs


def free_names():
    """A bridge name and a /24 that no interface or route here uses (a namespace left by a killed run, or a
    run beside this one, would otherwise share the subnet and take the daemons' connections)."""
    links = subprocess.run(["ip", "-o", "link"], capture_output=True, text=True).stdout
    routes = subprocess.run(["ip", "-4", "route"], capture_output=True, text=True).stdout
    for k in range(200):
        tag, third = f"{(os.getpid() + k) % 10000}", (os.getpid() + k) % 200 + 20
        if f"srsbr{tag}" not in links and f"10.77.{third}." not in routes:
            return tag, f"10.77.{third}"
    return f"{os.getpid() % 10000}", f"10.77.{os.getpid() % 200 + 20}"


tag, subnet = free_names() if shutil.which("ip") else ("0", "10.77.20")
bridge = f"srsbr{tag}"
namespaces = [f"srs{tag}n{i}" for i in range(1, HOSTS + 1)]
addresses = [f"{subnet}.{10 + i}" for i in range(1, HOSTS + 1)]


def sh(*cmd):
    subprocess.run(cmd, check=True, capture_output=True, text=True)


def skip(why):
    print(f"skipped: {why}")
    sys.exit(77)


if os.geteuid() != 0:
    skip("network namespaces need root")
if not shutil.which("ip"):
    skip("iproute2's ip is not installed")


def setup():
    sh("ip", "link", "add", bridge, "type", "bridge")
    sh("ip", "addr", "add", f"{subnet}.1/24", "dev", bridge)
    sh("ip", "link", "set", bridge, "up")
    for i, (ns, addr) in enumerate(zip(namespaces, addresses), 1):
        sh("ip", "netns", "add", ns)
        sh("ip", "link", "add", f"{bridge}v{i}", "type", "veth", "peer", "name", "eth0", "netns", ns)
        sh("ip", "link", "set", f"{bridge}v{i}", "master", bridge)
        sh("ip", "link", "set", f"{bridge}v{i}", "up")
        sh("ip", "netns", "exec", ns, "ip", "addr", "add", f"{addr}/24", "dev", "eth0")
        sh("ip", "netns", "exec", ns, "ip", "link", "set", "eth0", "up")
        sh("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up")


def namespace_pids():
    return [p for ns in namespaces
            for p in subprocess.run(["ip", "netns", "pids", ns], capture_output=True, text=True).stdout.split()]


def teardown():
    for p in namespace_pids():  # daemons still alive in a "host"
        subprocess.run(["kill", "-9", p], capture_output=True)
    for ns in namespaces:
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)
    subprocess.run(["ip", "link", "del", bridge], capture_output=True)


env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
failures = 0
tmp = tempfile.mkdtemp()
try:
    try:
        setup()
    except subprocess.CalledProcessError as e:
        skip(f"cannot create network namespaces here ({' '.join(e.cmd)}: {e.stderr.strip()})")
    agent = os.path.join(tmp, "netns_rsh")
    # The "remote shell": host address -> its namespace. Each host also gets its own host name (a UTS namespace)
    # and its own temporary directory, as separate machines have: Open MPI names its session directory
    # (/tmp/ompi.HOSTNAME.UID/...) by host name. With one host name and one /tmp for all three, a daemon now and
    # then never reported in and mpirun waited forever (a CI run timed out here; beside two CPU hogs the old agent
    # hung in 3 of 25 runs of this test, this one in none of 25, nor in 100 further launches).
    with open(agent, "w") as f:
        f.write("#!/bin/sh\nhost=$1; shift\ncase \"$host\" in\n")
        for ns, addr in zip(namespaces, addresses):
            f.write(f"  {addr}) ns={ns} ;;\n")
        f.write("  *) echo \"netns_rsh: unknown host $host\" >&2; exit 255 ;;\nesac\n"
                f"TMPDIR={tmp}/$ns; mkdir -p \"$TMPDIR\"; export TMPDIR\n"
                "exec ip netns exec \"$ns\" unshare --uts sh -c \"hostname $ns; $*\"\n")
    os.chmod(agent, 0o755)
    hostfile = os.path.join(tmp, "hosts")
    with open(hostfile, "w") as f:
        f.write("".join(f"{a} slots=1\n" for a in addresses))
    net = f"{subnet}.0/24"
    launch = [mpirun, "--hostfile", hostfile, "-np", str(HOSTS), "--mca", "plm_rsh_agent", agent,
              "--mca", "plm_rsh_no_tree_spawn", "1", "--mca", "oob_tcp_if_include", net,
              "--mca", "btl", "self,tcp", "--mca", "btl_tcp_if_include", net]
    # Each process reports its host's address and its CPU time on stderr; stdout is the tool's.
    report = ("import os, re, resource, subprocess, sys\n"
              "status = subprocess.call(sys.argv[1:])\n"
              "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
              "a = re.search(r'inet ([0-9.]+)', subprocess.run(['ip', '-4', '-o', 'addr', 'show', 'eth0'], capture_output=True, text=True).stdout)\n"
              "print(f'process {os.environ.get(\"OMPI_COMM_WORLD_RANK\")} on {a.group(1) if a else \"?\"}: cpu {u.ru_utime + u.ru_stime:.1f} s', file=sys.stderr)\n"
              "sys.exit(status)\n")
    wrapper = [sys.executable, "-c", report, exe]

    def execute(cmd):
        """Runs cmd with its output in files, waiting for cmd itself (a daemon that outlives mpirun and keeps a
        pipe open cannot hold the test); past the deadline it prints what is running, kills it and returns None."""
        with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
            p = subprocess.Popen(cmd, stdout=out, stderr=err, text=True, env=env, start_new_session=True)
            try:
                p.wait(timeout=max(1.0, DEADLINE - time.time()))
            except subprocess.TimeoutExpired:
                ps = subprocess.run(["ps", "-eo", "pid,ppid,etime,time,args", "--forest"], capture_output=True, text=True)
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
                err.seek(0)
                print(f"FAIL: no end within the test's deadline: {' '.join(cmd)}\nits stderr:\n{err.read()[-3000:]}\n"
                      f"processes:\n{ps.stdout[-6000:]}")
                return None
            lingering = namespace_pids()
            if lingering:  # Open MPI's daemons are expected to end with mpirun; say so if one did not
                print(f"note: processes {lingering} still in the namespaces after mpirun ended; killed")
                for q in lingering:
                    subprocess.run(["kill", "-9", q], capture_output=True)
            out.seek(0), err.seek(0)
            return subprocess.CompletedProcess(cmd, p.returncode, out.read(), err.read())

    def compare(args, single_args=None):
        global failures
        t0 = time.time()
        one = execute([exe] + (single_args or args))
        t1 = time.time()
        many = execute(launch + wrapper + args) if one else None
        t2 = time.time()
        if one is None or many is None:
            failures += 1
            return
        places = sorted(set(re.findall(r"process (\d+) on ([0-9.]+)", many.stderr)))
        if (many.returncode, many.stdout) != (one.returncode, one.stdout) or len({a for _, a in places}) != HOSTS:
            failures += 1
            print(f"FAIL: {HOSTS} hosts, {' '.join(args)}: exit {many.returncode} (single {one.returncode}), output "
                  f"{'differs' if many.stdout != one.stdout else 'equal'}, processes on {places}\n{many.stderr[-3000:]}")
        else:
            print(f"ok: {HOSTS} hosts over TCP ({', '.join(a for _, a in places)}), {' '.join(args)}: "
                  f"{len(one.stdout)} bytes, exit {one.returncode}; one process {t1 - t0:.1f} s, {HOSTS} hosts {t2 - t1:.1f} s")
        if bench:
            for line in sorted(l for l in many.stderr.splitlines() if l.startswith("process ")):
                print("  " + line)

    if bench:
        compare(bench_args + ["--quiet"])
    else:
        compare(["--L", "2", "--dx", "4", "--quiet", "--time-limit", "3000"])
        compare(["--L", "2", "--dx", "2", "--H", "2", "--format", "json", "--quiet", "--time-limit", "3000"])
        compare(["audit", "--L", "1..12", "--dx", "1..300", "--format", "json", "--quiet"])
        store = os.path.join(tmp, "units.db")  # the store on the shared file system, written by process 0
        compare(["--L", "2", "--dx", "4", "--store", store, "--quiet", "--time-limit", "3000"],
                single_args=["--L", "2", "--dx", "4", "--quiet", "--time-limit", "3000"])
        again = execute([exe, "--L", "2", "--dx", "4", "--store", store, "--time-limit", "3000"])
        if again is None:
            failures += 1
        elif "5 of 5 blocks read from " + store not in again.stdout:
            failures += 1
            print("FAIL: a single process did not read back the 5 Gram blocks the hosts stored\n" + again.stdout[-2000:])
        else:
            print("ok: a single process reads back the 5 Gram blocks the hosts stored")
finally:
    teardown()
    shutil.rmtree(tmp, ignore_errors=True)
sys.exit(1 if failures else 0)
