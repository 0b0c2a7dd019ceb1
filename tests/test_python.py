"""The Python package seprank against the CLI and against independent computations.

Run by meson (suite 'python') with the build tree's package on PYTHONPATH and SEPRANK_SYM naming the CLI, through
unittest (one case: `python3 tests/test_python.py PackageTests.test_store`).
Each test compares with a second source: the CLI's output for the same options, the CLI's messages for bad
input, a literal numpy evaluation of eq. 3, hand values.
"""
import inspect
import json
import math
import os
import signal
import subprocess
import sys
import random
import tempfile
import time
import unittest

import numpy as np

import seprank
from seprank import _seprank

CLI = os.environ["SEPRANK_SYM"]
failures = []


def cli(*args):
    p = subprocess.run([CLI, *args, "--quiet"], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAILED:", what)


def test_derive_equals_cli_json():
    cases = [
        ({}, []),
        (dict(L=2, dx=3, kernel=True, basis=True, seeds=2, all_partitions=True),
         ["--L", "2", "--dx", "3", "--kernel", "--basis", "--seeds", "2", "--all-partitions"]),
        (dict(L=2, dx=2, residual=True), ["--L", "2", "--dx", "2", "--residual"]),
        (dict(L=3, dx=1, structure_only=True), ["--L", "3", "--dx", "1", "--structure-only"]),
        (dict(L=2, dx=2, H=2, N=3, kernel=True, seed=7), ["--L", "2", "--dx", "2", "--H", "2", "--N", "3", "--kernel",
                                                         "--seed", "7"]),
        (dict(L=2, dx=3, N=4, partition="1|2,3,4", max_terms=1000),
         ["--L", "2", "--dx", "3", "--N", "4", "--partition", "1|2,3,4", "--max-terms", "1000"]),
    ]
    for kw, args in cases:
        d = seprank.derive(**kw)
        code, out, _ = cli(*args, "--format", "json")
        check(d.to_json() == out, f"derive({kw}).to_json() equals seprank-sym {' '.join(args)} --format json")
        check(d.exit_status == code, f"derive({kw}).exit_status == CLI exit status {code}")
        for fmt, render in (("text", d.to_text), ("markdown", d.to_markdown), ("latex", d.to_latex)):
            check(render() == cli(*args, "--format", fmt)[1], f"derive({kw}) {fmt} equals the CLI's")
        check(d.to_latex(fragment=True) == cli(*args, "--format", "latex-fragment")[1], f"derive({kw}) latex fragment")
        check(d.to_text(width=60) == cli(*args, "--width", "60")[1], f"derive({kw}).to_text(width=60) equals --width 60")
    d = seprank.derive()
    # Hand values at L = 2, d_x = 4 (docs/theory.md, section 6): C = 4, D = 10, the Gram count 110.
    check(d.results["separation_rank"]["value"] == 110 and d.results["separation_rank"]["exact"], "sep = 110, exact")
    check(d.step("summed-indices").value("C") == 4, "C = 4 typed")
    md = d.to_markdown()
    check(all(s.markdown.startswith(f"### Step {s.number} (`{s.id}`)") and s.markdown[4:].strip() in md for s in d.steps),
          "each step's Markdown is its section of the whole")
    check(d._repr_markdown_() == d.to_markdown() and d._repr_latex_() == d.to_latex(fragment=True), "notebook reprs")
    check([f.id for f in d.findings] == [f["id"] for f in json.loads(d.to_json())["results"]["findings"]], "findings")


def test_store():
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "units.db")
        first = seprank.derive(L=2, dx=4, store=db)
        check(first.to_json() == cli("--L", "2", "--dx", "4", "--format", "json")[1], "a first run with a store = the CLI's")
        again = seprank.derive(L=2, dx=4, store=db, verify=2)
        v = again.step("gram-rank").value("from the results store")
        check(v == {"store": db, "stored": 5, "computed": 0, "verified": 2, "disagreed": 0},
              f"the rerun reads the 5 blocks from the store and re-checks 2 ({v})")
        check(cli("--L", "2", "--dx", "4", "--store", db, "--verify", "2", "--format", "json")[1] == again.to_json(),
              "the CLI reads the same store the same way")


def test_progress_callback():
    messages = []
    d = seprank.derive(L=2, dx=3, progress=messages.append)
    check(any("expanding" in m for m in messages), f"progress messages reach the callback ({len(messages)})")
    check(seprank.derive(L=2, dx=3).to_json() == d.to_json(), "progress does not change the result")


def test_subcommands_equal_cli_json():
    pairs = [
        (seprank.bounds(6, 1000, 16)["derivation"], ["bounds", "--L", "6", "--dx", "1000", "--H", "16"]),
        (seprank.corollary1(), ["corollary1"]),
        (seprank.corollary2(), ["corollary2"]),
        (seprank.sweep("2..3", "1..2"), ["sweep", "--dx", "2..3", "--L", "1..2"]),
        (seprank.sweep([2, 3], [1, 2], seed=3), ["sweep", "--dx", "2,3", "--L", "1,2", "--seed", "3"]),
        (seprank.plan(L=3, dx=4, np=3, node_memory=1), ["plan", "--L", "3", "--dx", "4", "--np", "3", "--node-memory", "1"]),
        (seprank.hessian_ranks(level=[1, 2], d="2..4", seed=5), ["--seed", "5", "hessian-ranks", "--level", "1,2", "--d", "2..4"]),
    ]
    for d, args in pairs:
        check(d.to_json() == cli(*args, "--format", "json")[1], f"{args[0]} JSON equals the CLI's ({args})")
    d = seprank.sweep("2..3", "1..2")
    t = d.table()
    check(list(t["dx"]) == [2, 2, 3, 3] and list(t["L"]) == [1, 2, 1, 2], "sweep table columns as arrays: dx and L as in audit()")
    # Headers d and D are two columns (D = d(d + 1)/2 by hand), not one name overwriting the other.
    h = seprank.hessian_ranks(level=1, d="1..4").table()
    check(list(h["d"]) == [1, 2, 3, 4] and list(h["D"]) == [1, 3, 6, 10], f"hessian_ranks keeps d and D: {sorted(h)}")
    # time_limit for the whole check, stopping inside one rank (l0 = 3, d = 64: one row takes 8-30 s).
    stopped = seprank.hessian_ranks(level=3, d=64, time_limit=1)
    check(stopped.exit_status == 4 and stopped.results["complete"] is False and stopped.results["rows"] == [],
          f"hessian_ranks(time_limit=1) stops with exit_status 4 ({stopped.exit_status})")
    for bad, kind in (("5", TypeError), (True, TypeError), (0, ValueError), (10 ** 400, ValueError)):
        try:
            seprank.hessian_ranks(level=1, d=1, time_limit=bad)
            check(False, f"hessian_ranks(time_limit={bad!r}) refused")
        except kind as e:
            check("time_limit" in str(e), f"hessian_ranks(time_limit={bad!r}): {kind.__name__} naming the keyword ({e})")
    check(set(t) >= {"sep", "sep_exact", "log_3_sep", "gram", "gram_exact", "paper_lower", "paper_upper", "w_q_t_w_k_rank"},
          f"snake_case columns: {sorted(t)}")
    # Exact integers stay integers, a missing value is None (never 'n/a' in a numeric column), compared with the
    # typed rows of the JSON results (a second source).
    rows = d.results["rows"]
    check(t["sep"].dtype == np.int64 and list(t["sep"]) == [r["separation_rank"] for r in rows],
          f"sep as exact int64, equal to the results' rows ({t['sep'].dtype})")
    lower = list(t["paper_lower"])
    check([bool(np.isnan(x)) for x in lower] == ["paper_lower_log3" not in r or r["paper_lower_log3"] is None for r in rows],
          f"missing paper bounds are NaN exactly where the results have none: {lower}")
    check(t["paper_lower"].dtype == np.float64, "a float column with a missing value is float64 (NaN), not object")
    # Data keeps full precision (the table shows 3): the printed bound at L = 2, d_x = 3 against bounds() (a second
    # route), and not cut to the 6 decimals it used to keep.
    row = next(r for r in rows if (r["dx"], r["L"]) == (3, 2))
    check(row["paper_upper_log3"] == seprank.bounds(2, 3)["theorem2_upper_log3"],
          f"sweep JSON keeps full precision: {row['paper_upper_log3']}")
    check(row["paper_upper_log3"] != round(row["paper_upper_log3"], 6),
          f"sweep JSON not rounded to 6 decimals: {row['paper_upper_log3']}")
    undef = seprank.sweep("2", "2", H="2").table()["paper_lower"]
    check(list(undef) == [None], f"an undefined bound (d_x = H) is None, not 'undef.': {list(undef)}")
    df = d.to_dataframe()
    check(str(df["gram"].dtype) == "int64" and list(df["gram"]) == [r["gram_rank"] for r in rows], "DataFrame: exact ints")
    check(str(df["sep_exact"].dtype) == "bool" and list(df["sep_exact"]) == [r["separation_rank_exact"] for r in rows],
          "DataFrame: the exactness flag is its own boolean column")
    check(df["paper_lower"].isna().sum() == sum(bool(np.isnan(x)) for x in lower), "DataFrame: NaN where a value is missing")
    # A lower bound (">=v" in the text) is the number v in its column, with the flag false (a second source: JSON rows).
    lb = seprank.sweep("4", "2", max_grid_points=16).table()
    lb_rows = seprank.sweep("4", "2", max_grid_points=16).results["rows"]
    check(lb["sep"].dtype == np.int64 and list(lb["sep"]) == [r["separation_rank"] for r in lb_rows]
          and list(lb["sep_exact"]) == [r["separation_rank_exact"] for r in lb_rows], "a lower bound stays numeric, flagged")
    import csv, io
    parsed = list(csv.DictReader(io.StringIO(d.to_csv())))
    check([int(r["sep"]) for r in parsed] == [r["separation_rank"] for r in rows], "CSV: the exact ranks")
    check([r["paper_lower"] == "" for r in parsed] == [bool(np.isnan(x)) for x in lower], "CSV: a missing value is an empty field")
    # beyond 64 bits: Python ints in an object column, never floats
    check(seprank._column_dtype([2 ** 70, 1]) is object and seprank._cell("1237940039285380274899124224") == 2 ** 90,
          "a 28-digit integer cell (JSON writes it as digits) is an exact Python int")


def test_defaults_match_the_cli():
    sig = inspect.signature(seprank.derive)
    defaults = _seprank.derive_defaults()
    for name, value in defaults.items():
        if name in ("partition", "store", "certificate"):  # Python's None is the CLI's absent option ('' is refused)
            check(value == "" and sig.parameters[name].default is None, f"derive's default {name} is None")
            continue
        check(sig.parameters[name].default == value, f"derive's default {name} = {value} (the CLI's)")
    # A partition as a pair of position lists is the CLI's text (a second route), '' names none and is refused.
    one = seprank.derive(L=1, dx=2, N=4, partition=((1, 3), (2, 4))).to_json()
    check(one == cli("--L", "1", "--dx", "2", "--N", "4", "--partition", "1,3|2,4", "--format", "json")[1],
          "partition=((1, 3), (2, 4)) is --partition 1,3|2,4")
    for bad, kind in (("", ValueError), (((1, 2.5), (3, 4)), TypeError), (7, TypeError)):
        try:
            seprank.derive(L=1, dx=2, N=4, partition=bad)
            check(False, f"partition={bad!r} refused")
        except kind:
            pass


def test_bad_input_raises_the_cli_message():
    cases = [
        (dict(L=0), ["--L", "0"]),
        (dict(dx=65), ["--dx", "65"]),
        (dict(dx=4, H=3), ["--dx", "4", "--H", "3"]),
        (dict(N=1), ["--N", "1"]),
        (dict(position=9), ["--position", "9"]),
        (dict(partition="1|1"), ["--partition", "1|1"]),
        (dict(seed=-1), ["--seed", "-1"]),
        (dict(weights="/nonexistent.txt"), ["--weights", "/nonexistent.txt"]),
        (dict(structure_only=True, seeds=2), ["--structure-only", "--seeds", "2"]),
        (dict(max_terms=-1), ["--max-terms", "-1"]),
        (dict(max_dense_entries=-7), ["--max-dense-entries", "-7"]),
    ]
    for kw, args in cases:
        code, _, err = cli(*args)
        try:
            seprank.derive(**kw)
            check(False, f"derive({kw}) raises ValueError")
        except ValueError as e:
            check(code == 2, f"the CLI exits 2 for {args}")
            expected = err.strip().removeprefix("seprank-sym: error: ").removesuffix(" (see --help)")
            # In Python's words: the options of this call by their keyword names.
            for a in args:
                if a.startswith("--"):
                    expected = expected.replace(a[2:] + " = ", a[2:].replace("-", "_") + " = ")
            # CLI11 checks the option exclusions itself; the library checks everything else.
            if "excludes" not in expected:
                check(str(e) == expected, f"derive({kw}) message {str(e)!r} == CLI {expected!r}")
    code, _, err = cli("--L", "3", "--dx", "8")
    try:
        seprank.derive(L=3, dx=8)
        check(False, "derive(L=3, dx=8) raises ResourceLimit")
    except seprank.ResourceLimit as e:
        check(code == 3 and e.estimate == err.strip().removeprefix("seprank-sym: refused: ").replace("--time-limit ", "time_limit=")
              .replace("--max-memory ", "max_memory=").replace("--max-terms ", "max_terms="),
              f"ResourceLimit carries the CLI's refusal with its estimate, in Python's names: {e.estimate}")
        check("--" not in e.estimate, f"no CLI flag in a Python message: {e.estimate}")
    # The library names options by id (support/errors.hpp), and Python writes each as its keyword: a flag, a value's
    # name and a setting, none of them found by reading the CLI's text.
    for kw, expected in ((dict(verify=2), "verify re-ranks units taken from a store: it needs store=FILE"),
                         (dict(structure_only=True, kernel=True), "kernel needs the ranks, which structure_only leaves out"),
                         (dict(max_grid_points=7), "max_grid_points = 7 is out of range: must be >= 8")):
        try:
            seprank.derive(**kw)
            check(False, f"derive({kw}) raises ValueError")
        except ValueError as e:
            check(str(e) == expected, f"derive({kw}): {str(e)!r} == {expected!r}")
    for call, what in ((lambda: seprank.audit(101, 4), "audit L = 101"), (lambda: seprank.audit(2, 0), "audit dx = 0"),
                       (lambda: seprank.bounds(0, 4), "bounds L = 0"), (lambda: seprank.Network(2, 4).forward([[1]]),
                                                                         "forward with a wrong shape")):
        try:
            call()
            check(False, f"{what} raises ValueError")
        except ValueError:
            pass
    code, _, err = cli("audit", "--L", "101")
    try:
        seprank.audit(101, 4)
    except ValueError as e:
        check(code == 2 and "1 <= L <= 100" in str(e) and "1..100" in err, "audit range messages")


def test_nothing_coerced():
    # Types are checked before anything runs: bool and float are not integers (never truncated), flags are bools.
    for call, what in ((lambda: seprank.derive(L=True), "derive(L=True)"), (lambda: seprank.derive(L=2.5), "derive(L=2.5)"),
                       (lambda: seprank.derive(residual=1), "derive(residual=1)"), (lambda: seprank.Network(L=True), "Network(L=True)"),
                       (lambda: seprank.bounds(True, 4), "bounds(True, 4)"), (lambda: seprank.audit(2.5, 4), "audit(2.5, 4)"),
                       (lambda: seprank.bounds([1.5], [4]), "bounds([1.5], [4])")):
        try:
            call()
            check(False, f"{what} raises TypeError")
        except TypeError as e:
            check("integer" in str(e) or "True or False" in str(e), f"{what}: {e}")
    # Issue 49's reproductions: each refused with the keyword's name and the right exception type, before any work.
    for call, kind, name in ((lambda: seprank.corollary1(shallow="23"), TypeError, "shallow"),
                             (lambda: seprank.corollary1(shallow=[2.5]), TypeError, "shallow[0]"),
                             (lambda: seprank.corollary1(shallow=[True]), TypeError, "shallow[0]"),
                             (lambda: seprank.corollary1(shallow=b"23"), TypeError, "shallow"),
                             (lambda: seprank.corollary2(max_beta2=2.0), TypeError, "max_beta2"),
                             (lambda: seprank.derive(store=""), ValueError, "store"),
                             (lambda: seprank.derive(certificate=""), ValueError, "certificate"),
                             (lambda: seprank.Network(1, 1).certificate(""), ValueError, "certificate"),
                             (lambda: seprank.derive(time_limit=10 ** 400), ValueError, "time_limit"),
                             (lambda: seprank.audit(range(1, 10 ** 12), 4), ValueError, "L")):
        try:
            call()
            check(False, f"{name}: {kind.__name__} expected")
        except kind as e:
            check(str(e).startswith(name), f"the message names {name}: {e}")
    # A main keyword sweep's rows do not read is refused (as the CLI's), never ignored; Python's names in the message.
    for kw in ({"seeds": 2}, {"residual": True}, {"kernel": True}):
        try:
            seprank.sweep(dx=[1], L=[1], **kw)
            check(False, f"sweep({kw}) raises ValueError")
        except ValueError as e:
            check(str(e).startswith("sweep: not a sweep option: " + next(iter(kw))), f"sweep({kw}): {e}")
    w = seprank.Network(1, 2).weights
    fractional = [[{k: v.astype(float) for k, v in h.items()} for h in layer] for layer in w]
    fractional[0][0]["Q"][0, 0] = 0.9
    try:
        seprank.Network(1, 2, weights=fractional)
        check(False, "a weight 0.9 raises ValueError")
    except ValueError as e:
        check("0.9" in str(e) and "weights[0][0]['Q']" in str(e), f"the message names the entry: {e}")
    whole = [[{k: v.astype(float) for k, v in h.items()} for h in layer] for layer in w]  # 3.0 is the integer 3, exactly
    check(np.array_equal(seprank.Network(1, 2, weights=whole).weights[0][0]["Q"], w[0][0]["Q"]), "integral floats kept exactly")
    # A wrong shape is named by its block, as for weights given in C++ (not by a line of a text the user never saw).
    short = [[dict(h) for h in layer] for layer in w]
    short[0][0]["Q"] = np.ones((1, 2), dtype=np.int64)
    try:
        seprank.Network(1, 2, weights=short)
        check(False, "a 1 x 2 W^Q raises ValueError")
    except ValueError as e:
        check(str(e) == "the weights given: WQ 1 1 is 1 x 2, expected 2 x 2", f"the message names the block: {e}")
    short[0][0]["Q"] = np.zeros((2 ** 32 + 2, 0), dtype=np.int64)  # no memory, a shape beyond any int
    try:
        seprank.Network(1, 2, weights=short)
        check(False, "a (2^32 + 2) x 0 W^Q raises ValueError")
    except ValueError as e:
        check(str(e) == f"the weights given: WQ 1 1 is {2 ** 32 + 2} x 0, expected 2 x 2", f"not wrapped around: {e}")
    huge = [[{k: v.astype(object) for k, v in h.items()} for h in layer] for layer in w]
    huge[0][0]["Q"][0, 0] = 2 ** 70
    try:
        seprank.Network(1, 2, weights=huge)
        check(False, "2^70 raises ValueError")
    except ValueError as e:
        check(str(2 ** 70) in str(e), f"the value the user gave, not a clamped one: {e}")


def test_audit_arrays_against_cli():
    a = seprank.audit(range(1, 7), range(1, 41), H=2)
    j = json.loads(cli("audit", "--L", "1..6", "--dx", "1..40", "--H", "2", "--format", "json")[1])
    rows = j["results"]["rows"]
    check(len(rows) == len(a["L"]) == 6 * 20, "one row per (L, d_x) with H | d_x")
    check(a["skipped_not_dividing"] == 20, "20 odd widths left out")
    check(tuple(s["name"] for s in rows[0]["statements"]) == seprank.STATEMENTS, "STATEMENTS: the CLI's statement names, in order")
    for name in seprank.STATEMENTS:
        codes = a["statements"][name]["status"]
        # "undefined" is a code of its own (a claimed statement with an undefined bound: NaN, never "undecided").
        undefined = codes == seprank.STATUS_NAMES.index("undefined")
        check(bool(np.all(np.isnan(a["statements"][name]["log3_bound"][undefined]))), f"undefined rows have no bound ({name})")
        for status, count in j["results"]["counts"][name].items():
            check(int(np.sum(codes == seprank.STATUS_NAMES.index(status))) == count, f"audit count {name} {status}")
        for k, r in enumerate(rows):
            st = next(s for s in r["statements"] if s["name"] == name)
            shown = seprank.STATUS_NAMES[codes[k]]
            check(shown == st["status"] and (a["L"][k], a["dx"][k]) == (r["L"], r["dx"]), f"audit row {k} {name}")
            n = int(a["statements"][name]["holds_from_N"][k])
            check((n if n > 0 else None) == st["holds_from_N"], f"audit row {k} {name} holds_from_N")
    # The table form: readable statuses and the deciding facts, equal to the CLI's JSON rows (a second route).
    df = a.to_dataframe()
    for k, r in enumerate(rows):
        for st in r["statements"]:
            col = st["name"].replace("-", "_")
            check(df[col][k] == st["status"], f"to_dataframe row {k} {col}")
            ev = st["evidence"]
            check((ev["source"] if ev else None) == (None if df[col + "_evidence"].isna()[k] else df[col + "_evidence"][k]),
                  f"to_dataframe row {k} {col} evidence")
    check(str(df["theorem2_upper_printed_holds_from_N"].dtype) == "Int64" and str(df["theorem2_upper_printed_log3_bound"].dtype) == "float64",
          "numeric columns numeric")
    # A fact by hand: L = 2, d_x = 8 (N >= 4) contradicts the printed Theorem 2 upper bound (docs/theory.md, 13).
    b = seprank.audit(2, 8)
    check(seprank.STATUS_NAMES[b["statements"]["theorem2-upper-printed"]["status"][0]] == "contradicted",
          "L = 2, d_x = 8: the printed bound is contradicted")


def test_docstring_examples():
    import doctest
    result = doctest.testmod(seprank, verbose=False)
    check(result.failed == 0 and result.attempted > 0, f"the package's doctests: {result}")
    # Every public function and class shows itself at work (issue 47): an example in its docstring, run above.
    for name in ("derive", "audit", "bounds", "corollary1", "corollary2", "sweep", "plan", "hessian_ranks", "Network"):
        check(">>> " in (getattr(seprank, name).__doc__ or ""), f"{name}'s docstring has an example")
    check(seprank.MODELS["gpt3-175b"]["L"] == 96 and seprank.MODELS["gpt3-175b"]["N"] == 2048, "MODELS: GPT-3 175B (Brown et al.)")


def test_bounds_records():
    r = seprank.bounds(2, 4)
    # Theorem 2 at L = 2, d_x = 4, H = 1 by hand: c_1 = 2, upper = 2 d_x L + c_1 + c_2.
    import math
    c2 = -2 * 4 * math.log(2 * math.sqrt(2 * math.sqrt(2 * math.e)), 3) + math.log(4, 3)
    check(abs(r["theorem2_upper_log3"] - (16 + 2 + c2)) < 1e-9, "Theorem 2 upper bound by hand")
    check(r["gram_count"] == 110 and r["regime"] == "theorem2", "Gram count 110, Theorem 2 regime")
    # The CLI's bounds --format json results and Python's record share their keys (Python adds L, dx, H).
    cli_keys = set(json.loads(cli("bounds", "--L", "2", "--dx", "4", "--format", "json")[1])["results"]) - {"findings", "findings_note"}
    check(cli_keys <= set(r), f"bounds(): the CLI's keys {sorted(cli_keys - set(r))} missing")
    check(r["upper_bound"] == 110 and r["N"] is None, "the upper bound (the Gram count 110) and N")
    arr = seprank.bounds([1, 2, 3], 4)
    check(arr["theorem2_upper_log3"].shape == (3,) and list(arr["regime"]) == ["theorem1", "theorem2", "theorem2"],
          "bounds over a sequence: arrays")
    # Integer columns are int64 where every value fits, so numpy's functions apply; a count beyond int64 stays an
    # exact Python int. The Gram count by section 4's sum (docs/theory.md), sum_k min(d_x mc(D, C - k), mc(D, k)) with
    # D = d_x (d_x + 1)/2, C = (3^L - 1)/2 and mc(n, k) = binom(n + k - 1, k), computed here as a second method.
    def gram(L, dx):
        D, C = dx * (dx + 1) // 2, (3 ** L - 1) // 2
        mc = lambda n, k: math.comb(n + k - 1, k)  # noqa: E731
        return sum(min(dx * mc(D, C - k), mc(D, k)) for k in range(C + 1))
    want = [gram(L, 4) for L in (1, 2, 3)]
    check(want[:2] == [5, 110] and arr["L"].dtype == np.int64 and arr["gram_count"].dtype == np.int64
          and list(arr["gram_count"]) == want and np.allclose(np.log(arr["gram_count"]), np.log(want)),
          f"int64 columns: {arr['gram_count'].dtype} {list(arr['gram_count'])} against {want}")
    big = seprank.bounds([2, 5], 100)["gram_count"]
    check(big.dtype == object and big[1] == gram(5, 100) > 2 ** 63, f"a Gram count beyond int64 is exact: {big.dtype}")


def literal_forward(weights, x, residual):
    """Eq. 3 literally in Python integers: y^i = sum_j sum_h <W^Q x^i, W^K x^j> W^O W^V x^j (+ x^i)."""
    y = [[int(v) for v in row] for row in x]
    for layer in weights:
        out = [[0] * len(y[0]) for _ in y]
        for h in layer:
            Q, K, V, O = (np.array(h[k], dtype=object) for k in ("Q", "K", "V", "O"))
            for i in range(len(y)):
                for j in range(len(y)):
                    score = int(np.dot(Q.dot(np.array(y[i], dtype=object)), K.dot(np.array(y[j], dtype=object))))
                    ov = O.dot(V.dot(np.array(y[j], dtype=object)))
                    for r in range(len(y[0])):
                        out[i][r] += score * int(ov[r])
        if residual:
            out = [[out[i][r] + y[i][r] for r in range(len(y[0]))] for i in range(len(y))]
        y = out
    return y


def test_network_forward():
    rng = np.random.default_rng(5)
    for L, dx, H, residual in ((1, 2, 1, False), (2, 4, 2, False), (2, 3, 1, True), (3, 2, 1, False)):
        n = seprank.Network(L, dx, H, seed=4, residual=residual)
        x = rng.integers(-3, 4, size=(3, dx))
        y = n.forward(x)
        check([[int(v) for v in row] for row in y] == literal_forward(n.weights, x, residual),
              f"forward = literal numpy evaluation (L={L}, dx={dx}, H={H}, residual={residual})")
    n = seprank.Network(3, 4, seed=1)
    y = n.forward(np.full((4, 4), 1000))
    check(y.dtype == object and max(abs(int(v)) for v in y.ravel()) > 2 ** 63, "Python ints past int64")
    # The C++ expansion: y_p at a point, from the CLI's polynomial for the same weights (L = 1, d_x = 2, N = 2).
    n = seprank.Network(1, 2, seed=1)
    poly = cli("--L", "1", "--dx", "2", "--N", "2", "--print-polynomial", "--format", "json")[1]
    appendix = json.loads(poly)["appendix"]
    text = next(a["text"] for a in appendix if "y_p" in a["title"] or "polynomial" in a["title"].lower())
    x = np.array([[2, -1], [3, 5]])
    env = {"x1_1": 2, "x1_2": -1, "x2_1": 3, "x2_2": 5}
    value = sum(eval(t.replace("^", "**"), {}, env) for t in text.split())
    check(int(n.forward(x)[0][0]) == value, "forward = the expansion y_p (position 1, entry 1)")
    # Given weights: the same ranks as the draw they copy; every W^V of rank 1 by hand.
    m = seprank.Network(2, 2, weights=seprank.Network(2, 2, seed=3).weights)
    check(m.separation_rank(N=4) == seprank.Network(2, 2, seed=3).separation_rank(N=4), "given weights = drawn weights")
    # Degenerate weights against ranks by hand (L = 1, d_x = 2, N = 2, A = {1}, i = p = 1):
    # y = sum_j <W^Q x^1, W^K x^j> (W^O W^V x^j)_p. The j = 1 term lives on A alone; the j = 2 term is
    # sum_a x^1_a (B x^2)_a (O V x^2)_p with B = W^Q^T W^K, two separable terms: sep = 3 for generic weights.
    # With W^Q of rank 1, B = q k^T and the j = 2 term is (q.x^1) (k.x^2)(O V x^2)_p: sep = 2.
    check(seprank.Network(1, 2, seed=2).separation_rank(N=2) == {"value": 3, "exact": True,
          "certificate": seprank.Network(1, 2, seed=2).separation_rank(N=2)["certificate"], "N": 2}, "generic: sep = 3")
    w = seprank.Network(1, 2, seed=2).weights
    w[0][0]["Q"] = np.array([[1, 1], [2, 2]])
    r = seprank.Network(1, 2, weights=w).separation_rank(N=2)
    check(r["exact"] and r["value"] == 2, f"rank-one W^Q: sep = 2 by hand (got {r['value']})")
    # Given weights travel in memory: the derivation names them so (no temporary file path), and the ranks are those
    # of the same weights read from a file by the CLI's reader.
    d = seprank.Network(1, 2, weights=w)._derive(N=2)
    names = json.loads(d.to_json())["config"]["weights"]
    check(names.startswith("given in memory"), f"given weights are named as such (got {names!r})")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "w.txt")
        with open(path, "w") as f:
            f.write(seprank._seprank.weight_file_text(1, 2, 1, False, w))
        from_file = seprank.derive(L=1, dx=2, N=2, weights=path).results["separation_rank"]
        check(from_file["value"] == 2 and from_file == d.results["separation_rank"], "in memory = read from a file")
    try:
        seprank.Network(1, 2, weights=w).separation_rank(N=2, weights="random")
        check(False, "a second weights keyword is refused")
    except TypeError as e:
        check("this network's weights are given" in str(e), f"the refusal says the weights are given ({e})")


def test_certificate_from_python():
    with tempfile.TemporaryDirectory() as d:
        seprank.Network(2, 2, seed=1).certificate(d)
        p = subprocess.run([sys.executable, os.path.join(d, "check.py")], capture_output=True, text=True)
        check(p.returncode == 0 and "certified" in p.stdout.splitlines()[-1], "the certificate re-checks")


def test_summary_equals_the_cli():
    d = seprank.derive(L=2, dx=4)
    check(d.summary() == cli("--L", "2", "--dx", "4", "--summary")[1], "Derivation.summary() is the CLI's --summary, as text")
    check(len(d.brief().steps) < len(d.steps) and d.brief().findings == d.findings, "the summary keeps the findings")
    check(str(d) == d.to_text(), "print(d) shows the text")
    check(repr(d).count("\n") == len(d.answer) and len(repr(d)) < 2000 and "theorem2-upper" not in repr(d)
          and "Theorem 2 upper bound, as printed: holds (certified)" in repr(d), "repr(d) is short: the answer")


def test_huge_integers_are_out_of_range_not_a_runtime_error():
    for call, what in ((lambda: seprank.derive(L=2 ** 70), "derive(L=2**70)"), (lambda: seprank.Network(L=2 ** 40), "Network(L=2**40)"),
                       (lambda: seprank.audit(2 ** 70, 4), "audit(2**70, 4)"), (lambda: seprank.bounds(2 ** 70, 4), "bounds(2**70, 4)")):
        try:
            call()
            check(False, f"{what} raises ValueError")
        except ValueError as e:
            check("out of range" in str(e), f"{what}: {e}")


def test_package_conventions():
    code, out, _ = cli("--version")
    check(out.strip() == f"seprank-sym {seprank.__version__}", f"__version__ {seprank.__version__!r} is the CLI's ({out.strip()!r})")
    leftovers = [n for n in dir(seprank) if n in ("annotations", "Any", "Callable", "Dict", "List", "Optional", "Sequence", "Union")]
    check(not leftovers, f"no typing names in dir(seprank): {leftovers}")
    check(all(hasattr(seprank, n) for n in seprank.__all__), "every name of __all__ exists")
    try:
        seprank.corollary1(6, 100, H=16).table()  # outside its hypothesis: no table
        check(False, "table() of a result without tables raises IndexError")
    except IndexError as e:
        check("has 0 table(s)" in str(e), f"the IndexError says how many tables there are: {e}")


def test_keyboard_interrupt():
    # SIGINT arrives when the grid-tensor stage starts (sent from the progress callback, not after a delay: no
    # dependence on the machine's speed or load); the run must stop inside that stage, before the sep(N) ladder.
    messages = []

    def progress(message):
        messages.append(message)
        if "evaluating grid tensors" in message:
            os.kill(os.getpid(), signal.SIGINT)

    try:
        seprank.derive(L=3, dx=3, threads=1, time_limit=3000, progress=progress)
        check(False, "KeyboardInterrupt raised")
    except KeyboardInterrupt:
        check(any("evaluating grid tensors" in m for m in messages), "the interrupt came in the grid-tensor stage")
        check(not any("following sep(N)" in m for m in messages),
              f"stopped inside that stage, before the sep(N) ladder ({len(messages)} progress messages)")
    # Python's own handler is back: a second SIGINT raises KeyboardInterrupt in Python code.
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.5)
        check(False, "Python's SIGINT handler restored")
    except KeyboardInterrupt:
        pass


def test_lower_bound_at_every_size():
    # L = 2, d_x = 8 by hand (docs/theory.md, section 15): l0 = 1, g = 3, rho_3(8) = 2*8 - 1 = 15, r = 14, n = 1:
    # sep >= 2 binom(15, 1) = 30; the slopes D - 1 = 35 and D = 36 against the printed 2 d_x + 1 = 17.
    b = seprank.bounds(2, 8)
    check(b["lower_bound"] == 30 and b["lower_bound_level"] == 1, f"L2dx8 lower bound {b['lower_bound']}")
    check((b["slope_lower"], b["slope_upper"], b["slope_printed"]) == (35, 36, 17), "L2dx8 slopes")
    check(b["lower_bound_from_N"] == 18, "L2dx8: from N = 2 d_x + 2")
    # At N = 10: the width-4 network's bound by zero padding, 2 binom(7, 1) = 14, from N = 10.
    bn = seprank.bounds(2, 8, N=10)
    check(bn["lower_bound"] == 14 and bn["lower_bound_from_N"] == 10, f"L2dx8 at N = 10: {bn['lower_bound']}")
    for bad, err in ((1, ValueError), (2.5, TypeError), ("10", TypeError), (True, TypeError)):
        try:
            seprank.bounds(2, 8, N=bad)
            check(False, f"N={bad!r} refused")
        except err as e:
            check("N" in str(e), f"N={bad!r}: {e}")
    # The GPT-3 row answers (it hung before) and the bound exceeds the printed Theorem 2 upper bound there.
    g = seprank.bounds(96, 12288, 96)
    check(g["lower_bound_log3"] > g["theorem2_upper_log3"], "GPT-3: the proven bound above the printed upper bound")
    check(g["lower_bound"] is None, "GPT-3: the value is known in log_3 only")
    arrays = seprank.bounds([1, 2], [4, 8])
    check(math.isnan(arrays["lower_bound_log3"][0]) and arrays["lower_bound"][1] == 30, "arrays: none at L = 1, 30 at L2dx8")


def _special_weights(L, dx, l0, blocks, seed, identity=False):
    """The weights of docs/theory.md section 15 (H = 1): P_l = W^O W^V = I below the last layer, Q_l = W^K^T W^Q a
    block-diagonal draw below l0 and b b^T from l0 on, row 1 of the last layer's P equal to b^T."""
    rng = random.Random(seed)
    b = [rng.choice([v for v in range(-5, 6) if v]) for _ in range(dx)]
    starts, s = [], 0
    for d in blocks:
        starts.append((s, s + d)); s += d
    for i in range(s, dx):
        b[i] = 0  # coordinates outside the blocks
    eye = [[int(i == j) for j in range(dx)] for i in range(dx)]
    e1b = [b[:] if i == 0 else [0] * dx for i in range(dx)]
    text = []
    for l in range(L):
        if l < l0 and identity:  # Theorem 15.1's weights: Q_l = I below l0, gamma = b^T M^g b
            WQ, WK = eye, eye
        elif l < l0:
            Q = [[0] * dx for _ in range(dx)]
            for a, z in starts:
                for i in range(a, z):
                    for j in range(a, z):
                        Q[i][j] = rng.choice([v for v in range(-5, 6) if v])
            WQ, WK = Q, eye
        else:
            WQ, WK = e1b, e1b
        WO = e1b if l == L - 1 else eye
        for name, m in (("WQ", WQ), ("WK", WK), ("WV", eye), ("WO", WO)):
            text.append(f"{name} {l + 1} 1")
            text += [" ".join(map(str, row)) for row in m]
    return "\n".join(text) + "\n"


def test_gram_blocks_at_the_special_weights_meet_the_lower_bound():
    """docs/theory.md, section 15, at its own special weights: Gram block k (and C - k) has rank at least
    binom(r + k - 1, k) for k <= n, r + 1 the blocks' Hessian ranks (2d - 1 at l0 = 1; 3 and 1 at l0 = 2 for d = 2, 1);
    with Q_l = I one block of d_x (Theorem 15.1: rho_3(d) = 2 d - 1)."""
    for L, dx, l0, blocks, rhos, identity in [(2, 3, 1, [2, 1], [3, 1], False), (2, 4, 1, [3, 1], [5, 1], False),
                                              (3, 2, 1, [1, 1], [1, 1], False), (3, 3, 1, [2, 1], [3, 1], False),
                                              (3, 3, 2, [2, 1], [3, 1], False), (2, 3, 1, [3], [5], True),
                                              (3, 2, 1, [2], [3], True), (2, 4, 1, [4], [7], True)]:
        C = (3 ** L - 1) // 2
        n = (3 ** (L - l0) - 1) // 2
        r = sum(rhos) - 1
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(_special_weights(L, dx, l0, blocks, 1000 * L + 10 * dx + l0, identity))
        p = subprocess.run([CLI, "--quiet", "--L", str(L), "--dx", str(dx), "--weights", f.name, "--format", "json", "--max-grid-points", "8"], capture_output=True, text=True)
        os.unlink(f.name)
        d = json.loads(p.stdout)
        ranks = {}
        for s in d["steps"]:
            if s["id"] == "gram-rank":
                for v in s["values"]:
                    if v["name"].startswith("blocks"):
                        ranks = {b["degree"]: b["rank"] for b in v["value"]}
        need = {}
        for k in range(n + 1):
            need[k] = max(need.get(k, 0), math.comb(r + k - 1, k))
            need[C - k] = max(need.get(C - k, 0), math.comb(r + k - 1, k))
        for k in sorted(need):
            check(ranks.get(k, -1) >= need[k], f"L{L} dx{dx} l0 = {l0} blocks {blocks}: Gram block {k} has rank {ranks.get(k)} >= {need[k]}")


def test_html_for_a_page():
    # The HTML a notebook shows: every step with its id, status and one table row per value without items; no
    # "$" left (formulas are \\(...\\)); the whole page holds each step's fragment; Markdown steps join to the
    # CLI's Markdown.
    from html.parser import HTMLParser

    class Rows(HTMLParser):
        def __init__(self):
            super().__init__()
            self.rows, self.codes = 0, []
            self._code = False

        def handle_starttag(self, tag, attrs):
            if tag == "tr":
                self.rows += 1
            self._code = tag == "code"

        def handle_data(self, data):
            if self._code:
                self.codes.append(data)
                self._code = False

    d = seprank.derive(L=2, dx=4)
    page = d.to_html()
    check(d._repr_html_() == page and "$" not in page and "\\(" in page, "HTML: formulas as \\(...\\), no $")
    for s in d.steps:
        p = Rows()
        p.feed(s.html)
        check(p.codes[:1] == [s.id], f"HTML step {s.id}: its id")
        check(s.status in s.html, f"HTML step {s.id}: its status")
        check(s.html in page, f"HTML step {s.id}: in the page")
        check(s._repr_html_() == s.html and s.markdown.startswith(f"### Step {s.number} "), f"step {s.id}: reprs")
        md_rows = sum(1 for line in s.markdown.splitlines() if line.startswith("| ")) - (1 if "| --- |" in s.markdown else 0)
        check(p.rows == md_rows, f"HTML step {s.id}: {p.rows} table rows, Markdown {md_rows}")
    rc, md, _ = cli("--L", "2", "--dx", "4", "--format", "markdown")
    check(rc == 0 and "".join(d._native.markdown_steps()) in md, "Markdown steps join to the CLI's Markdown")


def test_one_regime_encoding():
    # derive's JSON, bounds(), the audit's codes, sweep's typed table and the CLI's JSON use the same keys.
    check(seprank.REGIME_NAMES == ("theorem1", "threshold", "theorem2"), "REGIME_NAMES")
    for L, dx, key in ((1, 4, "theorem1"), (1, 3, "threshold"), (2, 4, "theorem2")):
        check(seprank.bounds(L, dx)["regime"] == key, f"bounds({L}, {dx}) regime {key}")
        rc, out, _ = cli("bounds", "--L", str(L), "--dx", str(dx), "--format", "json")
        check(json.loads(out)["results"]["regime"] == key, f"CLI bounds L={L} dx={dx}: regime {key}")
        a = seprank.audit(L, dx)
        check(seprank.REGIME_NAMES[a["regime"][0]] == key, f"audit({L}, {dx}) regime {key}")
    rc, out, _ = cli("--L", "2", "--dx", "4", "--format", "json")
    check(json.loads(out)["results"]["bounds"]["regime"] == "theorem2", "CLI derive JSON: regime theorem2")
    check(list(seprank.sweep(dx="3..4", L="1").table()["regime"]) == ["threshold", "theorem1"], "sweep table regime keys")


def test_network_weights_are_a_copy():
    # Changing the weights one got never changes the network (its forward pass and its ranks would disagree: the
    # ranks are derived from the seed or the given weights); the caller's own arrays are never frozen either.
    net = seprank.Network(L=1, dx=2, seed=2)
    x = np.array([[1, -2], [3, 4]])
    before = net.forward(x)
    w = net.weights
    w[0][0]["Q"][:] = 1
    check((net.forward(x) == before).all() and (net.weights[0][0]["Q"] != 1).any(), "Network.weights is a copy")
    mine = np.array([[1, 1], [2, 2]])
    w[0][0]["Q"] = mine
    other = seprank.Network(L=1, dx=2, weights=w)
    mine[0, 0] = 7
    check(mine.flags.writeable and other.weights[0][0]["Q"][0, 0] == 1, "given weights are copied, the caller's array untouched")
    Q, K, V, O = (other.weights[0][0][k] for k in "QKVO")
    literal = sum(((Q @ x[0]) @ (K @ x[j])) * (O @ V @ x[j]) for j in range(2))
    check((other.forward(x)[0] == literal).all(), "forward of the given weights = eq. 3 by numpy")


def test_values_by_stable_key():
    # The keyed values equal the same values looked up by their display names, and the CLI's JSON carries the keys;
    # C and D by hand at L = 2, d_x = 4.
    d = seprank.derive(L=2, dx=4)
    pairs = [("summed-indices", "summed_indices", "C"), ("gram-form", "gram_entries", "entries of M (D = d_x(d_x+1)/2)"),
             ("gram-rank", "gram_blocks", "blocks (M_B-degree k: size, rank)"),
             ("separation-rank", "sep_blocks", "blocks (B-degree: size, rank)"),
             ("stabilization", "sep_ladder", "sep(N), balanced partitions")]
    for step, key, name in pairs:
        check(d.step(step).value(key) == d.step(step).value(name), f"{step}: value {key} = value {name!r}")
    check(d.step("summed-indices").value("summed_indices") == (3**2 - 1) // 2 and
          d.step("gram-form").value("gram_entries") == 4 * 5 // 2, "C = 4, D = 10 by key")
    # The configuration and the summary by key: the request's numbers, and the results' exact values.
    config = d.step("configuration")
    check([config.value(k) for k in ("L", "dx", "H", "N", "residual")] == [2, 4, 1, 4, False], "configuration by key")
    check(d.step("regime").value("regime") == "theorem2" and d.results["bounds"]["regime"] == "theorem2", "regime by key")
    summary = d.step("summary")
    check(summary.value("separation_rank") == d.results["separation_rank"]["value"] == 110, "sep by key")
    check(summary.value("gram_rank") == d.results["gram_rank"]["value"] == 110, "Gram rank by key")
    check(summary.value("gram_count") == d.results["bounds"]["gram_count"] == 110, "Gram count by key")
    check(summary.value("binomial_bound") == 1001, "binom(D + C, C) = binom(14, 4) = 1001 by key")
    check(abs(summary.value("paper_upper_log3") - d.results["bounds"]["paper_upper_log3"]) < 1e-6, "paper's upper bound by key")
    # Section 15 by hand at L = 2, d_x = 4: l_0 = 1, n = 1, rho_3(4) = 2*4 - 1 = 7, so r + 1 = 7 and 2 binom(r + 1, 1) = 14.
    check(summary.value("lower_bound") == 14, f"proven lower bound by key: {summary.value('lower_bound')}")
    check(abs(d.results["bounds"]["lower_bound_log3"] - math.log(14, 3)) < 1e-6, "its log_3 in results")
    rc, out, _ = cli("--L", "2", "--dx", "4", "--format", "json")
    keys = {v["key"] for s in json.loads(out)["steps"] for v in s["values"] if "key" in v}
    expected = {k for _, k, _ in pairs} | {"L", "dx", "H", "N", "output", "residual", "weights", "log3_dx", "three_L_vs_dx",
                                           "regime", "grid_rank", "separation_rank", "gram_rank", "gram_count",
                                           "binomial_bound", "paper_route_bound", "paper_lower_log3", "paper_upper_log3",
                                           "paper_upper_fraction_log3", "lower_bound", "width", "rho", "from_N", "slope",
                                           "consistency"}
    check(keys == expected, f"the CLI's JSON carries the keys: {sorted(keys ^ expected)} differ")


def test_progress_display():
    # Outside a notebook Progress writes a line per message on stderr, then how the call ended.
    import contextlib
    import io
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        with seprank.Progress("lesson") as p:
            seprank.derive(L=1, dx=2, progress=p)
    lines = err.getvalue().splitlines()
    check(lines[0] == "lesson: started" and lines[-1].startswith("lesson: finished in ") and
          f"({len(p.messages)} stages)" in lines[-1], f"Progress first and last lines: {lines[:1]} {lines[-1:]}")
    check(len(p.messages) >= 3 and len(lines) == len(p.messages) + 2, f"Progress: a line per message ({len(p.messages)})")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            with seprank.Progress() as p:
                seprank.derive(L=0, progress=p)
        except ValueError:
            pass
    check("stopped after" in err.getvalue() and "ValueError" in err.getvalue(), "Progress says how a failed call ended")


def test_every_keyword_documented_from_the_cli_help():
    # help(seprank.derive) lists every keyword with its default and the text of the CLI's --help line for the same
    # option (read here from the CLI's own --help output: a second source), CLI flags written as Python names and
    # settings as keyword arguments.
    import re
    rc, out, _ = cli("--help")
    doc = seprank.derive.__doc__
    check("Parameters\n    ----------" in doc, "derive's docstring has a Parameters section")
    for name, p in inspect.signature(seprank.derive).parameters.items():
        check(f"\n    {name} : default {p.default!r}\n" in doc, f"derive docstring: {name} with its default")
        flag = "--" + name.replace("_", "-")
        m = re.search(r"\n  " + re.escape(flag) + r"(?: [A-Z]+(?:=\S+)?)?(?: Excludes:[^\n]*)?\s+(.*?)(?=\n  -|\n\n)", out, re.S)
        if name in ("threads", "progress") or m is None:
            check(name in ("threads", "progress"), f"CLI --help has {flag}")
            continue
        described = re.sub(r" \(not with [^)]*\)$", "", " ".join(m.group(1).split()))  # the exclusion: the CLI's alone
        # A flag set to a number ("--L 3") is a keyword argument in Python ("L=3"); a flag alone is its keyword.
        cli_text = re.sub(r"--([a-zA-Z][a-zA-Z0-9-]*) ([0-9]+)\b", lambda g: g.group(1).replace("-", "_") + "=" + g.group(2),
                          described)
        cli_text = re.sub(r"--([a-z][a-z0-9-]*)", lambda g: g.group(1).replace("-", "_"), cli_text)
        check(f"        {cli_text}\n" in doc, f"derive docstring: {name} says what --help says ({cli_text[:40]})")


def test_subcommand_keywords_documented_from_the_cli_help():
    # audit, bounds, corollary1/2, sweep: each keyword the subcommand has is documented with the text of
    # `seprank-sym SUBCOMMAND --help` (read from the CLI's output), with its default.
    import re
    for fn, sub, own in ((seprank.audit, "audit", ()), (seprank.bounds, "bounds", ()), (seprank.corollary1, "corollary1", ()),
                         (seprank.corollary2, "corollary2", ()), (seprank.sweep, "sweep", ("progress", "options")),
                         (seprank.plan, "plan", ()), (seprank.hessian_ranks, "hessian-ranks", ("seed", "time_limit", "progress"))):
        rc, out, _ = cli(sub, "--help")
        doc = fn.__doc__
        for name, p in inspect.signature(fn).parameters.items():
            if name in own:
                check(name in doc, f"{sub}: {name} documented")
                continue
            check(f"\n    {name} : default {p.default!r}\n" in doc, f"{sub} docstring: {name} with its default")
            flag = "--" + name.replace("_", "-")
            m = re.search(r"\n  " + re.escape(flag) + r"(?: [A-Z]+(?:=\S+)?(?: \.\.\.)?)?\s+(.*?)(?=\n  -|\n\n|$)", out, re.S)
            check(m is not None, f"{sub} --help has {flag}")
            if m:
                cli_text = re.sub(r"--([a-z][a-z0-9-]*)", lambda g: g.group(1).replace("-", "_"), " ".join(m.group(1).split()))
                check(f"        {cli_text}\n" in doc, f"{sub} docstring: {name} says what --help says ({cli_text[:40]})")
    doc = seprank.Network.__init__.__doc__
    for name in ("L", "dx", "H", "seed", "weights", "residual", "weight_range"):
        check(f"\n    {name} : default " in doc, f"Network: {name} documented")


def test_text_width_refused():
    d = seprank.derive(L=1, dx=2)
    for bad, kind in ((10, ValueError), (1001, ValueError), (-1, ValueError), ("80", TypeError), (80.0, TypeError), (True, TypeError)):
        try:
            d.to_text(width=bad)
            check(False, f"to_text(width={bad!r}) refused")
        except kind as e:
            check(kind is TypeError or "must be 0 (no wrapping) or 40 .. 1000" in str(e), f"to_text(width={bad!r}): {e}")


def test_help_and_stubs():
    check("max_terms" in (seprank.derive.__doc__ or "") or "--max-terms" in seprank.derive.__doc__, "derive's docstring")
    stub = os.path.join(os.path.dirname(seprank.__file__), "__init__.pyi")
    check(os.path.exists(stub), "type stubs next to the package")
    with open(stub) as f:
        src = f.read()
    for name in seprank.__all__:
        check(f"def {name}(" in src or f"class {name}" in src or f"\n{name}: " in src, f"stub for {name}")


def test_every_option_of_the_table_on_every_surface():
    # The one option table (app/request_options, exported as _seprank.request_options()) against each surface made or
    # written from it: nothing here names an option, so an option added to the table and missed anywhere fails here.
    import ast
    table = _seprank.request_options()
    check(len(table) >= 30 and len({o["flag"] for o in table}) == len(table), "the table: distinct flags")
    sig = inspect.signature(seprank.derive)
    with open(os.path.join(os.path.dirname(seprank.__file__), "__init__.pyi")) as f:
        stub_tree = ast.parse(f.read())
    stub_derive = next(n for n in stub_tree.body if isinstance(n, ast.FunctionDef) and n.name == "derive")
    stub_args = {a.arg for a in stub_derive.args.args + stub_derive.args.kwonlyargs}
    # The written OPTIONS section: the generated SUBCOMMAND OPTIONS after it name main options too.
    man = open(os.environ["SEPRANK_MAN"]).read().replace("\\-", "-").split("\n.SH SUBCOMMAND OPTIONS")[0]
    _, cli_help, _ = cli("--help")
    doc = seprank.derive.__doc__ or ""
    for o in table:
        flag, kw = o["flag"], o["keyword"]
        check(flag + " " in cli_help or flag + "\n" in cli_help or flag + "," in cli_help, f"seprank-sym --help lists {flag}")
        check(flag in man, f"the man page lists {flag}")
        if not kw:  # an output option of the CLI alone
            continue
        check(kw == flag[2:].replace("-", "_"), f"{flag}: its keyword {kw} is the flag's name")
        check(kw in sig.parameters, f"derive() takes {kw}")
        check(kw in sig.parameters and (sig.parameters[kw].default == o["default"]
                                        or (kw in ("partition", "store", "certificate") and o["default"] == ""
                                            and sig.parameters[kw].default is None)),
              f"derive()'s default {kw} = {sig.parameters[kw].default if kw in sig.parameters else '?'} (the table's {o['default']})")
        check(kw in stub_args, f"the stub's derive() takes {kw}")
        check(f"{kw} :" in doc or f"{kw}:" in doc, f"derive()'s docstring documents {kw}")
        check(o["help"].split(";")[0][:40] in " ".join(doc.split()), f"derive()'s docstring has the table's help of {kw}")
    derive_keywords = set(sig.parameters) - {"progress"}
    table_keywords = {o["keyword"] for o in table if o["keyword"]}
    check(derive_keywords == table_keywords, f"derive()'s keywords are the table's: {sorted(derive_keywords ^ table_keywords)} differ")


def test_every_subcommand_option_on_every_surface():
    # The subcommands' rows (app/commands, exported) against each surface: the CLI's SUBCOMMAND --help, the man page,
    # the Python function of the same name, its defaults and its stub. Nothing here names an option: one added to a
    # row and missed anywhere (or a subcommand with options but no Python function) fails here. `store` and
    # `annihilators` have no options of their own (a FILE argument; the main command's options).
    import ast
    man = open(os.environ["SEPRANK_MAN"]).read().replace("\\-", "-")
    with open(os.path.join(os.path.dirname(seprank.__file__), "__init__.pyi")) as f:
        stub_tree = ast.parse(f.read())
    stubs = {n.name: n for n in stub_tree.body if isinstance(n, ast.FunctionDef)}
    names = _seprank.subcommand_names()
    check(len(names) >= 7, f"the subcommand tables: {names}")
    for sub in names:
        fn = getattr(seprank, sub.replace("-", "_"), None)
        check(fn is not None, f"seprank.{sub.replace('-', '_')} exists for seprank-sym {sub}")
        check(f"\n.B {sub}" in man or f"\n.SS {sub}" in man or f"B {sub}\n" in man or f"\\fB{sub}\\fR" in man,
              f"the man page has the subcommand {sub}")
        _, sub_help, _ = cli(sub, "--help")
        params = set(inspect.signature(fn).parameters) if fn else set()
        stub = stubs.get(sub.replace("-", "_"))
        stub_args = {a.arg for a in stub.args.args + stub.args.kwonlyargs} | ({stub.args.kwarg.arg} if stub and stub.args.kwarg else set()) \
            if stub else set()
        check(stub is not None, f"the stub declares seprank.{sub.replace('-', '_')}")
        check(stub_args == params, f"the stub's {sub} takes the function's keywords ({sorted(stub_args ^ params)} differ)")
        # The other way: a keyword of the function is declared: in its own table, in the main table (hessian-ranks'
        # seed; whether the subcommand honours it is the subcommand's own tests' business), the progress callback, or
        # the catch-all of the main command's keywords (sweep's). A keyword declared nowhere fails here.
        rows = _seprank.subcommand_options(sub)
        table_kws = {row["keyword"] for row in rows}
        main_kws = {row["keyword"] for row in _seprank.request_options() if row["keyword"]}
        for kw in sorted(params - table_kws):
            kind = inspect.signature(fn).parameters[kw].kind
            check(kw in main_kws or kw == "progress" or kind == inspect.Parameter.VAR_KEYWORD,
                  f"seprank.{sub.replace('-', '_')}({kw}=...) is declared in the {sub} table or the main table")
        for row in rows:
            flag, kw = row["flag"], row["keyword"]
            check(flag + " " in sub_help or flag + "\n" in sub_help, f"seprank-sym {sub} --help lists {flag}")
            section = man.split(f"\n.SS {sub}\n")[1].split("\n.S")[0] if f"\n.SS {sub}\n" in man else ""
            check(f"\\fB{flag}\\fR" in section, f"the man page's SUBCOMMAND OPTIONS list {sub} {flag}")
            # A row Python has no keyword for says why (cli_only: Python does it itself); every other row is a keyword.
            check((kw in params) != bool(row["cli_only"]), f"seprank.{sub.replace('-', '_')}() takes {kw} ({sub} {flag}) "
                  f"unless its row says why not ({row['cli_only']!r})")
            if kw in params:
                given = inspect.signature(fn).parameters[kw].default
                check(_as_row_default(given) == row["default"],
                      f"seprank.{sub.replace('-', '_')}()'s default {kw} = {given!r} is the CLI's {row['default']!r}")


def test_every_row_given_reaches_the_command():
    # Each subcommand with every option of its rows given explicitly, through Python and through the CLI: the same
    # JSON. The values are not the defaults where a valid other one is known below (an option missing here is given at
    # its default), so a row Python's call did not fill into the request, or filled wrongly, differs or raises.
    # audit returns arrays: compared with the CLI in the audit tests.
    sizes = {"bounds": {"L": 3, "dx": 5, "H": 1, "N": 4}, "corollary1": {"L": 7, "dx": 999, "H": 9, "shallow": [2, 4]},
             "corollary2": {"L": 10, "dx": 81, "H": 3, "max_beta2": 5},
             "plan": {"L": 3, "dx": 4, "H": 2, "np": 3, "threads": 2, "node_memory": 1},
             "hessian-ranks": {"level": "1", "d": "2..3"}, "sweep": {"dx": "1..2", "L": "1", "H": "1", "N": 6}}
    for sub in _seprank.subcommand_names():
        if sub == "audit":
            continue
        kw, args = {}, [sub]
        for row in _seprank.subcommand_options(sub):
            if row["cli_only"]:
                continue
            v = sizes.get(sub, {}).get(row["keyword"], row["default"])
            kw[row["keyword"]] = v
            args += [row["flag"], ",".join(map(str, v)) if isinstance(v, list) else str(v)]
        got = getattr(seprank, sub.replace("-", "_"))(**kw)
        got = got["derivation"] if sub == "bounds" else got
        check(len(kw) >= 2 and got.to_json() == cli(*args, "--format", "json")[1],
              f"seprank.{sub.replace('-', '_')}(**{kw}) equals seprank-sym {' '.join(args[1:])}")


def test_none_only_where_it_is_the_default():
    # None means "not given" only for a keyword whose default is None (bounds' and audit's N: every N); any other
    # keyword refuses it by name, as a wrong type, rather than running with its default.
    for sub in _seprank.subcommand_names():
        fn = getattr(seprank, sub.replace("-", "_"))
        for name, p in inspect.signature(fn).parameters.items():
            if p.default is None or p.kind == inspect.Parameter.VAR_KEYWORD:
                continue
            try:
                fn(**{name: None})
                check(False, f"seprank.{fn.__name__}({name}=None) refused")
            except TypeError as e:
                check(name in str(e), f"seprank.{fn.__name__}({name}=None): TypeError naming it ({e})")
    # A main command's option a subcommand does not read is refused, as the CLI refuses it, never ignored.
    for sub, options in (("plan", {"seed": 5}), ("corollary1", {"certificate": "c"}), ("sweep", {"certificate": "c"})):
        try:
            _seprank.run_command(sub, options)
            check(False, f"run_command({sub!r}, {options}) refused")
        except ValueError as e:
            check(list(options)[0] in str(e) and sub in str(e), f"run_command({sub!r}, {options}): {e}")


def _as_row_default(v):
    """A Python default as the rows of _seprank.subcommand_options() write it: a range as its text ("1..8"), a
    sequence as a list, None (bounds' and audit's N: every N) as the CLI's 0."""
    if v is None:
        return 0
    if isinstance(v, range) and v.step == 1 and len(v) > 1:
        return f"{v.start}..{v.stop - 1}"
    if isinstance(v, (tuple, range)):
        return list(v)
    return v


class PackageTests(unittest.TestCase):
    """Each test_ function above as a unittest case: it fails when one of its checks failed (all are run and
    printed, as `check` collects them) or when it raises."""


def _as_case(fn):
    def case(self):
        before = len(failures)
        fn()
        self.assertEqual(failures[before:], [], f"{fn.__name__}: failed checks")
    case.__doc__ = fn.__doc__
    return case


for _name, _fn in sorted(dict(globals()).items()):
    if _name.startswith("test_") and callable(_fn):
        setattr(PackageTests, _name, _as_case(_fn))


if __name__ == "__main__":
    unittest.main(verbosity=2)
