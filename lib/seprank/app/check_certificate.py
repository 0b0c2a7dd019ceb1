#!/usr/bin/env python3
"""Re-checks a seprank-sym separation-rank certificate without seprank-sym.

Needs only Python 3 and numpy (Debian: python3-numpy). Reads certificate.json next to this file (or the
path given as the first argument), which holds the network of eq. 3 (L layers, width d_x, H heads, N
positions, output entry p at position i), its integer weights, a prime p < 2^28, a partition (A, B) of the
positions and s points on each side. For every pair (a_u, b_v) it evaluates the network by the literal
forward pass of eq. 3 over Z/p,

    y^{l,i} = sum_j sum_h <W^Q x^{l,i}, W^K x^{l,j}> W^O W^V x^{l,j}     (+ x^{l,i} with the residual variant)

with the inputs at A's positions taken from a_u and at B's from b_v, and ranks the s x s matrix
[y_p(a_u, b_v)] mod p by Gaussian elimination. The grid matrix factors through the coefficient matrix of
y_p, so its rank mod p is a lower bound on the separation rank sep(y_p; A, B) for these weights, hence on
the generic separation rank (docs/theory.md, section 8).

Overflow: every residue is below p < 2^28, so a product of two is below 2^56 and a sum of at most 64 such
products below 2^62 < 2^63; every step reduces mod p before the next product. numpy's int64 arithmetic
therefore never overflows (the script refuses a certificate whose prime or sizes break this).

It trusts nothing in the file: every field is checked first (the prime is tested for primality by trial
division, the sizes, the partition and every index are range-checked), and a malformed certificate is
refused with one line naming the field and exit status 2. Prints the rank and, last, "sep >= R certified"
only when R >= claimed_rank (exit 0); otherwise "NOT certified" (exit 1).

Bounded: before parsing, the JSON text is scanned for its nesting depth, and a file whose arrays and objects
nest deeper than MAX_DEPTH = 64 levels is refused (seprank-sym writes 6). Before any array is allocated, the
size of the largest one the check would allocate is computed from s, N and d_x: the s x s grid, or an array
of the forward pass with (batch, N, d_x), (batch, N, d_a) or (batch, N, N) int64 entries, where a batch is
a number of whole grid rows (s evaluations each) chosen so that these arrays stay within 32 MiB (one row may
exceed that). A certificate needing an array above MAX_ARRAY_BYTES = 512 MiB, which is one with more than
s = 8192 points per side, is refused. Both refusals print one line and exit with status 2. The peak memory
is then a few times that largest array, plus the parsed JSON (linear in the file's size). The running time
is not capped: it is that of the computation above, s^2 forward passes and an s x s elimination, as in
seprank-sym's own run. Nor is s tied to claimed_rank: seprank-sym writes s = t + 16k points (k <= 4, t >= 1 the
lower bound of its rank stage), which exceeds the rank it finds by more than any fixed slack when that rank
stays below t, and a bound by a number the file's author chooses would bound nothing.
"""
import json
import pathlib
import re
import sys

import numpy as np


FORMAT = "seprank-sym grid certificate v1"
MAX_DEPTH = 64  # JSON nesting levels (seprank-sym writes 6: object, weights, layer, head, matrix, row)
MAX_ARRAY_BYTES = 512 * 2 ** 20  # the largest array the check may allocate: the s x s grid for s <= 8192
BATCH_BYTES = 32 * 2 ** 20  # aim of the forward pass's arrays per batch (at most 65536 evaluations)
JSON_BRACKET_OR_QUOTE = re.compile(r'["\[\]{}]')
JSON_STRING_REST = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)  # after the opening quote; linear time


def fail(message, status=2):
    print("check.py: " + message)
    sys.exit(status)


def forward(x, weights, p, residual):
    """x: (batch, N, d_x) residues. Returns the outputs of the last layer, (batch, N, d_x)."""
    for layer in weights:
        y = np.zeros_like(x)
        for head in layer:
            q = np.einsum("ad,bnd->bna", head["Q"], x) % p
            k = np.einsum("ad,bnd->bna", head["K"], x) % p
            v = np.einsum("ad,bnd->bna", head["V"], x) % p
            ov = np.einsum("ra,bna->bnr", head["O"], v) % p
            scores = np.einsum("bia,bja->bij", q, k) % p  # <W^Q x^i, W^K x^j>
            y = (y + np.einsum("bij,bjr->bir", scores, ov) % p) % p  # sum over j of score * W^O W^V x^j
        x = (y + x) % p if residual else y
    return x


def rank_mod_p(m, p):
    m = m.copy()
    rows, cols = m.shape
    chunk = max(1, BATCH_BYTES // (8 * cols))  # rows eliminated at once: temporaries stay near BATCH_BYTES
    rank = 0
    for c in range(cols):
        if rank == rows:
            break
        nonzero = np.nonzero(m[rank:, c])[0]
        if nonzero.size == 0:
            continue
        r = rank + nonzero[0]
        m[[rank, r]] = m[[r, rank]]
        m[rank, c:] = m[rank, c:] * pow(int(m[rank, c]), p - 2, p) % p
        below = rank + 1 + np.nonzero(m[rank + 1:, c])[0]
        for b0 in range(0, below.size, chunk):
            rows_b = below[b0:b0 + chunk]
            m[rows_b, c:] = (m[rows_b, c:] - np.outer(m[rows_b, c], m[rank, c:]) % p) % p
        rank += 1
    return rank


def is_prime(n):
    """Deterministic: trial division (n < 2^28, so at most 8192 odd divisors)."""
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True


def integer(value, name, lo, hi):
    """value as an int in [lo, hi] (JSON booleans and floats are refused), or exit 2 naming the field."""
    if isinstance(value, bool) or not isinstance(value, int):
        fail("%s must be an integer, not %r" % (name, value))
    if not lo <= value <= hi:
        fail("%s = %d is out of range %d..%d" % (name, value, lo, hi))
    return value


def integer_matrix(value, name, rows, cols):
    """A rows x cols list of lists of JSON integers (any size; reduced mod p later), or exit 2."""
    if not isinstance(value, list) or len(value) != rows or any(not isinstance(r, list) or len(r) != cols for r in value):
        fail("%s must be a %d x %d matrix" % (name, rows, cols))
    for r in value:
        for x in r:
            if isinstance(x, bool) or not isinstance(x, int):
                fail("%s has a non-integer entry %r" % (name, x))
    return value


def json_depth_exceeds(text, limit):
    """Whether the arrays and objects in the JSON text nest deeper than limit (brackets inside strings skipped)."""
    depth, pos = 0, 0
    while True:
        token = JSON_BRACKET_OR_QUOTE.search(text, pos)
        if token is None:
            return False
        t, pos = token.group(), token.end()
        if t == '"':
            rest = JSON_STRING_REST.match(text, pos)
            if rest is None:
                return False  # an unterminated string: json.loads refuses the text
            pos = rest.end()
        elif t in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1


def rows_per_batch(s, N, dx):
    """Grid rows u per forward-pass batch (batch = rows * s evaluations): its arrays stay near BATCH_BYTES."""
    evaluations = max(1, min(65536, BATCH_BYTES // (8 * N * max(dx, N))))
    return max(1, evaluations // s)


def largest_array_bytes(s, N, dx):
    """The largest int64 array the check allocates: the s x s grid, or a forward-pass array of (batch, N, d_x),
    (batch, N, d_a) with d_a <= d_x, or (batch, N, N) entries (the points, s x |A| d_x, are smaller)."""
    batch = min(s, rows_per_batch(s, N, dx)) * s
    return 8 * max(s * s, batch * N * max(dx, N))


def read_certificate(path):
    """Every field checked before it is used: the checker trusts nothing in the file."""
    try:
        text = path.read_text()
        if json_depth_exceeds(text, MAX_DEPTH):
            fail("the certificate nests JSON arrays and objects deeper than the limit of %d levels" % MAX_DEPTH)
        cert = json.loads(text)
    except RecursionError:
        fail("the certificate nests JSON arrays and objects deeper than the limit of %d levels" % MAX_DEPTH)
    except (OSError, ValueError) as e:
        fail("cannot read the certificate: %s" % e)
    if not isinstance(cert, dict):
        fail("the certificate must be a JSON object")
    for key in ("format", "config", "prime", "partition", "weights", "points", "claimed_rank"):
        if key not in cert:
            fail("the certificate lacks the field '%s'" % key)
    if cert["format"] != FORMAT:
        fail("format must be '%s', not %r" % (FORMAT, cert["format"]))
    cfg = cert["config"]
    if not isinstance(cfg, dict):
        fail("config must be an object")
    for key in ("L", "dx", "H", "N", "position", "entry", "residual"):
        if key not in cfg:
            fail("config lacks the field '%s'" % key)
    L = integer(cfg["L"], "config.L", 1, 8)
    dx = integer(cfg["dx"], "config.dx", 1, 64)
    H = integer(cfg["H"], "config.H", 1, dx)
    if dx % H:
        fail("config.H = %d must divide config.dx = %d" % (H, dx))
    N = integer(cfg["N"], "config.N", 2, 64)
    i = integer(cfg["position"], "config.position", 1, N)
    entry = integer(cfg["entry"], "config.entry", 1, dx)
    if not isinstance(cfg["residual"], bool):
        fail("config.residual must be true or false, not %r" % (cfg["residual"],))
    p = integer(cert["prime"], "prime", 2, 2 ** 28 - 1)
    if not is_prime(p):
        fail("prime = %d is not a prime (ranks mod a composite are not lower bounds)" % p)
    part = cert["partition"]
    if not isinstance(part, dict) or not isinstance(part.get("A"), list) or not isinstance(part.get("B"), list):
        fail("partition must be an object with the lists A and B")
    A = [integer(j, "partition.A", 1, N) for j in part["A"]]
    B = [integer(j, "partition.B", 1, N) for j in part["B"]]
    if not A or not B:
        fail("partition: A and B must be non-empty")
    if len(set(A + B)) != len(A + B):
        fail("partition: A and B must be disjoint, without repeated positions")
    if sorted(A + B) != list(range(1, N + 1)):
        fail("partition: A and B must cover the positions 1..%d" % N)
    if i not in A:
        fail("partition: the output position %d must be in A" % i)
    claimed = integer(cert["claimed_rank"], "claimed_rank", 0, 2 ** 31)
    pts = cert["points"]
    if not isinstance(pts, dict) or not isinstance(pts.get("A"), list) or not isinstance(pts.get("B"), list):
        fail("points must be an object with the lists A and B")
    s = len(pts["A"])
    if s == 0 or len(pts["B"]) != s:
        fail("points: A and B must hold the same number s >= 1 of points")
    need = largest_array_bytes(s, N, dx)
    if need > MAX_ARRAY_BYTES:
        fail("points: s = %d points per side (N = %d, d_x = %d) would need an array of %d bytes (%.1f MiB), above the "
             "limit of %d bytes (%d MiB)" % (s, N, dx, need, need / 2 ** 20, MAX_ARRAY_BYTES, MAX_ARRAY_BYTES // 2 ** 20))
    a_points = np.array(integer_matrix(pts["A"], "points.A", s, len(A) * dx), dtype=object)
    b_points = np.array(integer_matrix(pts["B"], "points.B", s, len(B) * dx), dtype=object)
    da = dx // H
    if not isinstance(cert["weights"], list) or len(cert["weights"]) != L:
        fail("weights must be a list of L = %d layers" % L)
    weights = []
    for l, layer in enumerate(cert["weights"], 1):
        if not isinstance(layer, list) or len(layer) != H:
            fail("weights: layer %d must hold H = %d heads" % (l, H))
        heads = []
        for h, head in enumerate(layer, 1):
            if not isinstance(head, dict):
                fail("weights: layer %d, head %d must be an object with Q, K, V, O" % (l, h))
            m = {}
            for k in ("Q", "K", "V", "O"):
                shape = (dx, da) if k == "O" else (da, dx)
                name = "weights: layer %d, head %d, W^%s" % (l, h, k)
                m[k] = (np.array(integer_matrix(head.get(k), name, *shape), dtype=object) % p).astype(np.int64)
            heads.append(m)
        weights.append(heads)
    return {"L": L, "dx": dx, "H": H, "N": N, "i": i, "entry": entry, "residual": cfg["residual"], "p": p, "A": A, "B": B,
            "claimed": claimed, "a": (a_points % p).astype(np.int64), "b": (b_points % p).astype(np.int64),
            "weights": weights}


def main():
    if len(sys.argv) > 2:
        fail("usage: check.py [certificate.json]")
    path = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).with_name("certificate.json")
    c = read_certificate(path)
    L, dx, H, N, i, entry, p, A, B = (c[k] for k in ("L", "dx", "H", "N", "i", "entry", "p", "A", "B"))
    a_points, b_points, claimed = c["a"], c["b"], c["claimed"]
    s = len(a_points)
    grid = np.zeros((s, s), dtype=np.int64)
    a_idx = [j - 1 for j in A]
    b_idx = [j - 1 for j in B]
    rows = rows_per_batch(s, N, dx)  # the sizes largest_array_bytes checked
    for u0 in range(0, s, rows):
        u = np.arange(u0, min(s, u0 + rows))
        x = np.zeros((u.size, s, N, dx), dtype=np.int64)
        x[:, :, a_idx, :] = a_points[u].reshape(u.size, 1, len(A), dx)
        x[:, :, b_idx, :] = b_points.reshape(1, s, len(B), dx)
        y = forward(x.reshape(u.size * s, N, dx), c["weights"], p, c["residual"])
        grid[u, :] = y[:, i - 1, entry - 1].reshape(u.size, s)
    rank = rank_mod_p(grid, p)
    print("grid: %d x %d points, prime p = %d, L = %d, d_x = %d, H = %d, N = %d, %s, output y_%d at position i = %d, "
          "A = %s, B = %s" % (s, s, p, L, dx, H, N, "residual" if c["residual"] else "no residual", entry, i, A, B))
    print("rank of the grid matrix mod p: %d (claimed: %d)" % (rank, claimed))
    if rank < claimed:
        print("NOT certified: the rank of the grid is below the claimed rank")
        sys.exit(1)
    print("sep >= %d certified" % rank)
    sys.exit(0)


if __name__ == "__main__":
    main()
