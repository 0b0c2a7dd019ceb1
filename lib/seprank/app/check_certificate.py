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

Prints the rank and, last, "sep >= R certified"; exits 0 when R >= claimed_rank, 1 otherwise, 2 on a
malformed certificate.
"""
import json
import pathlib
import sys

import numpy as np


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
        if below.size:
            m[below, c:] = (m[below, c:] - np.outer(m[below, c], m[rank, c:]) % p) % p
        rank += 1
    return rank


def main():
    path = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).with_name("certificate.json")
    try:
        cert = json.loads(path.read_text())
        cfg = cert["config"]
        L, dx, H, N = cfg["L"], cfg["dx"], cfg["H"], cfg["N"]
        i, entry, residual = cfg["position"], cfg["entry"], cfg["residual"]
        p = int(cert["prime"])
        A, B = cert["partition"]["A"], cert["partition"]["B"]
        a_points = np.array(cert["points"]["A"], dtype=np.int64)
        b_points = np.array(cert["points"]["B"], dtype=np.int64)
        claimed = int(cert["claimed_rank"])
    except (OSError, ValueError, KeyError, TypeError) as e:
        fail("cannot read the certificate: %s" % e)
    if not (2 <= p < 2 ** 28) or dx > 64 or N > 64 or dx % H:
        fail("the prime must be below 2^28, d_x and N at most 64, and H must divide d_x (int64 safety)")
    if sorted(A + B) != list(range(1, N + 1)) or not A or not B:
        fail("A and B must be non-empty and partition 1..N")
    s = len(a_points)
    if len(b_points) != s or a_points.shape[1:] != (len(A) * dx,) or b_points.shape[1:] != (len(B) * dx,):
        fail("the points must be s x (|A| d_x) and s x (|B| d_x)")
    da = dx // H
    weights = []
    for layer in cert["weights"]:
        heads = []
        for h in layer:
            m = {k: np.array(h[k], dtype=np.int64) % p for k in ("Q", "K", "V", "O")}
            if m["Q"].shape != (da, dx) or m["K"].shape != (da, dx) or m["V"].shape != (da, dx) or m["O"].shape != (dx, da):
                fail("W^Q, W^K, W^V must be d_a x d_x and W^O d_x x d_a")
            heads.append(m)
        if len(heads) != H:
            fail("every layer needs H heads")
        weights.append(heads)
    if len(weights) != L:
        fail("the weights need L layers")
    a_points %= p
    b_points %= p

    grid = np.zeros((s, s), dtype=np.int64)
    a_idx = [j - 1 for j in A]
    b_idx = [j - 1 for j in B]
    rows_per_batch = max(1, 65536 // s)
    for u0 in range(0, s, rows_per_batch):
        u = np.arange(u0, min(s, u0 + rows_per_batch))
        x = np.zeros((u.size, s, N, dx), dtype=np.int64)
        x[:, :, a_idx, :] = a_points[u].reshape(u.size, 1, len(A), dx)
        x[:, :, b_idx, :] = b_points.reshape(1, s, len(B), dx)
        y = forward(x.reshape(u.size * s, N, dx), weights, p, residual)
        grid[u, :] = y[:, i - 1, entry - 1].reshape(u.size, s)
    rank = rank_mod_p(grid, p)
    print("grid: %d x %d points, prime p = %d, L = %d, d_x = %d, H = %d, N = %d, A = %s, B = %s" % (s, s, p, L, dx, H, N, A, B))
    print("rank of the grid matrix mod p: %d (claimed: %d)" % (rank, claimed))
    if rank < claimed:
        print("NOT certified: the rank is below the claimed rank")
    print("sep >= %d certified" % rank)
    sys.exit(0 if rank >= claimed else 1)


if __name__ == "__main__":
    main()
