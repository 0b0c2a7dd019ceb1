#!/usr/bin/env python3
"""The standalone certificate checker (lib/seprank/app/check_certificate.py) trusts nothing.

A certificate written by hand: L = 1, d_x = 1, H = 1, N = 2, all weights 1, output position 1, so
y = x1 (x1^2 + x2^2) = x1^3 + x1 x2^2 and sep(y; {1} | {2}) = 2 (two linearly independent products;
by hand). The checker must accept the claim 2, reject the claim 3 without printing a "certified" line,
and refuse every malformed variant, one field at a time, with exit status 2 and one line naming it.
It must also stay bounded: JSON nested deeper than 64 levels, and sizes needing an array above 512 MiB,
are refused the same way, at once and without a traceback; the batched forward pass and the chunked
elimination give the same ranks as unbatched ones.
Usage: test_check_certificate.py CHECKER
"""
import copy
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import time

CHECKER = sys.argv[1]
VALID = {
    "format": "seprank-sym grid certificate v1",
    "statement": "sep(y_p; A, B) >= claimed_rank for these weights",
    "config": {"L": 1, "dx": 1, "H": 1, "N": 2, "position": 1, "entry": 1, "residual": False},
    "partition": {"A": [1], "B": [2]},
    "prime": 1000003,
    "weights": [[{"Q": [[1]], "K": [[1]], "V": [[1]], "O": [[1]]}]],
    "points": {"A": [[1], [2], [3]], "B": [[1], [2], [3]]},
    "claimed_rank": 2,
}

failures = []
checks = [0]


def run(cert, raw=None):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "certificate.json")
        with open(path, "w") as f:
            f.write(raw if raw is not None else json.dumps(cert))
        try:
            r = subprocess.run([sys.executable, CHECKER, path], capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired:
            return -1, "(timed out after 120 s)"
    return r.returncode, r.stdout + r.stderr


def certified_line(out):
    return any(line.startswith("sep >=") and line.endswith("certified") for line in out.splitlines())


def expect(cond, what, out=""):
    checks[0] += 1
    if not cond:
        failures.append(what + ("\n    output: " + out.strip().replace("\n", "\n            ") if out else ""))


def variant(path, value):
    cert = copy.deepcopy(VALID)
    node = cert
    for key in path[:-1]:
        node = node[key]
    if value is DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return cert


DELETE = object()

# The valid certificate: rank 2 = sep by hand.
status, out = run(VALID)
expect(status == 0 and out.strip().splitlines()[-1] == "sep >= 2 certified", "the valid certificate is accepted with sep >= 2", out)

# A raised claim: exit 1, and no line says "certified" for it.
status, out = run(variant(["claimed_rank"], 3))
expect(status == 1, "claim 3 exits 1", out)
expect(not certified_line(out), "claim 3 prints no 'sep >= R certified' line", out)
expect("NOT certified" in out, "claim 3 says NOT certified", out)

# The same weights with other degenerate data: W^V = 0 makes y = 0, so the rank is 0 < 1.
zero_v = variant(["weights"], [[{"Q": [[1]], "K": [[1]], "V": [[0]], "O": [[1]]}]])
zero_v["claimed_rank"] = 1
status, out = run(zero_v)
expect(status == 1 and not certified_line(out), "y = 0 (W^V = 0) does not certify sep >= 1", out)

# One malformed field at a time: exit 2, one line, naming what is wrong, no certified line.
MALFORMED = [
    (["prime"], 12, "not a prime"),          # mod 12 elimination would overcount the rank (3 > sep = 2)
    (["prime"], 1, "out of range"),
    (["prime"], 2 ** 28 + 3, "out of range"),
    (["prime"], 1000003.0, "integer"),
    (["prime"], DELETE, "prime"),
    (["format"], "something else", "format"),
    (["config", "L"], 0, "config.L"),
    (["config", "L"], True, "config.L"),
    (["config", "L"], 2, "layers"),           # the weights hold one layer
    (["config", "dx"], 0, "config.dx"),
    (["config", "dx"], 65, "config.dx"),
    (["config", "H"], 0, "config.H"),
    (["config", "H"], 2, "config.H"),         # H > d_x
    (["config", "N"], 1, "config.N"),
    (["config", "N"], 65, "config.N"),
    (["config", "N"], 3, "cover"),            # the partition covers 1..2 only
    (["config", "position"], 0, "config.position"),
    (["config", "position"], 3, "config.position"),
    (["config", "position"], 2, "must be in A"),
    (["config", "entry"], 0, "config.entry"),
    (["config", "entry"], 2, "config.entry"),
    (["config", "residual"], "no", "config.residual"),
    (["config", "residual"], DELETE, "residual"),
    (["partition", "A"], [], "non-empty"),
    (["partition", "A"], [1, 2], "disjoint"),
    (["partition", "B"], [1], "disjoint"),
    (["partition", "B"], [3], "partition.B"),
    (["partition", "A"], [0], "partition.A"),
    (["partition", "A"], "1", "partition"),
    (["points", "A"], [[1], [2]], "same number"),
    (["points", "A"], [[1, 2], [2, 3], [3, 4]], "points.A"),
    (["points", "B"], [[1], [2.5], [3]], "non-integer"),
    (["points", "B"], [], "same number"),
    (["weights"], [[{"Q": [[1, 0]], "K": [[1]], "V": [[1]], "O": [[1]]}]], "W^Q"),
    (["weights"], [[{"Q": [[1]], "K": [[True]], "V": [[1]], "O": [[1]]}]], "non-integer"),
    (["weights"], [[{"Q": [[1]], "K": [[1]], "V": [[1]]}]], "W^O"),
    (["weights"], [[]], "heads"),
    (["claimed_rank"], -1, "claimed_rank"),
    (["claimed_rank"], "2", "claimed_rank"),
]
for path, value, says in MALFORMED:
    label = ".".join(path) + " = " + ("(missing)" if value is DELETE else repr(value))
    status, out = run(variant(path, value))
    lines = out.strip().splitlines()
    expect(status == 2, label + ": exit status 2 (got %d)" % status, out)
    expect(len(lines) == 1 and lines[0].startswith("check.py: "), label + ": one line starting 'check.py: '", out)
    expect(says in out, label + ": the message names '%s'" % says, out)
    expect(not certified_line(out), label + ": no certified line", out)

# H must divide d_x: d_x = 3, H = 2.
cert = variant(["config", "dx"], 3)
cert["config"]["H"] = 2
status, out = run(cert)
expect(status == 2 and "must divide" in out, "H = 2 with d_x = 3 is refused", out)

for raw, says in (("{not json", "cannot read"), ("[1, 2]", "object")):
    status, out = run(None, raw)
    expect(status == 2 and says in out, "raw %r is refused" % raw, out)


def refused_in_one_line(status, out, says, label):
    lines = out.strip().splitlines()
    expect(status == 2, label + ": exit status 2 (got %d)" % status, out)
    expect(len(lines) == 1 and lines[0].startswith("check.py: "), label + ": one line starting 'check.py: '", out)
    expect("Traceback" not in out, label + ": no traceback", out)
    expect(all(s in out for s in says), label + ": the message names %s" % ", ".join("'%s'" % s for s in says), out)
    expect(not certified_line(out), label + ": no certified line", out)


# Nesting depth: 10,000 nested lists (json.load alone raises RecursionError), an object nested 100 deep, and
# the valid certificate with an extra field 65 levels deep are refused naming the limit; 64 levels (the
# limit) and brackets inside strings are accepted.
DEPTH = ["deeper than", "64 levels"]
status, out = run(None, "[" * 10000 + "]" * 10000)
refused_in_one_line(status, out, DEPTH, "10,000 nested lists")
status, out = run(None, '{"a": ' * 100 + "1" + "}" * 100)
refused_in_one_line(status, out, DEPTH, "100 nested objects")
status, out = run(variant(["extra"], json.loads("[" * 64 + "]" * 64)))  # 1 + 64 levels
refused_in_one_line(status, out, DEPTH, "the valid certificate with a field 65 levels deep")
status, out = run(variant(["extra"], json.loads("[" * 63 + "]" * 63)))  # 1 + 63 = 64 levels
expect(status == 0 and certified_line(out), "the valid certificate with a field 64 levels deep is accepted", out)
status, out = run(variant(["statement"], '[{"\\"' * 100 + "]" * 100))
expect(status == 0 and certified_line(out), "brackets inside strings do not count as nesting", out)

# Sizes: s = 9000 points per side needs a 9000 x 9000 int64 grid, 648,000,000 bytes > 512 MiB. Refused at
# once, naming the estimate and the cap (before the fix: 81 million evaluations and a 618 MiB grid).
big = variant(["points"], {"A": [[u] for u in range(9000)], "B": [[u] for u in range(9000)]})
start = time.monotonic()
status, out = run(big)
elapsed = time.monotonic() - start
refused_in_one_line(status, out, ["s = 9000", "648000000 bytes", "512 MiB"], "s = 9000 points per side")
expect(elapsed < 20, "s = 9000 is refused within 20 s (took %.1f s)" % elapsed, out)

# The largest grid allowed with the widest network: s = 8192, N = d_x = 64 is within the cap (not run).
spec = importlib.util.spec_from_file_location("check_certificate", CHECKER)
checker = importlib.util.module_from_spec(spec)
spec.loader.exec_module(checker)
expect(hasattr(checker, "largest_array_bytes"), "the checker has largest_array_bytes")
if not hasattr(checker, "largest_array_bytes"):
    checker.largest_array_bytes = lambda s, N, dx: -1
expect(checker.largest_array_bytes(8192, 64, 64) == 512 * 2 ** 20, "s = 8192, N = d_x = 64 needs at most 512 MiB")
expect(checker.largest_array_bytes(8193, 2, 1) > 512 * 2 ** 20, "s = 8193 needs more than 512 MiB")
expect(checker.largest_array_bytes(256, 64, 64) <= 32 * 2 ** 20, "s = 256, N = d_x = 64: batches of 32 MiB")

# Batches and elimination chunks: the hand-made network on s = 3000 points (several forward-pass batches,
# elimination in chunks of rows) still has rank 2.
wide = variant(["points"], {"A": [[u] for u in range(1, 3001)], "B": [[u] for u in range(1, 3001)]})
status, out = run(wide)
expect(status == 0 and out.strip().splitlines()[-1] == "sep >= 2 certified", "s = 3000 points: sep >= 2 certified", out)

# The chunked elimination against plain Gaussian elimination, on random matrices of known rank mod p, with
# chunks of 1 to 3 rows.
def plain_rank(m, p):
    m = [[x % p for x in row] for row in m]
    rank = 0
    for c in range(len(m[0])):
        r = next((r for r in range(rank, len(m)) if m[r][c]), None)
        if r is None:
            continue
        m[rank], m[r] = m[r], m[rank]
        inv = pow(m[rank][c], p - 2, p)
        for r in range(len(m)):
            if r != rank and m[r][c]:
                f = m[r][c] * inv % p
                m[r] = [(x - f * y) % p for x, y in zip(m[r], m[rank])]
        rank += 1
    return rank


rng = random.Random(7)
p = 168736817
for chunk_rows in (1, 2, 3):
    checker.BATCH_BYTES = 8 * 40 * chunk_rows  # 40 columns: chunks of chunk_rows rows
    for rank in (0, 1, 17, 40):
        left = [[rng.randrange(p) for _ in range(rank)] for _ in range(40)]
        right = [[rng.randrange(p) for _ in range(40)] for _ in range(rank)]
        m = [[sum(left[u][k] * right[k][v] for k in range(rank)) % p for v in range(40)] for u in range(40)]
        got = checker.rank_mod_p(checker.np.array(m, dtype=checker.np.int64), p)
        expect(got == plain_rank(m, p), "rank_mod_p with chunks of %d rows: %d (plain: %d)" % (chunk_rows, got, plain_rank(m, p)))

print("%d passed, %d failed" % (checks[0] - len(failures), len(failures)))
for f in failures:
    print("FAILED: " + f)
sys.exit(1 if failures else 0)
