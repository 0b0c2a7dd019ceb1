#!/usr/bin/python3
"""Re-check, trusting nothing of seprank-sym, the proven lower bound on the separation rank of the paper's
self-attention network (Levine et al. 2020, "Limits to depth efficiencies of self-attention"; docs/theory.md,
section 15, with the closed form of the moment form's Hessian rank).

Notation: D(d) = d(d+1)/2, g = 3^l0, k = g - 1, rho_g(d) = D(d) - D(max(d - k, 0)).

`hessian`: the theorem says the Hessian of gamma(M, b) = b^T M^g b in the D free entries M_ab (a <= b, row by
row; direction E_ab = e_a e_b^T + e_b e_a^T, or e_a e_a^T) has rank <= rho_g(d) everywhere, and = rho_g(d) at
generic points and at generic points of gamma = 0 (d >= 2).  We compute it mod p = 2^31 - 1 from
  Hess(E, F) = sum_{a+c+e=g-2} (M^a b)^T E M^c F M^e b + (E <-> F)
(numpy int64, every product of two residues reduced at once), check Euler's identity Hess . M = (g-1) grad gamma,
and take the rank by our own Gaussian elimination, at (a) random (M, b) and (b) a random point of gamma = 0
(b_1 from the quadratic, square root x^((p+1)/4) as p = 3 mod 4), where also gamma = 0, grad gamma != 0 and
b^T M^((g-1)/2) != 0 are checked.  A rank above rho contradicts the theorem (its Krylov argument holds over any
field); a rank below it at a random point has probability <= degree/p.  Either prints FAIL.

`bound`: sep >= max_{l0} 2 binom(r + n, n), n = (3^(L-l0) - 1)/2, r = H rho_{3^l0}(d_a) - 1 (H = 1: d_a = d_x >= 2;
with N < 2 d_x + 2 the widths shrink by zero padding).  Exact (math.comb) when short; log_3 always, as an interval
from Robbins' bounds 1/(12x+1) < ln x! - (x+1/2) ln x + x - ln(2 pi)/2 < 1/(12x), in Python floats widened by a
relative 1e-9: a floating-point check, not outward-rounded.  With --json, compares with the tool's `results`.

Exit status: 0 all OK, 1 any FAIL/DISAGREE, 2 bad input.
"""
import argparse
import json
import math
import sys

try:
    import numpy as np
except ImportError:  # a python3 earlier on PATH may lack Debian's numpy
    sys.exit("check_lower_bound.py: numpy is missing for this python3; run it as ./tools/check_lower_bound.py "
             "(/usr/bin/python3 with Debian's python3-numpy)")

P = 2147483647  # 2^31 - 1, prime, = 3 mod 4
MARGIN = 1e-9


def D(d):
    return d * (d + 1) // 2


def rho(g, d):
    return D(d) - D(max(d - (g - 1), 0))


class Bad(Exception):
    pass


# ---------------------------------------------------------------- arithmetic mod p
def mulmod(A, B):
    """A @ B mod P for residue arrays: B split in 16-bit halves so no int64 sum overflows (d < 2^15)."""
    lo, hi = B & 0xFFFF, B >> 16
    return ((A @ lo) % P + (((A @ hi) % P) << 16)) % P


def rank_mod_p(A):
    A = A.copy() % P
    rows, cols = A.shape
    r = 0
    for c in range(cols):
        nz = np.nonzero(A[r:, c])[0]
        if len(nz) == 0:
            continue
        piv = r + nz[0]
        A[[r, piv]] = A[[piv, r]]
        A[r] = (A[r] * pow(int(A[r, c]), P - 2, P)) % P
        below = A[r + 1:]
        A[r + 1:] = (below - np.outer(below[:, c], A[r]) % P) % P
        r += 1
        if r == rows:
            break
    return r


def hessian_data(M, b, g):
    """(Hessian D x D, gradient D, gamma, b^T M^((g-1)/2)) mod P at (M, b)."""
    d, m = len(b), g - 2
    X = [np.eye(d, dtype=np.int64)]                      # X[c] = M^c
    for _ in range(g):
        X.append(mulmod(X[-1], M))
    u = [mulmod(X[a], b.reshape(d, 1)).ravel() for a in range(g + 1)]   # u[a] = M^a b
    W = [np.outer(b, b) % P]                             # W[j] = sum_{a+e=j} M^a b b^T M^e
    for j in range(1, g):
        W.append((mulmod(M, W[-1]) + np.outer(b, u[j]) % P) % P)
    T = np.zeros((d, d, d, d), dtype=np.int64)           # T[s,t,q,r] = sum_c W[m-c][s,r] X[c][t,q]
    for c in range(m + 1):
        T = (T + np.einsum("sr,tq->stqr", W[m - c], X[c]) % P) % P
    pairs = [(a, bb) for a in range(d) for bb in range(a, d)]
    E = np.zeros((len(pairs), d * d), dtype=np.int64)    # the directions, flattened
    for i, (a, bb) in enumerate(pairs):
        E[i, a * d + bb] = E[i, bb * d + a] = 1
    S = (E @ T.reshape(d * d, d * d) % P) @ E.T % P     # 0/1 weights: sums stay far below 2^63
    H = (S + S.T) % P
    grad = E @ W[g - 1].reshape(-1) % P
    gamma = sum(int(x) * int(y) for x, y in zip(b, u[g])) % P
    mvec = np.array([M[a, bb] for a, bb in pairs], dtype=np.int64)
    euler = mulmod(H, mvec.reshape(-1, 1)).ravel()
    if not np.array_equal(euler, (g - 1) * grad % P):
        raise AssertionError("Euler's identity Hess . M = (g-1) grad fails: the Hessian is wrong")
    half = mulmod(b.reshape(1, d), X[(g - 1) // 2]).ravel()
    return H, grad, gamma, half


def random_sym(rng, d):
    A = rng.integers(0, P, size=(d, d), dtype=np.int64)
    return np.triu(A) + np.triu(A, 1).T


def point_on_gamma0(rng, d, g):
    for _ in range(1000):
        M = random_sym(rng, d)
        b = rng.integers(0, P, size=d, dtype=np.int64)
        S = np.eye(d, dtype=np.int64)
        for _ in range(g):
            S = mulmod(S, M)
        S, bi = S.tolist(), [int(x) for x in b]           # Python ints from here
        a2 = S[0][0]
        a1 = 2 * sum(S[0][j] * bi[j] for j in range(1, d)) % P
        a0 = sum(S[j][l] * bi[j] * bi[l] for j in range(1, d) for l in range(1, d)) % P
        disc = (a1 * a1 - 4 * a2 * a0) % P
        if a2 == 0 or pow(disc, (P - 1) // 2, P) == P - 1:
            continue
        root = pow(disc, (P + 1) // 4, P)
        b[0] = (-a1 + root) * pow(2 * a2, P - 2, P) % P
        return M, b
    raise AssertionError("no point on gamma = 0 found in 1000 draws")


def check_hessian(l0, d, points, rng):
    g = 3 ** l0
    want = rho(g, d)
    ok, ranks, ranks0 = True, [], []
    try:
        sample(l0, d, g, points, rng, ranks, ranks0)
    except AssertionError as e:
        print(f"# l0={l0} d={d}: {e}")
        ok = False
    ok = ok and all(x == want for x in ranks + ranks0)
    show = lambda rs: "n/a" if not rs else ",".join(map(str, sorted(set(rs))))
    print(f"{l0} {d} {g} {want} {show(ranks)} {show(ranks0)} {'OK' if ok else 'FAIL'}")
    return ok


def sample(l0, d, g, points, rng, ranks, ranks0):
    for _ in range(points):
        H, _, _, _ = hessian_data(random_sym(rng, d), rng.integers(0, P, size=d, dtype=np.int64), g)
        ranks.append(rank_mod_p(H))
        if d >= 2:   # at d = 1, gamma = 0 forces b = 0: the theorem's (iii) needs d >= 2
            M, b = point_on_gamma0(rng, d, g)
            H, grad, gamma, half = hessian_data(M, b, g)
            if gamma != 0 or not grad.any() or not half.any():
                raise AssertionError(f"on gamma = 0: gamma={gamma}, grad != 0: {grad.any()}, "
                                     f"b^T M^((g-1)/2) != 0: {half.any()}")
            ranks0.append(rank_mod_p(H))


# ---------------------------------------------------------------- the bound
def log3_interval(r, n):
    """Bounds on log_3 (2 binom(r + n, n)) for r, n >= 1 from Robbins' bounds (floats, widened by MARGIN)."""
    R = lambda x: (1 / (12 * x + 1), 1 / (12 * x))
    rf, nf = float(r), float(n)
    main = rf * math.log1p(nf / rf) + nf * math.log1p(rf / nf) + 0.5 * math.log(1 / rf + 1 / nf) \
        - 0.5 * math.log(2 * math.pi) + math.log(2)
    lo = main + R(rf + nf)[0] - R(rf)[1] - R(nf)[1]
    hi = main + R(rf + nf)[1] - R(rf)[0] - R(nf)[0]
    lo, hi = lo / math.log(3), hi / math.log(3)
    return lo - MARGIN * abs(lo) - 1e-12, hi + MARGIN * abs(hi) + 1e-12


def bound_rows(L, dx, H, N):
    """[(l0, rho, r, n, exact or None, lo, hi)] or a reason why the theorem gives no bound.

    Blocks: one of d_a = d_x/H coordinates in each head; at N < 2 d_x + 2 (zero padding) N//2 - 1 coordinates are
    kept, as full heads of d_a and one narrower block; r + 1 is the sum of rho over the blocks."""
    da = dx // H
    used = dx if N is None else min(dx, N // 2 - 1)
    widths = [da] * (used // da) + ([used % da] if used % da else [])
    if not widths or (len(widths) == 1 and widths[0] < 2):
        return "no bound: needs two coordinates in one block, or blocks in two heads, after zero padding to N"
    top = 1
    while 3 ** top - 1 < max(widths):
        top += 1
    rows = []
    for l0 in range(1, min(L - 1, top) + 1):
        rh = sum(rho(3 ** l0, w) for w in widths)
        r, n = rh - 1, (3 ** (L - l0) - 1) // 2
        lo, hi = log3_interval(r, n)
        exact = 2 * math.comb(r + n, n) if hi * math.log10(3) < 3000 else None
        if exact is not None:
            v = math.log(exact, 3)
            lo, hi = v - MARGIN * v - 1e-12, v + MARGIN * v + 1e-12
        rows.append((l0, rh, r, n, exact, lo, hi))
    return rows


def tool_number(v):
    if isinstance(v, bool) or not isinstance(v, (int, float, str)):
        raise Bad(f"not a number in the tool's JSON: {v!r}")
    try:
        return v if isinstance(v, int) else int(v) if isinstance(v, str) and v.lstrip("-").isdigit() else float(v)
    except ValueError:
        raise Bad(f"not a number in the tool's JSON: {v!r}")


def lo6(x):
    """x rounded down to 6 decimals, as text (a proven lower end is never shown rounded up)."""
    return f"{math.floor(x * 1e6) / 1e6:.6f}"


def hi6(x):
    """x rounded up to 6 decimals, as text."""
    return f"{math.ceil(x * 1e6) / 1e6:.6f}"


def compare(res, rows, best):
    """AGREE/DISAGREE lines for the tool's results; returns True when nothing disagrees."""
    ok = True
    exact, lo, hi = (best[4], best[5], best[6]) if best else (None, None, None)

    def say(key, agree, mine, theirs, lower=None):
        nonlocal ok
        ok = ok and agree
        why = "" if agree or lower is None else " (tool lower: weaker than this theorem)" if lower else \
            " (tool higher: not proven by this theorem)"
        print(f"{key}: tool {theirs}, this check {mine}: {'AGREE' if agree else 'DISAGREE'}{why}")

    for key in ("lower_bound", "lower_bound_log3", "lower_bound_level"):
        if key not in res:
            print(f"{key}: not given by the tool")
            continue
        v = res[key]
        if key == "lower_bound" and v is None and best is not None and exact is None:
            print(f"{key}: the tool gives none (too long to write out), nor does this check")
            continue
        if v is None or best is None:
            say(key, v is None and best is None, "none" if best is None else "a bound", "null" if v is None else v)
            continue
        v = tool_number(v)
        if key == "lower_bound":
            if v <= 0:
                say(key, False, exact, v, True)
            elif exact is not None:
                say(key, v == exact, exact, v, v < exact)
            else:
                say(key, lo <= math.log(v, 3) <= hi, f"log_3 in [{lo6(lo)}, {hi6(hi)}]", v, math.log(v, 3) < lo)
        elif key == "lower_bound_log3":   # the tool gives its interval's lower end (to 6 decimals, or the double below it)
            tol = 1e-6 + MARGIN * abs(lo)
            say(key, lo - tol <= v <= hi + tol, f"[{lo6(lo)}, {hi6(hi)}]", v, v < lo - tol)
        else:                             # any l0 that reaches (exact) or may reach (intervals) the maximum
            tops = [row[0] for row in rows if (row[4] == exact if exact is not None else row[6] >= lo)]
            say(key, v in tops, best[0], v)
    return ok


def run_bound(a):
    if a.L < 2 or a.dx < 1 or a.H < 1 or a.dx % a.H or (a.N is not None and a.N < 1):
        raise Bad("need L >= 2, d_x >= 1, H >= 1 dividing d_x, N >= 1")
    if a.L > 600:
        raise Bad("L > 600 is beyond this check's floating-point range")
    res = None
    if a.json:
        try:
            with open(a.json) as f:
                doc = json.load(f)
            res = doc["results"]
            res = res if "lower_bound_log3" in res or "bounds" not in res else res["bounds"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise Bad(f"cannot read the tool's JSON {a.json}: {e}")
        cfg = doc.get("config", {})
        for key, mine in (("L", a.L), ("dx", a.dx), ("H", a.H)):
            if key in cfg and cfg[key] != mine:
                raise Bad(f"the tool's JSON is for {key} = {cfg[key]}, not {mine}")
        if "N" in res and res["N"] != a.N:  # the tool writes null for every N >= 2 d_x + 2
            raise Bad(f"the tool's JSON is for N = {res['N']}, not {a.N} (give the same --N)")
    rows = bound_rows(a.L, a.dx, a.H, a.N)
    print(f"# L={a.L} d_x={a.dx} H={a.H} N: {'every N >= 2 d_x + 2' if a.N is None else a.N}")
    best = None
    if isinstance(rows, str):
        print(rows)
    else:
        print("# l0 rho r n exact_2binom(r+n,n) log3_at_least log3_at_most")
        for l0, rh, r, n, exact, lo, hi in rows:
            ex = exact if exact is not None and len(str(exact)) <= 1000 else "(long)"
            print(f"{l0} {rh} {r} {n} {ex} {lo6(lo)} {hi6(hi)}")
        if all(row[4] is not None for row in rows):
            best = max(rows, key=lambda row: row[4])
        else:   # the max over l0 lies in [max lo, max hi]; exact only when that row is surely the max
            best = max(rows, key=lambda row: row[5])
            sure = all(row[6] < best[5] for row in rows if row is not best)
            best = best[:4] + (best[4] if sure else None, best[5], max(row[6] for row in rows))
        ex = best[4] if best[4] is not None and len(str(best[4])) <= 1000 else "(long)"
        print(f"bound: l0={best[0]} sep >= {ex}, log_3 in [{lo6(best[5])}, {hi6(best[6])}] "
              "(floating-point, widened by 1e-9 relative)")
    return 0 if res is None or compare(res, rows, best) else 1


def parse_list(text, name):
    out = []
    for part in text.split(","):
        lo, _, hi = part.partition("..")
        try:
            a, b = int(lo), int(hi or lo)
        except ValueError:
            raise Bad(f"--{name}: not an integer list or range: {text!r}")
        out.extend(range(a, b + 1))
    if not out:
        raise Bad(f"--{name}: empty range {text!r}")
    return out


class Parser(argparse.ArgumentParser):
    def error(self, message):
        print(f"check_lower_bound.py: {message}", file=sys.stderr)
        sys.exit(2)


def main():
    ap = Parser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True, parser_class=Parser)
    h = sub.add_parser("hessian")
    h.add_argument("--level", required=True)
    h.add_argument("--d", required=True)
    h.add_argument("--seed", type=int, default=1)
    h.add_argument("--points", type=int, default=1)
    b = sub.add_parser("bound")
    for opt in ("--L", "--dx"):
        b.add_argument(opt, type=int, required=True)
    b.add_argument("--H", type=int, default=1)
    b.add_argument("--N", type=int)
    b.add_argument("--json")
    a = ap.parse_args()
    try:
        if a.cmd == "bound":
            return run_bound(a)
        levels, ds = parse_list(a.level, "level"), parse_list(a.d, "d")
        if min(levels) < 1 or max(levels) > 5 or min(ds) < 1 or D(max(ds)) > 300 or a.points < 1:
            raise Bad("hessian needs levels 1..5 (g <= 243), d >= 1 with D(d) <= 300 (d <= 23), --points >= 1")
        rng = np.random.default_rng(a.seed)
        print("# l0 d g rho rank_random rank_on_gamma0 (mod p = 2^31 - 1)")
        ok = [check_hessian(l0, d, a.points, rng) for l0 in levels for d in ds]
        return 0 if all(ok) else 1
    except Bad as e:
        print(f"check_lower_bound.py: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
