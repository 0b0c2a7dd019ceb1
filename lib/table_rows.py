#!/usr/bin/env python3
"""Writes the C++ initializer rows of a shipped data table: table_rows.py INPUT.tsv OUTPUT.inc COLUMNS.

INPUT is tab-separated: '#' lines are comments, the first other line names the columns (it must equal COLUMNS,
comma-separated), each further line is one row of integers or true/false. OUTPUT holds one "{a, b, ...}," line a
row, for a braced initializer of the table's struct (e.g. analysis/paper/certified_table.cpp). A malformed row
stops the build, naming its line. `table_rows.py --self-test` checks this on planted tables."""
import re
import sys


def rows_of(text, columns, source="table"):
    """The C++ rows of a table's text, or ValueError naming the line at fault."""
    rows, header = [], None
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("#") or not line.strip():
            continue
        fields = line.split("\t")
        if header is None:
            header = fields
            if header != columns:
                raise ValueError(f"{source}:{number}: the columns are {header}, expected {columns}")
            continue
        if len(fields) != len(columns):
            raise ValueError(f"{source}:{number}: {len(fields)} fields, expected {len(columns)} ({', '.join(columns)})")
        for field in fields:
            integer = re.fullmatch(r"-?[0-9]+", field) and -(2 ** 63) <= int(field) < 2 ** 63
            if not (integer or field in ("true", "false")):
                raise ValueError(f"{source}:{number}: {field!r} is neither a 64-bit integer nor true/false")
        rows.append("{" + ", ".join(fields) + "},")
    if not rows:
        raise ValueError(f"{source}: no rows")
    return rows


def self_test():
    """Planted tables: one good, each defect refused at its line."""
    cols = ["L", "dx", "loss"]
    assert rows_of("# note\nL\tdx\tloss\n1\t2\t0\n6\t12\t3408848627108838\n", cols) == ["{1, 2, 0},", "{6, 12, 3408848627108838},"]
    for text, said in [("L\tdx\n1\t2\n", "table:1: the columns"), ("L\tdx\tloss\n1\t2\n", "table:2: 2 fields"),
                       ("#\nL\tdx\tloss\n1\t2.5\t0\n", "table:3: '2.5'"), ("L\tdx\tloss\n1\t2\t" + str(2 ** 63) + "\n", "table:2:"),
                       ("L\tdx\tloss\n1\t2\t0 \n", "table:2: '0 '"), ("L\tdx\tloss\n", "table: no rows")]:
        try:
            rows_of(text, cols)
        except ValueError as e:
            assert str(e).startswith(said), (text, str(e))
        else:
            raise AssertionError(f"not refused: {text!r}")
    print("table_rows self-test: 7 planted tables, 1 read, 6 refused at their line")


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    source, target, columns = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
    try:
        rows = rows_of(open(source, encoding="utf-8").read(), columns, source)
    except ValueError as e:
        sys.exit(str(e))
    with open(target, "w", encoding="utf-8") as out:
        out.write(f"// Made from {source.split('/')[-1]} by lib/table_rows.py at build time; not in the repository.\n")
        out.write("\n".join(rows) + "\n")
