#!/usr/bin/env python3
"""Reads a shipped data table and writes its C++ initializer rows: table_rows.py INPUT.tsv OUTPUT.inc COLUMNS.

INPUT is tab-separated: '#' lines are comments, the first other line names the columns, each further line is one
row. COLUMNS names them with their types, comma-separated ("L:int,dx:int,loss:u64"): int (32-bit), i64, u64 (written
with ULL) and bool (true/false). Integers are plain decimals (no sign on u64, no leading zero: C++ reads 010 as 8).
OUTPUT holds one "{a, b, ...}," line a row, for a braced initializer of the table's struct (e.g.
analysis/paper/certified_table.cpp). A malformed row stops the build, naming its line. bench/annihilator_table.sh
--check reads the table through parse(). `table_rows.py --self-test` checks this on planted tables."""
import re
import sys

RANGES = {"int": (-(2 ** 31), 2 ** 31), "i64": (-(2 ** 63) + 1, 2 ** 63), "u64": (0, 2 ** 64)}
DECIMAL = re.compile(r"-?(0|[1-9][0-9]*)")


def parse(text, columns, source="table"):
    """The rows of a table's text as tuples of ints and bools, or ValueError naming the line at fault.
    columns: [(name, type)]."""
    rows, header = [], None
    names = [name for name, _ in columns]
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("#") or not line.strip():
            continue
        fields = line.split("\t")
        if header is None:
            header = fields
            if header != names:
                raise ValueError(f"{source}:{number}: the columns are {header}, expected {names}")
            continue
        if len(fields) != len(columns):
            raise ValueError(f"{source}:{number}: {len(fields)} fields, expected {len(columns)} ({', '.join(names)})")
        row = []
        for field, (name, kind) in zip(fields, columns):
            if kind == "bool":
                if field not in ("true", "false"):
                    raise ValueError(f"{source}:{number}: {name} = {field!r} is not true or false")
                row.append(field == "true")
                continue
            lo, hi = RANGES[kind]
            if not (DECIMAL.fullmatch(field) and lo <= int(field) < hi):
                raise ValueError(f"{source}:{number}: {name} = {field!r} is not a decimal {kind} in {lo} .. {hi - 1}")
            row.append(int(field))
        rows.append(tuple(row))
    if not rows:
        raise ValueError(f"{source}: no rows")
    return rows


def cxx_rows(rows, columns):
    """One C++ initializer line a row."""
    def literal(value, kind):
        return ("true" if value else "false") if kind == "bool" else f"{value}ULL" if kind == "u64" else str(value)
    return ["{" + ", ".join(literal(v, kind) for v, (_, kind) in zip(row, columns)) + "}," for row in rows]


def columns_of(spec):
    """ "L:int,dx:int" -> [("L", "int"), ("dx", "int")]."""
    columns = [tuple(c.split(":")) for c in spec.split(",")]
    if not all(len(c) == 2 and (c[1] in RANGES or c[1] == "bool") for c in columns):
        raise ValueError(f"bad column list {spec!r}: name:type with type int, i64, u64 or bool")
    return columns


def self_test():
    """Planted tables: one good, each defect refused at its line with its value."""
    cols = columns_of("L:int,dx:int,loss:u64,exact:bool")
    good = parse("# note\nL\tdx\tloss\texact\n1\t2\t0\ttrue\n6\t12\t3408848627108838\tfalse\n", cols)
    if cxx_rows(good, cols) != ["{1, 2, 0ULL, true},", "{6, 12, 3408848627108838ULL, false},"]:
        raise SystemExit(f"self-test: the good table read as {cxx_rows(good, cols)}")
    head = "L\tdx\tloss\texact\n"
    bad = [("L\tdx\n1\t2\n", "table:1: the columns"),
           (head + "1\t2\t0\n", "table:2: 3 fields"),
           ("#\n" + head + "1\t2.5\t0\ttrue\n", "table:3: dx = '2.5'"),
           (head + "1\t010\t0\ttrue\n", "table:2: dx = '010'"),
           (head + "1\t2\t-1\ttrue\n", "table:2: loss = '-1'"),
           (head + f"1\t2\t{2 ** 64}\ttrue\n", f"table:2: loss = '{2 ** 64}'"),
           (head + f"{2 ** 31}\t2\t0\ttrue\n", f"table:2: L = '{2 ** 31}'"),
           (head + "1\t2\t0 \ttrue\n", "table:2: loss = '0 '"),
           (head + "1\t2\t0\t1\n", "table:2: exact = '1'"),
           (head + "1\t2\ttrue\ttrue\n", "table:2: loss = 'true'"),
           (head, "table: no rows")]
    for text, said in bad:
        try:
            parse(text, cols)
        except ValueError as e:
            if not str(e).startswith(said):
                raise SystemExit(f"self-test: {text!r} refused as {e}, expected {said}")
        else:
            raise SystemExit(f"self-test: not refused: {text!r}")
    print(f"table_rows self-test: {1 + len(bad)} planted tables, 1 read, {len(bad)} refused at their line")


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    source, target = sys.argv[1], sys.argv[2]
    try:
        columns = columns_of(sys.argv[3])
        lines = cxx_rows(parse(open(source, encoding="utf-8").read(), columns, source), columns)
    except ValueError as e:
        sys.exit(str(e))
    with open(target, "w", encoding="utf-8") as out:
        out.write(f"// Made from {source.split('/')[-1]} by lib/table_rows.py at build time; not in the repository.\n")
        out.write("\n".join(lines) + "\n")
