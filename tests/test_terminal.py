"""The text format on a terminal: wrapped to the terminal's width by default, never wider; the same words as the
output to a pipe, which is not wrapped. The CLI runs on a pseudo-terminal (Python's pty) of 72 columns.

usage: test_terminal.py SEPRANK_SYM
"""
import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios

exe = sys.argv[1]
failures = 0


def check(ok, what):
    global failures
    print(("ok    " if ok else "FAIL  ") + what)
    failures += 0 if ok else 1


def on_terminal(args, columns, env=None):
    """Runs the CLI with standard output on a pseudo-terminal of `columns` columns; returns its output."""
    leader, follower = pty.openpty()
    if columns:
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    attrs = termios.tcgetattr(follower)
    attrs[1] &= ~termios.ONLCR  # keep "\n" as "\n" (no "\r\n")
    termios.tcsetattr(follower, termios.TCSANOW, attrs)
    p = subprocess.Popen([exe, *args], stdout=follower, stderr=subprocess.DEVNULL, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO: the writer has gone
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    p.wait()
    return p.returncode, b"".join(chunks).decode()


for args in (["--L", "2", "--dx", "4"], ["--L", "2", "--dx", "4", "--summary"], ["bounds", "--L", "96", "--dx", "12288", "--H", "96"]):
    piped = subprocess.run([exe, *args, "--quiet"], capture_output=True, text=True)
    status, shown = on_terminal([*args, "--quiet"], 72)
    name = " ".join(args)
    check(status == 0 and piped.returncode == 0, f"{name}: exit 0 on a terminal and to a pipe")
    check(max(len(line) for line in piped.stdout.splitlines()) > 100, f"{name}: to a pipe, lines are not wrapped")
    # Words are never split: a line may be wider only by a word longer than 30 characters (a 50-digit power).
    over = [line for line in shown.splitlines() if len(line) > 72 and len(line.split()[-1]) <= 30]
    check(not over, f"{name}: on a 72-column terminal no line is wider, except for one long word ({over[:1]})")
    check(shown.split() == piped.stdout.split(), f"{name}: the same words in the same order")

# A terminal that does not say its width: 100 columns.
status, shown = on_terminal(["--L", "1", "--dx", "2", "--quiet"], 0)
widest = max(len(line) for line in shown.splitlines())
check(status == 0 and 90 < widest <= 100, f"a terminal of unknown width: 100 columns (widest line {widest})")
# --width 0 on a terminal: no wrapping.
status, shown = on_terminal(["--L", "1", "--dx", "2", "--quiet", "--width", "0"], 72)
check(max(len(line) for line in shown.splitlines()) > 100, "--width 0 on a terminal: not wrapped")

# Under a launcher (Open MPI gives each process a pseudo-terminal of its own): not wrapped, as one process prints.
# SLURM_PROCID stands for any launcher: OMPI_COMM_WORLD_SIZE would make a build without MPI refuse to run.
status, shown = on_terminal(["--L", "1", "--dx", "2", "--quiet"], 72, dict(os.environ, SLURM_PROCID="0"))  # srun: a variable the process group does not read
check(max(len(line) for line in shown.splitlines()) > 100, "under mpirun's pseudo-terminal: not wrapped")

print(f"{failures} failed")
sys.exit(1 if failures else 0)
