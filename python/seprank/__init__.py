"""seprank: exact separation-rank facts for the self-attention network of Levine et al.,
"Limits to Depth Efficiencies of Self-Attention" (NeurIPS 2020), from Python.

The same library as the command-line tool ``seprank-sym``: every function takes the CLI's options as
keyword arguments, validates them the same way and raises the CLI's one-line messages as exceptions
(``ValueError`` for bad input, :class:`ResourceLimit` where the CLI refuses by its size guards).

    >>> import seprank
    >>> d = seprank.derive(L=2, dx=4)
    >>> d.results["separation_rank"]["value"]
    110
"""
from __future__ import annotations

import json as _json
import sys as _sys
import time as _time
from dataclasses import dataclass as _dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

import numpy as _np


class ResourceLimit(RuntimeError):
    """A computation the CLI refuses by its guards (exit status 3); ``estimate`` is the refusal with the
    estimated size and the option that raises the limit."""

    def __init__(self, estimate: str):
        super().__init__(estimate)
        self.estimate = estimate


from . import _seprank  # noqa: E402  (the exception class must exist before the module registers it)

import atexit as _atexit  # noqa: E402

# A rank abandoned on Ctrl-C finishes on its own thread (at most the block in progress): let it end first.
_atexit.register(_seprank._wait_for_background_work)

_seprank._set_resource_limit(ResourceLimit)

#: The version of the library this package wraps (the CLI's ``seprank-sym --version``).
__version__ = _seprank.__version__

#: Status codes of :func:`audit`'s arrays, by index: holds, contradicted, undecided, not-claimed, undefined (claimed,
#: but the bound is undefined, e.g. log_3(d_x - H) at d_x = H).
STATUS_NAMES = tuple(_seprank.STATUS_NAMES)
#: Regime codes of :func:`audit`'s arrays: Theorem 1 (L < log_3 d_x), the threshold, Theorem 2.
REGIME_NAMES = tuple(_seprank.REGIME_NAMES)
#: The paper's statements in the audit, in order.
STATEMENTS = tuple(_seprank.STATEMENTS)
#: Kinds of the fact that decides an audit status (:func:`audit`'s ``evidence`` codes, by index).
SOURCE_NAMES = tuple(_seprank.SOURCE_NAMES)
#: Published models (``seprank-sym bounds --model KEY``): name, L, dx, H, the context length N and where they are
#: printed; ``bounds(**{k: MODELS[key][k] for k in ("L", "dx", "H", "N")})`` gives their bounds.
MODELS = {k: dict(v) for k, v in _seprank.MODELS.items()}

__all__ = ["derive", "audit", "bounds", "corollary1", "corollary2", "sweep", "plan", "hessian_ranks", "Network", "Derivation", "Step",
           "Value", "Answer", "Finding", "AuditMap", "Progress", "ResourceLimit", "STATUS_NAMES", "REGIME_NAMES",
           "STATEMENTS", "SOURCE_NAMES", "MODELS"]


class Progress:
    """A progress display for a long call, to pass as its ``progress``::

        with seprank.Progress() as p:
            d = seprank.derive(L=2, dx=8, progress=p)

    In a notebook one line is updated in place: the stage the call has reached and the time since it started,
    then how the call ended ("finished in 14.2 s", "interrupted after ...", "stopped after ...: the error").
    Outside a notebook each message is a line on standard error."""

    def __init__(self, label: str = "seprank"):
        self.label = label
        self.messages: List[str] = []
        self._start = _time.monotonic()
        self._handle: Any = None

    def _elapsed(self) -> str:
        return f"{_time.monotonic() - self._start:.1f} s"

    def _show(self, text: str) -> None:
        line = f"{self.label}: {text}"
        try:
            from IPython import get_ipython
            from IPython.display import HTML, display
            kernel = get_ipython() is not None and hasattr(get_ipython(), "kernel")
        except ImportError:  # depends on the machine
            kernel = False
        if not kernel:
            print(line, file=_sys.stderr, flush=True)
            return
        import html as _html
        body = HTML('<div style="font-family:monospace;font-size:12px;color:#444">' + _html.escape(line) + "</div>")
        if self._handle is None:
            self._handle = display(body, display_id=True)
        else:
            self._handle.update(body)

    def __enter__(self) -> "Progress":
        self._start = _time.monotonic()
        self._show("started")
        return self

    def __call__(self, message: str) -> None:
        self.messages.append(message)
        self._show(f"{message} ({self._elapsed()})")

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        if kind is None:
            self._show(f"finished in {self._elapsed()} ({len(self.messages)} stages)")
        elif issubclass(kind, KeyboardInterrupt):
            self._show(f"interrupted after {self._elapsed()}")
        else:
            self._show(f"stopped after {self._elapsed()}: {kind.__name__}: {error}")


@_dataclass(frozen=True)
class Value:
    """One value of a step: its name, the text as printed, the typed value of the JSON, and its stable ``key``
    ("" where it has none yet; docs/json-schema.md lists the keys)."""
    name: str
    text: str
    value: Any
    key: str = ""


@_dataclass(frozen=True)
class Step:
    """One step of a derivation: a claim, its values, how it is known (``status``) and how it was checked."""
    number: int
    id: str
    title: str
    status: str
    claim: str
    values: List[Value]
    check: str
    rests_on: List[str]
    markdown: str = ""
    html: str = ""

    def _repr_markdown_(self) -> str:
        return self.markdown

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"<seprank.Step {self.number} ({self.id}) [{self.status}]: {self.title}>"

    def value(self, key: str) -> Any:
        """The typed value with this stable key (``"summed_indices"``, ``"sep_ladder"``, ...), or else with this display
        name (KeyError if the step has neither)."""
        for v in self.values:
            if v.key and v.key == key:
                return v.value
        for v in self.values:
            if v.name == key:
                return v.value
        raise KeyError(f"no value {key!r} in step {self.id}; its keys: "
                       + ", ".join(v.key or repr(v.name) for v in self.values))


@_dataclass(frozen=True)
class Answer:
    """One line of the answer that opens every derivation: a question (``label``), the verdict in words ("holds
    (certified)", "contradicted (certified)", "undecided", "not claimed", "undefined"; None for a fact such as the proven
    interval), the deciding numbers in words (``text``) and as data (``data``)."""
    key: str
    label: str
    verdict: Optional[str]
    text: str
    data: Any

    def __str__(self) -> str:
        return f"{self.label}: " + (f"{self.verdict}; " if self.verdict else "") + self.text


@_dataclass(frozen=True)
class Finding:
    """What the certified computations say of one statement of the paper at this configuration."""
    id: str
    statement: str
    status: str
    evidence: str
    log3_bound: Optional[float]
    holds_from_N: Optional[int]
    certainty: str
    rests_on: List[str]


class Derivation:
    """A derivation as the CLI prints it: ``steps``, ``findings``, ``results`` (the JSON ``results`` as
    Python objects) and the renderings ``to_text()``, ``to_markdown()``, ``to_latex()``, ``to_json()``
    (byte-identical to ``seprank-sym --format ...`` with the same options). In a notebook it shows typeset."""

    def __init__(self, native: Any):
        self._native = native
        self._json = native.to_json()
        data = _json.loads(self._json)
        self.title: str = data["title"]
        self.config: Dict[str, Any] = data["config"]
        self.answer: List[Answer] = [Answer(a["key"], a["label"], a["verdict"], a["text"], a["data"])
                                     for a in data.get("answer", [])]
        # Each step's own sections, rendered by the library (Markdown with a sub-heading, and HTML).
        sections = ["#" + t.lstrip("\n") for t in native.markdown_steps()]
        html = native.html_steps()
        self.steps: List[Step] = [
            Step(s["number"], s["id"], s["title"], s["status"], s["claim"],
                 [Value(v["name"], v["text"], v["value"], v.get("key", "")) for v in s["values"]], s["check"], s["rests_on"],
                 sections[k], html[k])
            for k, s in enumerate(data["steps"])]
        self.results: Dict[str, Any] = data["results"]
        self.findings: List[Finding] = [
            Finding(f["id"], f["statement"], f["status"], f["evidence"], f["log3_bound"], f["holds_from_N"],
                    f["certainty"], f["rests_on"])
            for f in data["results"].get("findings", [])]
        self.tables: List[Dict[str, Any]] = data["tables"]

    @property
    def exit_status(self) -> int:
        """The CLI's exit status for this derivation: 0, 1 (one of our own checks FAILED) or 4 (time limit)."""
        return self._native.exit_status

    def step(self, id: str) -> Step:
        """The step with this id (KeyError if there is none)."""
        for s in self.steps:
            if s.id == id:
                return s
        raise KeyError(f"no step {id!r}; the steps are: " + ", ".join(s.id for s in self.steps))

    def summary(self, width: int = 0) -> str:
        """The answer first and short, as text (the CLI's ``--summary``): the answer, the configuration, the summary
        of every bound, the findings and every FAILED step. :meth:`brief` is the same as a Derivation."""
        return self.brief().to_text(width)

    def brief(self) -> "Derivation":
        """The summary view as a Derivation (its steps, findings and renderings): what :meth:`summary` prints."""
        return Derivation(self._native.summary())

    def to_json(self) -> str:
        return self._json

    def to_text(self, width: int = 0) -> str:
        """The CLI's text format; ``width`` (0 or 40..1000) wraps its prose at that many columns, as ``--width``
        does (tables and polynomials are never wrapped; 0: no wrapping)."""
        if isinstance(width, bool) or not isinstance(width, int):
            raise TypeError(f"width must be an int, not {type(width).__name__}")
        if width != 0 and not 40 <= width <= 1000:
            raise ValueError(f"width = {width} is out of range: must be 0 (no wrapping) or 40 .. 1000")
        return self._native.to_text(width)

    def to_markdown(self) -> str:
        return self._native.to_markdown()

    def to_latex(self, fragment: bool = False) -> str:
        """A complete LaTeX document, or with ``fragment=True`` the body to paste into a paper."""
        return self._native.to_latex(fragment)

    def _table(self, index: int) -> Dict[str, Any]:
        if not -len(self.tables) <= index < len(self.tables):
            raise IndexError(f"table {index}: this result has {len(self.tables)} table(s)"
                             + (f" (indices 0..{len(self.tables) - 1})" if self.tables else ""))
        return self.tables[index]

    def _columns(self, index: int) -> Dict[str, List[Any]]:
        """Table ``index`` as typed columns named in snake_case (``"log_3 sep"`` is ``log_3_sep``, ``"paper lower"``
        ``paper_lower``): exact integers as Python ints (JSON writes one beyond 15 digits as a string of digits), a
        cell without a value ("n/a", "-", "") as None."""
        t = self._table(index)
        names = [_snake(h) for h in t["header"]]
        if len(set(names)) != len(names):  # two headers one name would lose a column
            raise RuntimeError(f"table {index}: headers {t['header']} give the names {names} twice")
        return {n: [_cell(row[h]) for row in t["rows"]] for n, h in zip(names, t["header"])}

    def table(self, index: int = 0) -> Dict[str, _np.ndarray]:
        """Table ``index`` as columns: numpy arrays, int64 where every cell is an integer that fits, float where
        every cell is a number, otherwise object arrays (exact Python ints, floats, text, None where a cell has
        no value): never a float for an exact integer, never a string in a numeric column."""
        return {h: _np.array(col, dtype=_column_dtype(col)) for h, col in self._columns(index).items()}

    def to_dataframe(self, index: int = 0):
        """Table ``index`` as a pandas DataFrame (Debian: python3-pandas) with the dtypes of :meth:`table`:
        int64 columns, float columns, and object columns that keep exact integers as Python ints and missing
        values as None."""
        try:
            import pandas as pd
        except ImportError as e:  # depends on the machine
            raise ImportError("to_dataframe needs pandas (Debian: apt-get install python3-pandas)") from e
        cols = self._columns(index)
        return pd.DataFrame({h: pd.Series(col, dtype=_column_dtype(col)) for h, col in cols.items()}, columns=list(cols))

    def to_csv(self, path: Optional[str] = None, index: int = 0) -> str:
        """Table ``index`` as CSV (a header row, then one row per table row): integers in full, a missing value
        as an empty field. Written to ``path`` when given; the text is returned either way."""
        import csv
        import io
        cols = self._columns(index)
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(list(cols))
        for r in range(len(next(iter(cols.values()), []))):
            w.writerow(["" if col[r] is None else col[r] for col in cols.values()])
        text = buf.getvalue()
        if path is not None:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        return text

    def to_html(self) -> str:
        """An HTML fragment laid out for a page (tables as wide as it, cells wrapped, formulas for MathJax): what a
        notebook shows."""
        return self._native.to_html()

    def _repr_html_(self) -> str:
        return self.to_html()

    def _repr_markdown_(self) -> str:
        return self.to_markdown()

    def _repr_latex_(self) -> str:
        return self.to_latex(fragment=True)

    def __repr__(self) -> str:
        n = len(self.steps)
        head = f"<seprank.Derivation: {n} step{'' if n == 1 else 's'}; print() shows the text>"
        return "\n".join([head] + ["  " + str(a) for a in self.answer])

    def __str__(self) -> str:
        return self.to_text()


_MISSING_CELLS = {"n/a", "-", "", "\u2014", "undef."}


# Headers that name a quantity with a key of its own elsewhere (audit, bounds, the JSON configuration).
_HEADER_KEYS = {"d_x": "dx"}


def _snake(header: str) -> str:
    """A table header as a Python name: a one-letter symbol keeps its case (``L``, ``H``, ``D``), ``d_x`` is ``dx``
    as in :func:`audit` and :func:`bounds`, anything else lower case with every run of other characters one
    underscore ("W^Q^T W^K rank": ``w_q_t_w_k_rank``)."""
    import re
    if header in _HEADER_KEYS:
        return _HEADER_KEYS[header]
    if re.fullmatch(r"[A-Za-z]", header):
        return header
    return re.sub(r"[^0-9a-z]+", "_", header.lower()).strip("_")


def _cell(c: Any) -> Any:
    """A table cell as a typed value: an integer written as digits (JSON's form beyond 15 digits) becomes a
    Python int, a cell that says there is no value becomes None; anything else is kept."""
    if isinstance(c, str):
        t = c.strip()
        if t in _MISSING_CELLS:
            return None
        if t.removeprefix("-").isdigit():
            return int(t)
    return c


def _column_dtype(col: List[Any]) -> Any:
    """int64 for integers that all fit, float for numbers of which some are floats (every int exact in a double, a
    missing value NaN), object otherwise (Python ints beyond 64 bits, text, a column with no number)."""
    def is_int(c: Any) -> bool:
        return isinstance(c, (int, _np.integer)) and not isinstance(c, (bool, _np.bool_))
    if col and all(isinstance(c, (bool, _np.bool_)) for c in col):
        return bool
    if col and all(is_int(c) for c in col):
        return _np.int64 if all(-(2 ** 63) <= int(c) < 2 ** 63 for c in col) else object
    if any(isinstance(c, (float, _np.floating)) for c in col) and all(
            c is None or isinstance(c, (float, _np.floating)) or (is_int(c) and abs(int(c)) <= 2 ** 53) for c in col):
        return float
    return object


# The main command's keywords by type, from the one option table (app/request_options).
_TABLE_TYPES = {o["keyword"]: o["type"] for o in _seprank.request_options() if o["keyword"]}
_FLAGS = {k for k, t in _TABLE_TYPES.items() if t == "bool"}
_REALS = {k for k, t in _TABLE_TYPES.items() if t == "float"}
_TEXTS = {k for k, t in _TABLE_TYPES.items() if t == "str"}
# Bound to unsigned 64-bit integers in the library: a negative or larger value is refused here with the CLI's
# message (the binding would raise a bare RuntimeError; the CLI used to wrap -1 to 2^64 - 1, no limit at all).
_UNSIGNED = {k for k, t in _TABLE_TYPES.items() if t == "uint64"}


def _checked_integer(name: str, v: Any, bits: Optional[int] = None) -> int:
    """v as an int, or TypeError: bool and float are refused (never truncated: 2.5 is not 2, True is not 1).
    With ``bits``, a value beyond a signed integer of that width is a ValueError (the library would raise a bare
    RuntimeError converting it; the CLI says the same "out of range for this option")."""
    if isinstance(v, (bool, _np.bool_)) or not isinstance(v, (int, _np.integer)):
        raise TypeError(f"{name} must be an integer, not {type(v).__name__} ({v!r})")
    if bits is not None and not -(2 ** (bits - 1)) <= int(v) < 2 ** (bits - 1):
        raise ValueError(f"{name} = {int(v)} is out of range for this option")
    return int(v)


def _partition_text(p: Any) -> str:
    """A partition as the library reads it: a pair of position lists ((1, 3), (2, 4)) or the CLI's text "1,3|2,4";
    None (the default A = 1..N/2) never reaches here, and '' is refused (it would name no partition)."""
    if isinstance(p, str):
        if p == "":
            raise ValueError("partition='' names no partition: pass None for the default A = 1..N/2, or e.g. ((1, 3), (2, 4))")
        return p
    if isinstance(p, (list, tuple)) and len(p) == 2 and all(isinstance(side, (list, tuple, range)) for side in p):
        sides = []
        for side in p:
            for x in side:
                if isinstance(x, (bool, _np.bool_)) or not isinstance(x, (int, _np.integer)):
                    raise TypeError(f"partition: positions must be integers, not {type(x).__name__} ({x!r})")
            sides.append(",".join(str(int(x)) for x in side))
        return "|".join(sides)
    raise TypeError(f"partition must be a pair of position lists such as ((1, 3), (2, 4)), a str such as '1,3|2,4', "
                    f"or None, not {type(p).__name__} ({p!r})")


def _checked_real(name: str, v: Any) -> float:
    """A real keyword as a float: bool, str and other types are TypeErrors naming it, a value beyond a float a
    ValueError (never coerced)."""
    if isinstance(v, (bool, _np.bool_)) or not isinstance(v, (int, float, _np.integer, _np.floating)):
        raise TypeError(f"{name} must be a number, not {type(v).__name__} ({v!r})")
    try:
        return float(v)
    except OverflowError:
        raise ValueError(f"{name} = {v} is out of range: too large for a float") from None


def _options(**kw: Any) -> Dict[str, Any]:
    """The options that were given, each checked for its type (flags bool, reals numbers, the rest integers)."""
    out: Dict[str, Any] = {}
    for k, v in kw.items():
        if v is None:
            continue
        if k == "partition":
            v = _partition_text(v)
        if k in _FLAGS:
            if not isinstance(v, (bool, _np.bool_)):
                raise TypeError(f"{k} must be True or False, not {type(v).__name__} ({v!r})")
            v = bool(v)
        elif k in _REALS:
            v = _checked_real(k, v)
        elif k in _TEXTS:
            if not isinstance(v, str):
                raise TypeError(f"{k} must be a str, not {type(v).__name__} ({v!r})")
            if v == "" and k in ("store", "certificate"):  # None is "none"; '' would silently write nothing
                raise ValueError(f"{k}='' names no file: pass None (the default) for none, or a path")
        else:
            v = _checked_integer(k, v, None if k in _UNSIGNED else 32)
            if k in _UNSIGNED and not 0 <= v < 2 ** 64:
                raise ValueError(f"{k} = {v} is out of range: must be an integer in 0 .. {2 ** 64 - 1}")
        out[k] = v
    return out


def _integer_matrix(where: str, a: Any) -> _np.ndarray:
    """A weight matrix as int64, or ValueError/TypeError: a fractional entry is refused, never truncated."""
    arr = _np.asarray(a)
    if arr.dtype == bool:
        raise TypeError(f"{where} must hold integers, not booleans")
    if arr.dtype.kind == "f":
        bad = ~_np.isfinite(arr) | (arr != _np.round(arr))
        if bad.any():
            raise ValueError(f"{where} has the non-integer entry {arr[bad].flat[0]!r}: weights are exact integers")
        if (_np.abs(arr) > 2 ** 53).any():
            raise ValueError(f"{where} has an entry beyond 2^53 given as a float: give it as an int")
        return arr.astype(_np.int64)
    if arr.dtype.kind == "O":  # Python ints of any size: exact, or refused by range
        flat = list(arr.flat)
        for x in flat:
            if isinstance(x, (bool, _np.bool_)) or not isinstance(x, (int, _np.integer)):
                raise TypeError(f"{where} must hold integers, not {type(x).__name__} ({x!r})")
            if not -(2 ** 63) < int(x) < 2 ** 63:
                raise ValueError(f"{where} has the entry {int(x)}, beyond the 64-bit range weights are read in")
        return _np.array(flat, dtype=_np.int64).reshape(arr.shape)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{where} must hold integers, not {arr.dtype}")
    return arr.astype(_np.int64)


def derive(L: int = 2, dx: int = 4, H: int = 1, N: int = 4, position: int = 1, entry: int = 1, seed: int = 1,
           residual: bool = False, *, weights: str = "random", weight_range: int = 9,
           partition: Optional[Union[str, Sequence[Sequence[int]]]] = None,
           structure_only: bool = False, print_polynomial: bool = False, basis: bool = False,
           basis_limit: int = 2000, kernel: bool = False, kernel_limit: int = 40, seeds: int = 1,
           all_partitions: bool = False, certificate: Optional[str] = None, timings: bool = False,
           store: Optional[str] = None, verify: int = 0, max_terms: int = 3000000, max_memory: int = 4096,
           time_limit: float = 60, max_g_terms: int = 1000000, max_symbolic_terms: int = 20000, max_grid_points: int = 1024,
           max_gram_terms: int = 20000000, max_dense_entries: int = 400000000, max_exact_entries: int = 250000,
           threads: Optional[int] = None, progress: Optional[Callable[[str], None]] = None) -> Derivation:
    """The main command of ``seprank-sym``: the Theorem 2 (or 1) derivation at one configuration.

    Every option is the CLI's (``--max-terms`` is ``max_terms``, ``--time-limit`` is ``time_limit``, ...),
    with the same default and the same validation. ``threads=None`` uses the CLI's default. ``progress`` is
    called with each progress message; without it the run is silent. ``store`` names a results store (the CLI's
    ``--store``: finished units are kept and reused), ``verify`` recomputes that many units taken from it.

    Raises ValueError (bad input, the CLI's one-line message), ResourceLimit (refused by an estimate),
    KeyboardInterrupt (Ctrl-C, checked between blocks). A time limit reached is no exception: the derivation
    comes back with the steps not finished skipped and ``exit_status`` 4 (reached before the network's structure
    is complete, only the steps that need no network: the closed forms and the proven lower bound).

    By hand at L = 1, d_x = 1 and the defaults N = 4, position i = 1, A = {1, 2}, B = {3, 4}: writing x_j for the
    scalar input at position j, eq. 3 is y = c x_1 (x_1^2 + x_2^2 + x_3^2 + x_4^2), c the product of the four drawn
    weights, nonzero (the draw has no zero entry). That is x_1 (x_1^2 + x_2^2) * 1 + x_1 * (x_3^2 + x_4^2), and no
    fewer terms: x_1 (x_1^2 + x_2^2) and x_1 are independent, as are 1 and x_3^2 + x_4^2. Separation rank 2:

    >>> sep = derive(L=1, dx=1).results["separation_rank"]
    >>> sep["value"], sep["exact"]
    (2, True)
    """
    opts = _options(L=L, dx=dx, H=H, N=N, position=position, entry=entry, seed=seed, residual=residual,
                    weights=weights, weight_range=weight_range, partition=partition, structure_only=structure_only,
                    print_polynomial=print_polynomial, basis=basis, basis_limit=basis_limit, kernel=kernel,
                    kernel_limit=kernel_limit, seeds=seeds, all_partitions=all_partitions, certificate=certificate,
                    timings=timings, store=store, verify=verify, max_terms=max_terms, max_memory=max_memory,
                    time_limit=time_limit,
                    max_g_terms=max_g_terms, max_symbolic_terms=max_symbolic_terms, max_grid_points=max_grid_points,
                    max_gram_terms=max_gram_terms, max_dense_entries=max_dense_entries,
                    max_exact_entries=max_exact_entries, threads=threads)
    return Derivation(_seprank.derive(opts, progress))



def _derive_given(given: list, **kw: Any) -> Derivation:
    """derive() on integer weights passed in memory (Network's; no file): the keywords are derive()'s, less
    ``weights``; ``seed`` still seeds the other random streams (primes, samples)."""
    import inspect
    if "weights" in kw:
        raise TypeError("weights: this network's weights are given; use Network(weights=...) for others")
    unknown = sorted(set(kw) - set(inspect.signature(derive).parameters))
    if unknown:
        raise TypeError(f"derive() got an unexpected keyword argument {unknown[0]!r}")
    progress = kw.pop("progress", None)
    return Derivation(_seprank.derive(_options(**kw), progress, given))


def _document_parameters(fn: Callable[..., Any], extra: Dict[str, str], subcommand: Optional[str] = None) -> None:
    """Appends a Parameters section to ``fn``'s docstring: each keyword with its default (from the signature) and
    the library's help text for the CLI option of the same name (``_seprank.option_help()``, or the subcommand's
    ``_seprank.subcommand_options(subcommand)``: the text of ``seprank-sym [subcommand] --help``, with the options
    it names written as Python keywords by the library, support/errors); ``extra`` for keywords the CLI does not
    have."""
    import inspect
    helps = {flag[2:].replace("-", "_"): text for flag, text in _seprank.option_help()}
    if subcommand is not None:
        helps.update({row["keyword"]: row["help"] for row in _seprank.subcommand_options(subcommand)})
    helps.update(extra)
    lines = ["", "    Parameters", "    ----------"]
    for name, p in inspect.signature(fn).parameters.items():
        if name == "self":
            continue
        lines.append(f"    **{name}" if p.kind == p.VAR_KEYWORD else f"    {name} : default {p.default!r}")
        lines.append(f"        {helps[name]}")
    fn.__doc__ = (fn.__doc__ or "").rstrip() + "\n" + "\n".join(lines) + "\n"


_document_parameters(derive, {
    "threads": dict(_seprank.option_help())["--threads"] + "; None: the machine's default, as the CLI's",
    "progress": "called with each progress message (e.g. a seprank.Progress()); None: silent"})

def _ints(name: str, v: Union[int, Sequence[int], range, _np.ndarray], max_values: int = 10 ** 6) -> List[int]:
    """An integer or a sequence of integers as a list (TypeError for text, bytes, bools and floats; ValueError, before
    anything is built, for more than ``max_values`` values)."""
    if isinstance(v, (int, _np.integer, bool, _np.bool_, float, _np.floating)):
        return [_checked_integer(name, v, 32)]
    if isinstance(v, (str, bytes)):
        raise TypeError(f"{name} must be an integer or a sequence of integers, not {type(v).__name__} ({v!r})")
    if hasattr(v, "__len__") and len(v) > max_values:
        raise ValueError(f"{name} has {len(v)} values; at most {max_values}")
    try:
        items = list(v)
    except TypeError:
        raise TypeError(f"{name} must be an integer or a sequence of integers, not {type(v).__name__}") from None
    return [_checked_integer(f"{name}[{k}]", x, 32) for k, x in enumerate(items)]


def _range_values(name: str, v: Union[int, str, Sequence[int]]) -> Union[str, List[int]]:
    """A range as given: its text ("2..4", "1,2,4", parsed by the library) or its integers (checked by it)."""
    if isinstance(v, str):
        return v
    return [int(x) for x in _ints(name, v)]


# A subcommand's option as a Python annotation, by the type of the member its row sets (_seprank.subcommand_options).
_ROW_ANNOTATIONS = {"int": "int", "int64": "int", "uint64": "int", "str": "str", "path": "Optional[str]",
                    "list[str]": "Sequence[str]", "list[int]": "Sequence[int]", "range": "Union[str, Sequence[int]]"}


def _row_value(row: Dict[str, Any], v: Any) -> Any:
    """A subcommand keyword's value checked for its row's type (TypeError or ValueError naming it, never coerced), as
    the library reads it; the ranges are the library's checks, as for the CLI."""
    kw, kind = row["keyword"], row["type"]
    if kind in ("int", "int64"):
        try:
            return _checked_integer(kw, v, 32 if kind == "int" else 64)
        except ValueError:  # beyond the member's integer type: say the option's range, from its help
            raise ValueError(f"{kw} = {v} is out of range: {row['help']}") from None
    if kind == "uint64":
        v = _checked_integer(kw, v)
        if not 0 <= v < 2 ** 64:
            raise ValueError(f"{kw} = {v} is out of range: must be an integer in 0 .. {2 ** 64 - 1}")
        return v
    if kind in ("str", "path"):
        if not isinstance(v, str):
            raise TypeError(f"{kw} must be a str, not {type(v).__name__} ({v!r})")
        if kind == "path" and v == "":
            raise ValueError(f"{kw}='' names no file: pass None (the default) for none, or a path")
        return v
    if kind == "list[str]":
        if isinstance(v, str) or not all(isinstance(x, str) for x in v):
            raise TypeError(f"{kw} must be a sequence of str, not {type(v).__name__} ({v!r})")
        return list(v)
    if kind == "list[int]":
        return _ints(kw, v)
    return _range_values(kw, v)


class _Options(dict):
    """A subcommand's keywords, checked, with the defaults (a dict); ``given`` holds those the caller gave, which is
    what reaches the library (a default given explicitly would count as given: corollary1's default depths)."""
    given: Dict[str, Any]


def _command(name: str, defaults: Optional[Dict[str, Any]] = None, annotations: Optional[Dict[str, str]] = None,
             unchecked: Sequence[str] = ()) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Makes the Python function of ``seprank-sym NAME`` from the command's rows (``_seprank.subcommand_options``,
    app/commands): a keyword for each option of its table that Python takes (a row's ``cli_only`` says why another
    is not), in the table's order, with its default (``defaults``: Python's spelling of one, e.g. None for "every
    N"), annotation (``annotations`` overrides) and type check (``unchecked``: the body checks it), then the body's
    own keywords (the main command's options it reads, ``progress``). The body gets the command's keywords as an
    :class:`_Options` and its own by name; ``_seprank.run_command(NAME, options.given)`` runs the command as the
    CLI does (bounds' records and audit's arrays are filled through the same rows, and the module does not load when
    they leave a row unread: _seprank.cpp, check_rows_read). The docstring's Parameters and the type stub
    (make_stub.py, at build time) are made from the signature, so an option added to a row is a keyword here,
    documented and typed, with nothing written in Python."""
    import functools
    import inspect
    defaults, annotations = defaults or {}, annotations or {}

    def make(body: Callable[..., Any]) -> Callable[..., Any]:
        rows = {r["keyword"]: r for r in _seprank.subcommand_options(name) if not r["cli_only"]}
        for k in list(defaults) + list(annotations) + list(unchecked):
            if k not in rows:
                raise AssertionError(f"seprank.{body.__name__}: {k} is not an option of seprank-sym {name}")
        own = list(inspect.signature(body).parameters.values())[1:]

        def default(row: Dict[str, Any]) -> Any:
            d = row["default"]
            return tuple(d) if isinstance(d, list) else (None if row["type"] == "path" and d == "" else d)
        params = [inspect.Parameter(k, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=defaults.get(k, default(r)),
                                    annotation=annotations.get(k, _ROW_ANNOTATIONS[r["type"]])) for k, r in rows.items()]
        signature = inspect.Signature(params + own, return_annotation=inspect.signature(body).return_annotation)

        @functools.wraps(body)
        def function(*args: Any, **kwargs: Any) -> Any:
            try:
                bound = signature.bind(*args, **kwargs)
            except TypeError as e:  # as Python says it for a written signature: "plan() got an unexpected ..."
                raise TypeError(f"{body.__name__}() {e}") from None
            given = set(bound.arguments)
            bound.apply_defaults()
            options, rest, extra = _Options(), {}, {}
            options.given = {}
            for k, v in bound.arguments.items():
                if k in rows:
                    # None is "not given" only where it is the default (bounds' N: every N); elsewhere a TypeError.
                    optional = v is None and signature.parameters[k].default is None
                    checked = v if optional or k in unchecked else _row_value(rows[k], v)
                    options[k] = checked
                    if k in given and not optional:
                        options.given[k] = checked
                elif signature.parameters[k].kind == inspect.Parameter.VAR_KEYWORD:
                    extra = v
                else:
                    rest[k] = v
            return body(options, **rest, **extra)
        function.__signature__ = signature  # type: ignore[attr-defined]
        del function.__wrapped__  # the signature is the one above, not the body's
        return function
    return make


class AuditMap(dict):
    """The audit map as numpy arrays (a dict: ``L``, ``dx``, ``H``, ``regime``, ``skipped_not_dividing`` and
    ``statements[name]`` with ``status``, ``holds_from_N``, ``log3_bound``, ``evidence``, ``evidence_log3``), and as
    a table with readable values: :meth:`to_dataframe`."""

    def __repr__(self) -> str:
        n = len(self["L"])
        return f"<seprank.AuditMap: {n} configurations (H = {self['H']}); .to_dataframe() for the table>"

    def to_dataframe(self):
        """One row per configuration (pandas; Debian: python3-pandas): ``L``, ``dx``, ``H``, ``regime`` (its name), and
        for each statement (its id with underscores, e.g. ``theorem2_upper_printed``) its status ("holds",
        "contradicted", "undecided", "not-claimed", or "undefined" where the bound is undefined), the paper's bound
        ``*_log3_bound`` (NaN where undefined), ``*_holds_from_N`` (nullable integer; missing: every N), the deciding
        fact's kind ``*_evidence`` (:data:`SOURCE_NAMES`; missing when not claimed) and its log_3
        ``*_evidence_log3`` (rounded toward safety; NaN when missing)."""
        try:
            import pandas as pd
        except ImportError as e:  # depends on the machine
            raise ImportError("to_dataframe needs pandas (Debian: apt-get install python3-pandas)") from e
        n = len(self["L"])
        cols: Dict[str, Any] = {
            "L": self["L"], "dx": self["dx"], "H": _np.full(n, self["H"], dtype=_np.int64),
            "regime": pd.Categorical.from_codes(self["regime"], categories=list(REGIME_NAMES))}
        for name in STATEMENTS:
            st = self["statements"][name]
            key = name.replace("-", "_")
            cols[key] = pd.Categorical.from_codes(st["status"].astype(_np.int64), categories=list(STATUS_NAMES))
            cols[key + "_log3_bound"] = st["log3_bound"]
            from_N = pd.array(st["holds_from_N"].astype(_np.int64), dtype="Int64")
            from_N[st["holds_from_N"] <= 0] = pd.NA
            cols[key + "_holds_from_N"] = from_N
            ev = st["evidence"]
            cols[key + "_evidence"] = pd.Categorical.from_codes(ev.astype(_np.int64), categories=list(SOURCE_NAMES))
            cols[key + "_evidence_log3"] = st["evidence_log3"]
        return pd.DataFrame(cols)


@_command("audit", defaults={"L": range(1, 9), "dx": range(1, 101), "N": None},
          annotations={"L": "Union[int, Sequence[int], range, str]", "dx": "Union[int, Sequence[int], range, str]",
                       "N": "Optional[int]"}, unchecked=("N",))
def audit(o: _Options) -> AuditMap:
    """The audit map: every printed statement of Theorems 1 and 2 at each (L, d_x) with H dividing d_x, as
    numpy arrays (no JSON in between). L in 1..100, d_x in 1..10^6 (at most 10^5 values).

    Returns an :class:`AuditMap` (a dict ``{"L", "dx", "regime", "H", "skipped_not_dividing", "statements"}``): one row
    per configuration (d_x outer, L inner, as in the CLI's JSON rows); ``regime`` codes index :data:`REGIME_NAMES`;
    ``statements[name]`` holds ``status`` (codes indexing :data:`STATUS_NAMES`), ``holds_from_N`` (0: every N),
    ``log3_bound`` (NaN where undefined), ``evidence`` (codes indexing :data:`SOURCE_NAMES`, -1: none) and
    ``evidence_log3`` for each name in :data:`STATEMENTS`; ``.to_dataframe()`` is the same as a table with readable
    values. ``N``: the statuses at N positions (None: each status from the smallest N its facts hold at; below
    2 d_x + 2 the lower bound is a narrower network's, by zero padding).

    >>> df = audit(L=2, dx=[4, 8]).to_dataframe()
    >>> list(df["theorem2_upper_printed"]), list(df["theorem2_upper_printed_evidence"])
    (['holds', 'contradicted'], ['gram-count', 'certified-table'])
    """
    return AuditMap(_seprank.audit_arrays({**o.given, "N": _N_value(o["N"])}))


def _N_value(N: Optional[int]) -> int:
    """bounds' and audit's N: None or 0 (every balanced N >= 2 d_x + 2, the CLI's 0) as 0, else an integer in
    2..10^13."""
    if N is None:
        return 0
    N = _checked_integer("N", N)
    if N != 0 and not 2 <= N <= 10 ** 13:
        raise ValueError(f"N = {N} is out of range: must be an integer in 2 .. 10^13, or None (every N >= 2 d_x + 2)")
    return N


@_command("bounds", defaults={"N": None},
          annotations={"L": "Union[int, Sequence[int]]", "dx": "Union[int, Sequence[int]]", "H": "Union[int, Sequence[int]]",
                       "N": "Optional[int]"}, unchecked=("L", "dx", "H", "N"))
def bounds(o: _Options) -> Union[Dict[str, Any], Dict[str, _np.ndarray]]:
    """The paper's closed forms (Theorems 1 and 2, log_3 values; NaN where undefined), the Gram count, and the
    proven lower bound at every size (docs/theory.md, section 15: ``lower_bound_log3``, the lower end of its
    interval; ``lower_bound`` exact when short; ``lower_bound_level`` its l_0; ``lower_bound_from_N`` the
    smallest balanced N it holds at), the best proven upper bound (``upper_bound_log3``, ``upper_bound``: the Gram
    count or its refinement), and the slopes of log_3 sep in L at large L (``slope_lower``,
    ``slope_upper``) against the printed Theorem 2 upper bound's (``slope_printed``): the keys of
    ``seprank-sym bounds --format json``'s results, at full precision. ``N``: the number of
    positions (None: every balanced N >= 2 d_x + 2; below that the bound is a narrower network's, by zero padding).

    With integers: one record (a dict). With sequences (broadcast against each other, numpy rules): a dict of
    arrays of the same keys, ready for matplotlib. ``derivation`` (integers only) is the CLI's
    ``seprank-sym bounds`` output as a :class:`Derivation`.

    The slopes of log_3 sep in L by hand at d_x = 5, H = 1: between D - 1 = 14 and D = 15, D = d_x (d_x + 1)/2
    (docs/theory.md, Corollary 15.3), against 2 d_x + 1 = 11 from the printed Theorem 2 upper bound (eq. 8); they do
    not depend on L:

    >>> b = bounds(L=3, dx=5)
    >>> b["slope_lower"], b["slope_upper"], b["slope_printed"]
    (14, 15, 11)
    """
    N, L, dx, H = _N_value(o["N"]), o["L"], o["dx"], o["H"]
    if all(isinstance(v, (int, _np.integer, bool, _np.bool_, float)) for v in (L, dx, H)):
        one = {**o.given, "L": _checked_integer("L", L, 32), "dx": _checked_integer("dx", dx, 64),
               "H": _checked_integer("H", H, 64), "N": N}
        record = _seprank.bounds_record(one)
        record["derivation"] = Derivation(_seprank.run_command("bounds", one))
        return record
    Ls, dxs, Hs = _np.broadcast_arrays(_np.asarray(L), _np.asarray(dx), _np.asarray(H))
    for name, arr in (("L", Ls), ("dx", dxs), ("H", Hs)):
        if arr.dtype.kind not in "iuO" or (arr.dtype.kind == "O" and not all(isinstance(x, int) and not isinstance(x, bool) for x in arr.flat)):
            raise TypeError(f"{name} must hold integers, not {arr.dtype}")
    rows = [_seprank.bounds_record({**o.given, "L": _checked_integer("L", a, 32), "dx": _checked_integer("dx", b, 64),
                                    "H": _checked_integer("H", c, 64), "N": N})
            for a, b, c in zip(Ls.ravel().tolist(), dxs.ravel().tolist(), Hs.ravel().tolist())]
    out: Dict[str, _np.ndarray] = {}
    for k in rows[0]:
        col = [r[k] for r in rows]
        if k == "regime":
            out[k] = _np.array(col, dtype=object).reshape(Ls.shape)
        elif k in ("L", "dx", "H", "gram_count", "lower_bound", "lower_bound_level", "lower_bound_from_N",
                   "slope_lower", "slope_upper", "slope_printed", "upper_bound", "N"):
            # int64 where every value fits (numpy's functions work on it), else exact Python ints or None (object)
            out[k] = _np.array(col, dtype=_column_dtype(col)).reshape(Ls.shape)
        else:
            out[k] = _np.array(col, dtype=float).reshape(Ls.shape)
    return out


@_command("corollary1")
def corollary1(o: _Options) -> Derivation:
    """Corollary 1: the width a shallower network needs to match a deep one (``seprank-sym corollary1``).

    The width at depth 3, by hand from eq. 7 (both networks in its regime L < log_3 d_x, both with H = 16): the
    deep network's lower bound 3^{L-2} (log_3(d_x - H) + a), a = -L + 2 - log_3 2, at L = 6, d_x = 1000, equated
    with the shallow one's upper bound ((3^3 - 1)/2) log_3(d_x^shallow + H):

    >>> import math
    >>> deep = 3 ** 4 * (math.log(1000 - 16, 3) - 6 + 2 - math.log(2, 3))
    >>> round(3 ** (deep / 13) - 16)
    76136

    The paper quotes about 2e5 for it, 2.6 times more (docs/findings.md):

    >>> row = corollary1().results["rows"][1]
    >>> row["L_shallow"], round(row["width"]), row["quoted"]
    (3, 76136, 200000.0)
    """
    return Derivation(_seprank.run_command("corollary1", o.given))


@_command("corollary2")
def corollary2(o: _Options) -> Derivation:
    """Corollary 2: a shallower, wider network with a higher separation rank (``seprank-sym corollary2``).

    By hand at L = 4, d_x = 64, H = 4: beta_1 = log_3(64)/4, and L^shallow = beta_1 L + beta_2 = log_3 64 + beta_2
    (log_3 64 = 3.79) gives depth beta_2 + 3, which is already 4 = L at beta_2 = 1 and only grows with beta_2, so no
    shallower network is found and ``beta2`` is None:

    >>> import math
    >>> c = corollary2(L=4).results
    >>> math.isclose(c["beta1"], math.log(64, 3) / 4, rel_tol=1e-6), c["beta2"]
    (True, None)
    """
    return Derivation(_seprank.run_command("corollary2", o.given))


@_command("sweep")
def sweep(o: _Options, progress: Optional[Callable[[str], None]] = None, **options: Any) -> Derivation:
    """Certified separation ranks and the paper's bounds over ranges (``seprank-sym sweep``): ``dx``, ``L``
    and ``H`` as "a..b", "a,b,c" or sequences; ``options`` are :func:`derive`'s (seed, limits, ...).
    ``.table()`` gives the columns as arrays; ``.results["rows"]`` the typed rows.

    By hand at L = 1, d_x = 1, N = 4 (position 1, A = {1, 2}): separation rank 2, as in :func:`derive`'s example
    (y = c x_1 (x_1^2 + x_2^2 + x_3^2 + x_4^2), c != 0, two independent terms across the partition):

    >>> row = sweep(dx="1", L="1").results["rows"][0]
    >>> row["separation_rank"], row["separation_rank_exact"]
    (2, True)
    """
    return Derivation(_seprank.run_command("sweep", {**o.given, **_options(**options)}, progress))


@_command("plan")
def plan(o: _Options) -> Derivation:
    """The Gram rank's units of work (one per degree block) with estimated time and memory, and the schedule on
    ``np`` processes (``seprank-sym plan``): ``.results`` holds the units, the critical path and the wall time.

    Each unit is one degree block k = 0..(3^L - 1)/2, placed on one of the ``np`` processes (numbered from 0;
    largest estimate first, each to the least loaded). By hand at L = 2, d_x = 4: block k has a column for each
    monomial of degree k in M_B, the D = 10 entries of the symmetric M (docs/theory.md, section 7), binom(9 + k, k)
    of them; with five units both processes get one:

    >>> p = plan(L=2, dx=4, np=2)
    >>> [u["cols"] for u in p.results["units"]]
    [1, 10, 55, 220, 715]
    >>> sorted({u["process"] for u in p.results["units"]})
    [0, 1]
    """
    return Derivation(_seprank.run_command("plan", o.given))


@_command("hessian-ranks")
def hessian_ranks(o: _Options, seed: int = 1, time_limit: Optional[float] = None,
                  progress: Optional[Callable[[str], None]] = None) -> Derivation:
    """The check of Theorem 15.1 (``seprank-sym hessian-ranks``; docs/theory.md, section 15): Hessian ranks mod p
    of the moment form b^T M^g b at random points and on gamma = 0, beside the proven rho_g(d). Stopped by
    ``time_limit``, the rows ranked come back with ``exit_status`` 4.

    At level 1 (g = 3), by hand: rho_3(d) = D(d) - D(max(d - 2, 0)) with D(d) = d (d + 1)/2, so rho_3(2) = 3 and
    rho_3(4) = 10 - 3 = 7. The Hessian's rank mod a random 62-bit prime at a random point (fixed by the seed) reaches
    rho except with probability at most rho g (1/p + 2^-64) (Theorem 15.1), and does here:

    >>> h = hessian_ranks(level="1", d="2,4")
    >>> [(r["d"], r["rho"], r["random_point"]["rank"]) for r in h.results["rows"]]
    [(2, 3, 3), (4, 7, 7)]
    """
    _checked_integer("seed", seed)  # None is not a seed (_options would drop it)
    if time_limit is not None and not _checked_real("time_limit", time_limit) > 0:
        raise ValueError(f"time_limit = {time_limit} is out of range: must be a number > 0 (None: no limit)")
    return Derivation(_seprank.run_command("hessian-ranks", {**o.given, **_options(seed=seed, time_limit=time_limit)},
                                           progress))


_document_parameters(audit, {}, "audit")
_document_parameters(bounds, {}, "bounds")
_document_parameters(corollary1, {}, "corollary1")
_document_parameters(corollary2, {}, "corollary2")
_document_parameters(sweep, {"progress": "called with each progress message (e.g. a seprank.Progress()); None: silent",
                             "options": "derive()'s keywords for every configuration of the sweep (seed, limits, ...)"}, "sweep")
_document_parameters(plan, {}, "plan")
_document_parameters(hessian_ranks, {"progress": "called with each progress message (e.g. a seprank.Progress()); None: silent",
                                     "time_limit": "seconds for the whole check (None: no limit); the rows ranked before it are "
                                                   "returned, the rest skipped, exit_status 4"},
                     "hessian-ranks")


class Network:
    """The analysed network of eq. 3 with exact integer weights: drawn from ``seed`` as the CLI draws them,
    or given as ``weights`` (``weights[l][h]`` = dict of integer arrays ``Q``, ``K``, ``V`` (d_a x d_x)
    and ``O`` (d_x x d_a)).

    By hand, with every weight 1 at L = 1, d_x = 1: eq. 3 is y_i = x_i sum_j x_j^2, so x = (1, 2) gives y = (5, 10).
    At N = 4, position 1 and A = {1, 2}, y_1 = x_1 (x_1^2 + x_2^2) * 1 + x_1 * (x_3^2 + x_4^2), two independent terms
    (as in :func:`derive`'s example): separation rank 2.

    >>> one = [[{k: [[1]] for k in ("Q", "K", "V", "O")}]]
    >>> net = Network(L=1, dx=1, weights=one)
    >>> net.forward([[1], [2]]).tolist()
    [[5], [10]]
    >>> r = net.separation_rank(N=4)
    >>> r["value"], r["exact"]
    (2, True)
    """

    def __init__(self, L: int = 2, dx: int = 4, H: int = 1, seed: int = 1, weights: Optional[list] = None,
                 residual: bool = False, weight_range: int = 9):
        self.L, self.dx, self.H = (_checked_integer(n, v, 32) for n, v in (("L", L), ("dx", dx), ("H", H)))
        if not isinstance(residual, (bool, _np.bool_)):
            raise TypeError(f"residual must be True or False, not {type(residual).__name__} ({residual!r})")
        self.residual = bool(residual)
        self.seed = seed
        self._given = weights is not None
        if weights is None:
            self._weights = _seprank.draw_weights(self.L, self.dx, self.H, seed, _checked_integer("weight_range", weight_range, 32), self.residual)
        else:
            weights = [[{k: (_integer_matrix(f"weights[{l}][{h}]['{k}']", head[k]) if k in head else None)
                         for k in ("Q", "K", "V", "O")} for h, head in enumerate(layer)] for l, layer in enumerate(weights)]
            weights = [[{k: v for k, v in head.items() if v is not None} for head in layer] for layer in weights]
            _seprank.check_weights(self.L, self.dx, self.H, self.residual, weights)  # the library's messages
            self._weights = [[{k: _np.array(h[k], copy=True) for k in ("Q", "K", "V", "O")} for h in layer] for layer in weights]
        for layer in self._weights:  # the network is immutable: its ranks and its forward pass see the same weights
            for head in layer:
                for a in head.values():
                    a.flags.writeable = False

    @property
    def weights(self) -> list:
        """A copy of the weights (``weights[l][h]["Q"]``, ...): change the copy and pass it to ``Network(weights=...)``
        for another network; this one's weights never change (its ranks and forward pass agree)."""
        return [[{k: a.copy() for k, a in head.items()} for head in layer] for layer in self._weights]

    def forward(self, x: Any) -> _np.ndarray:
        """y^L for an N x d_x integer input, by the literal double sum of eq. 3 in exact integers: an int64
        array, or an object array of Python ints where int64 would overflow."""
        arr = _np.asarray(x)
        if arr.ndim != 2 or not _np.issubdtype(arr.dtype, _np.integer):
            raise ValueError(f"x must be an N x d_x integer array (d_x = {self.dx})")
        y = _seprank.forward(self.L, self.dx, self.H, self.residual, self._weights, arr.astype(_np.int64))
        lim = 2 ** 63 - 1
        if all(-lim <= v <= lim for row in y for v in row):
            return _np.array(y, dtype=_np.int64)
        return _np.array(y, dtype=object)

    def _derive(self, **kw: Any) -> Derivation:
        if not self._given:
            return derive(L=self.L, dx=self.dx, H=self.H, seed=self.seed, residual=self.residual, **kw)
        return _derive_given(self._weights, L=self.L, dx=self.dx, H=self.H, residual=self.residual, **kw)

    def gram_rank(self, **options: Any) -> Dict[str, Any]:
        """The Gram rank (N -> infinity): ``{"value", "exact"}`` as the derivation certifies it (``value`` a
        certified lower bound, equal to the rank when ``exact``); None when it was skipped."""
        return self._derive(**options).results["gram_rank"]

    def separation_rank(self, N: int = 4, partition: Optional[Union[str, Sequence[Sequence[int]]]] = None,
                        **options: Any) -> Dict[str, Any]:
        """The separation rank at N positions for ``partition`` ("1,3|2,4"; default A = 1..N/2):
        ``{"value", "exact", "certificate", "N"}``, ``value`` a certified lower bound, the rank when exact."""
        return self._derive(N=N, partition=partition, **options).results["separation_rank"]

    def certificate(self, path: str, N: int = 4, **options: Any) -> Derivation:
        """Writes ``path/certificate.json`` and ``path/check.py`` (re-check with ``python3 path/check.py``)."""
        return self._derive(N=N, certificate=str(path), **options)

    def __repr__(self) -> str:
        source = "given weights" if self._given else f"seed {self.seed}"
        return f"<seprank.Network L={self.L} dx={self.dx} H={self.H}{' residual' if self.residual else ''}, {source}>"

_document_parameters(Network.__init__, {
    "seed": "seed of the weight draw (0 .. 2^64 - 1), drawn as the CLI draws it; ignored when weights are given",
    "weights": "None: the seeded draw; else weights[l][h] = dict of integer arrays Q, K, V (d_a x d_x) and O (d_x x d_a), "
               "checked and copied (a non-integer entry is refused)"})

# The typing names served the annotations above (strings: PEP 563); they are not part of the package.
del annotations, Any, Callable, Dict, List, Optional, Sequence, Union
