#!/usr/bin/python3
"""Tests of tools/check_lower_bound.py (the independent re-check of docs/theory.md, section 15), run through
subprocess:  /usr/bin/python3 tests/test_check_lower_bound.py PATH_TO_SCRIPT
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

SCRIPT = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "tools",
                                                                  "check_lower_bound.py")


def run(*args):
    p = subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def D(d):
    return d * (d + 1) // 2


class Hessian(unittest.TestCase):
    def check_rows(self, out, level, ds, rho):
        rows = [line.split() for line in out.splitlines() if not line.startswith("#")]
        self.assertEqual([int(r[1]) for r in rows], list(ds))
        for r in rows:
            l0, d, g, want = map(int, r[:4])
            self.assertEqual((l0, g, want), (level, 3 ** level, rho(d)), r)
            self.assertEqual(r[4], str(want), r)
            self.assertEqual(r[5], "n/a" if d == 1 else str(want), r)
            self.assertEqual(r[6], "OK", r)

    def test_level1(self):   # rho_3(d) = 2d - 1 for d >= 2
        rc, out, err = run("hessian", "--level", "1", "--d", "1..8", "--points", "2")
        self.assertEqual(rc, 0, out + err)
        self.check_rows(out, 1, range(1, 9), lambda d: 1 if d == 1 else 2 * d - 1)

    def test_level2(self):   # rho_9(d) = D(d) for d <= 8, 8d - 28 from d = 8 on
        rc, out, err = run("hessian", "--level", "2", "--d", "1..12", "--seed", "3")
        self.assertEqual(rc, 0, out + err)
        self.check_rows(out, 2, range(1, 13), lambda d: D(d) if d <= 8 else 8 * d - 28)

    def test_too_large(self):
        for args in (["--level", "6", "--d", "2"], ["--level", "1", "--d", "30"], ["--level", "1", "--d", "1..x"]):
            rc, out, err = run("hessian", *args)
            self.assertEqual(rc, 2, args)
            self.assertEqual(len(err.strip().splitlines()), 1, err)


def best(out):
    """(exact or None, log3 at least, at most) from the `bound:` line."""
    m = re.search(r"^bound: l0=\d+ sep >= (\S+), log_3 in \[(\S+), (\S+)\]", out, re.M)
    return (int(m.group(1)) if m.group(1).isdigit() else None), float(m.group(2)), float(m.group(3))


class Bound(unittest.TestCase):
    def test_by_hand(self):   # L = 2, d_x = 2: g = 3, rho = D(2) = 3, r = 2, n = 1: 2 binom(3, 1) = 6
        rc, out, err = run("bound", "--L", "2", "--dx", "2")
        self.assertEqual(rc, 0, err)
        self.assertIn("1 3 2 1 6 ", out)
        self.assertEqual(best(out)[0], 6)

    def test_below_certified(self):   # certified exact sep at these sizes; a lower bound may not exceed them
        for L, dx, exact_sep in ((3, 4, 31456), (2, 10, 2156), (5, 2, 109024)):
            rc, out, err = run("bound", "--L", str(L), "--dx", str(dx))
            self.assertEqual(rc, 0, err)
            self.assertLessEqual(best(out)[0], exact_sep, (L, dx))

    def test_values(self):   # 420, 38, 1722 by hand; 2 binom(21, 13) for H = 3; log_3 from the growth note, section 4
        for args, value in ((("--L", "3", "--dx", "4"), 420), (("--L", "2", "--dx", "10"), 38),
                            (("--L", "5", "--dx", "2"), 1722), (("--L", "4", "--dx", "6", "--H", "3"), 406980)):
            self.assertEqual(best(run("bound", *args)[1])[0], value, args)
        for args, log3 in ((("--L", "11", "--dx", "6"), 129.50), (("--L", "12", "--dx", "200"), 8502.00)):
            _, lo, hi = best(run("bound", *args)[1])
            self.assertTrue(lo <= hi and abs(lo - log3) < 0.01, (args, lo, hi))

    def test_no_bound(self):
        rc, out, _ = run("bound", "--L", "4", "--dx", "1")
        self.assertEqual(rc, 0)
        self.assertIn("no bound", out)

    def test_bad_input(self):
        for args in (["--L", "1", "--dx", "2"], ["--L", "x", "--dx", "2"], ["--L", "3", "--dx", "0"],
                     ["--L", "3", "--dx", "6", "--H", "4"], ["--L", "3"], ["--L", "2", "--dx", "2", "--json", "/nonexistent"]):
            rc, _, err = run("bound", *args)
            self.assertEqual(rc, 2, args)
            self.assertEqual(len(err.strip().splitlines()), 1, err)

    def with_json(self, results, *args):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump({"schema": "seprank-sym derivation v7", "results": results}, f)
        try:
            return run("bound", *(args or ("--L", "2", "--dx", "2")), "--json", f.name)
        finally:
            os.unlink(f.name)

    def test_json(self):
        rc, out, _ = self.with_json({"lower_bound_log3": 1.63093, "lower_bound": 6, "lower_bound_level": 1})
        self.assertEqual(rc, 0, out)
        self.assertEqual(out.count("AGREE"), 3)
        rc, out, _ = self.with_json({"lower_bound_log3": "5.498077"}, "--L", "3", "--dx", "4")
        self.assertEqual(rc, 0, out)
        self.assertIn("lower_bound: not given by the tool", out)
        rc, out, _ = self.with_json({"lower_bound_log3": 1.63093, "lower_bound": "7"})   # planted
        self.assertEqual(rc, 1, out)
        self.assertIn("DISAGREE", out)
        rc, out, _ = self.with_json({"lower_bound_log3": 1.5})                             # planted
        self.assertEqual(rc, 1, out)


@unittest.skipUnless(os.environ.get("SEPRANK_SYM"), "SEPRANK_SYM (the built seprank-sym) not given")
class AgainstTheTool(unittest.TestCase):
    """The tool's `bounds --format json` re-checked by the script: every value given must agree."""

    def test_agree(self):
        for args in (("--L", "2", "--dx", "2"), ("--L", "3", "--dx", "4"), ("--L", "5", "--dx", "2"),
                     ("--L", "11", "--dx", "6"), ("--L", "4", "--dx", "6", "--H", "3"), ("--L", "9", "--dx", "100"),
                     ("--L", "6", "--dx", "40", "--N", "20"), ("--L", "30", "--dx", "1000")):
            tool = subprocess.run([os.environ["SEPRANK_SYM"], "bounds", *args, "--format", "json"], capture_output=True,
                                  text=True, timeout=120)
            self.assertEqual(tool.returncode, 0, tool.stderr)
            with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
                f.write(tool.stdout)
            try:
                rc, out, err = run("bound", *args, "--json", f.name)
            finally:
                os.unlink(f.name)
            self.assertEqual(rc, 0, (args, out, err))
            self.assertNotIn("DISAGREE", out, args)
            self.assertGreaterEqual(out.count("AGREE"), 2, (args, out))


if __name__ == "__main__":
    unittest.main()
