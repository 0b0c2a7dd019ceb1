"""The adversary's reproductions of issue 49, replayed on every CI run: each one that once ran past its limit, exited 0
having ignored an option, or certified what it had not, with the status and the words it must give now. Each run has
a hang guard (its limit plus a minute), never a timing: a run that passes it failed to stop.

usage: test_reproductions.py SEPRANK_SYM [STORE_TAMPER]   (Debian's /usr/bin/python3: the standard library only)
"""
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

exe = os.path.abspath(sys.argv[1])
tamper = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "store_tamper.py")
work = tempfile.mkdtemp(prefix="seprank-repro-")
failures = 0


def check(ok, what):
    global failures
    print(("ok    " if ok else "FAIL  ") + what, flush=True)
    failures += 0 if ok else 1


def run(args, guard=60, env=None, stdin=None):
    """The CLI's status, stdout and stderr (status None: the hang guard ended it)."""
    e = dict(os.environ, **(env or {}))
    try:
        p = subprocess.run([exe] + args, capture_output=True, text=True, timeout=guard, env=e, stdin=stdin, cwd=work)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", "(ran past the hang guard of %s s)" % guard


def expect(name, args, status, words=(), guard=60, env=None):
    rc, out, err = run(args, guard, env)
    said = out + err
    missing = [w for w in words if w not in said]
    check(rc == status and not missing,
          f"{name}: exit {rc} (want {status})" + (f"; missing {missing!r}; said: {said[-400:]!r}" if missing else ""))
    return said


def path(name):
    return os.path.join(work, name)


try:
    # 1. Our own bounds against each other: a Gram block re-signed with the key at a rank below the truth and
    #    certified by exact elimination passes every plausibility check; the certified sep(4) = 49 contradicts it.
    store = path("forged.db")
    expect("an honest store", ["--L", "2", "--dx", "3", "--quiet", "--store", store], 0)
    subprocess.run([sys.executable, tamper, store, "gram-block", "k=3",
                    "d['rank_mod_p'] = 17; d['upper'] = 17; d['certificate'] = 'exact_elimination'", "--resign"], check=True)
    expect("a forged store, without --verify", ["--L", "2", "--dx", "3", "--quiet", "--store", store], 1,
           ["One of our own checks FAILED"])

    # 2. A run that does not finish its certificate removes the earlier one (check.py would certify it).
    cert = path("cert")
    expect("a certificate", ["--L", "1", "--dx", "1", "--N", "2", "--quiet", "--certificate", cert], 0)
    expect("a run refused by its time limit", ["--L", "2", "--dx", "4", "--time-limit", "1e-9", "--certificate", cert],
           3, ["removed the earlier certificate"])
    check(not os.path.exists(os.path.join(cert, "certificate.json")), "no stale certificate.json left")

    # 3. Limits: validated before anything acts, reads bounded, waits bounded, --time-limit for the whole command.
    expect("--threads 30000", ["--threads", "30000", "--L", "1", "--dx", "1"], 2, ["threads = 30000 is out of range"], guard=30)
    expect("--weights /dev/zero", ["--L", "1", "--dx", "1", "--weights", "/dev/zero"], 2, guard=30)
    expect("SEPRANK_STORE_KEY=/dev/zero", ["--L", "1", "--dx", "1", "--store", path("key.db")], 2, guard=30,
           env={"SEPRANK_STORE_KEY": "/dev/zero"})
    expect("hessian-ranks --time-limit, inside one rank", ["hessian-ranks", "--level", "3", "--d", "64", "--time-limit", "2", "--quiet"],
           4, ["rows               = 0 of 1"])
    expect("sweep --time-limit for the whole sweep", ["sweep", "--dx", "2..3", "--L", "1..2", "--time-limit", "1e-9", "--quiet"], 4,
           ["(the time limit was reached)"])
    expect("audit --time-limit: the rows decided are shown", ["audit", "--L", "1..3", "--dx", "1..5", "--time-limit", "1e-9", "--quiet"],
           4, ["rows decided = 0 of 15"])
    # The whole run takes about 22 s on a 2-core machine: 2 s is below it on any machine we run on.
    expect("the ladder's 1024 x 1024 grids under --time-limit", ["--L", "3", "--dx", "3", "--time-limit", "2", "--quiet"], 4,
           ["[skipped]"], guard=65)
    expect("--max-memory sizes the grid", ["--L", "3", "--dx", "3", "--max-memory", "40", "--quiet", "--time-limit", "3000"], 0,
           ["the point limit set by the memory estimate was reached (raise --max-memory)"], guard=120)
    # A store another process holds locked: the wait ends at --time-limit (it waited 30 s after the rank stage, exit 2).
    locked = path("locked.db")
    expect("a store", ["--L", "2", "--dx", "2", "--quiet", "--store", locked], 0)
    with sqlite3.connect(locked) as c:
        c.execute("delete from units where method = 'element-rank'")
    holder = sqlite3.connect(locked, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    expect("a locked store past --time-limit", ["--L", "2", "--dx", "2", "--quiet", "--time-limit", "3", "--store", locked], 4,
           ["the element ranks were not checked"], guard=25)
    holder.execute("ROLLBACK")
    holder.close()

    # 4. Every option meaningful or refused.
    for sub in (["audit", "--L", "1", "--dx", "1"], ["sweep", "--dx", "2", "--L", "1"], ["annihilators"], ["hessian-ranks"]):
        expect(f"{sub[0]} --certificate", ["--certificate", path("c2")] + sub, 2, guard=30)
    expect("bounds --partition", ["--partition", "1", "bounds"], 2, ["--partition applies to the main command, not to bounds"])
    expect("plan --weights", ["--weights", "symbolic", "plan"], 2, ["--weights applies to the main command, not to plan"])
    expect("--partition ''", ["--L", "1", "--dx", "1", "--partition", ""], 2)
    expect("--L 0x2", ["--L", "0x2", "--dx", "1"], 2)
    expect("sweep --plot x.txt, before any row", ["sweep", "--dx", "2..40", "--L", "1..3", "--plot", path("x.txt")], 2,
           ["must end in .svg, .png or .pdf"], guard=30)
    expect("audit --plot into no directory", ["audit", "--L", "1", "--dx", "1", "--plot", path("none/a.svg")], 2,
           ["does not exist or cannot be written"], guard=30)

    # 6. Statuses and exits.
    zero = path("zero.txt")
    with open(zero, "w") as f:
        f.write("WQ 1 1\n0\nWK 1 1\n0\nWV 1 1\n0\nWO 1 1\n0\n")
    expect("all-zero weights", ["--L", "1", "--dx", "1", "--N", "2", "--quiet", "--weights", zero], 0, ["y_p = 0 (the zero polynomial)"])
    p = subprocess.Popen([exe, "audit", "--L", "1..20", "--dx", "1..3000", "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=work)
    p.stdout.read(100)
    p.stdout.close()  # the reader goes away: `| head`
    try:
        rc = p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = None
    check(rc == 6, f"a closed pipe: exit {rc} (want 6, not 141)")
    expect("--all-partitions over --max-terms", ["--L", "2", "--dx", "4", "--N", "4", "--max-terms", "10", "--quiet", "--all-partitions"], 3)
    expect("a huge number keeps its value", ["bounds", "--H", "99999999999999999999"], 2, ["99999999999999999999"])
    weak = path("weak.key")
    with open(weak, "wb") as f:
        f.write(b"\x00" * 32)
    os.chmod(weak, 0o644)
    expect("a weak, readable store key is warned about", ["--L", "1", "--dx", "1", "--N", "2", "--quiet", "--store", path("weak.db")], 0,
           ["can be read by others (mode 0644)", "is one byte repeated: a weak key"], env={"SEPRANK_STORE_KEY": weak})
    if os.geteuid() == 0 and shutil.which("mount"):
        tiny = path("tiny")
        os.mkdir(tiny)
        if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=40k", "tmpfs", tiny], capture_output=True).returncode == 0:
            try:
                expect("a results store on a full disk", ["--L", "2", "--dx", "8", "--quiet", "--store", os.path.join(tiny, "s.db")], 6,
                       ["database or disk is full"])
            finally:
                subprocess.run(["umount", tiny])
    else:
        print("skip  a results store on a full disk: needs root (CI runs it as root)")
finally:
    shutil.rmtree(work, ignore_errors=True)

print(f"reproductions: {failures} failed")
sys.exit(1 if failures else 0)
