#!/usr/bin/env python3
"""SymPy peer: the literal forward pass of eq. 3 with the same weights (read from a seprank-sym weight file),
then expand(). Prints "terms <n> checksum <c> seconds <t>", checksum = y_1 at x_v = v + 2 modulo 2^61 - 1."""
import sys
import time

import sympy


def read_weights(path, L, dx, H):
    blocks, current = {}, None
    for line in open(path):
        line = line.split("#")[0].split()
        if not line:
            continue
        if line[0] in ("WQ", "WK", "WV", "WO"):
            current = (line[0], int(line[1]), int(line[2]))
            blocks[current] = []
        else:
            blocks[current].append([int(v) for v in line])
    return blocks


def main():
    path, L, dx, H, N = sys.argv[1], *map(int, sys.argv[2:6])
    w = read_weights(path, L, dx, H)
    xs = [[sympy.Symbol(f"x{j}_{r}") for r in range(1, dx + 1)] for j in range(1, N + 1)]
    start = time.perf_counter()
    x = [[sympy.Integer(0) + v for v in row] for row in xs]
    for l in range(1, L + 1):
        y = [[sympy.Integer(0)] * dx for _ in range(N)]
        for h in range(1, H + 1):
            Q, K, V, O = (sympy.Matrix(w[(k, l, h)]) for k in ("WQ", "WK", "WV", "WO"))
            for i in range(N):
                q = Q * sympy.Matrix(x[i])
                for j in range(N):
                    score = (q.T * (K * sympy.Matrix(x[j])))[0, 0]
                    ov = O * (V * sympy.Matrix(x[j]))
                    for r in range(dx):
                        y[i][r] += score * ov[r, 0]
        x = y
    poly = sympy.expand(x[0][0])
    seconds = time.perf_counter() - start
    terms = len(poly.args) if poly.is_Add else 1
    point = {s: v + 2 for v, s in enumerate([s for row in xs for s in row])}
    checksum = int(poly.subs(point)) % (2**61 - 1)
    print(f"terms {terms} checksum {checksum} seconds {seconds:.4f}")


if __name__ == "__main__":
    main()
