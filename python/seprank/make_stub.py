#!/usr/bin/env python3
"""Writes the package's type stub: make_stub.py TEMPLATE OUTPUT, with the built package importable (PYTHONPATH).

TEMPLATE is __init__.pyi.in, written by hand; its line "# @SUBCOMMAND FUNCTIONS@ ..." becomes one declaration per
subcommand function (seprank.bounds, seprank.hessian_ranks, ...), from the signature the command's rows make
(seprank._command), so the stub cannot lag behind an option added to a row."""
import inspect
import sys

import seprank
from seprank import _seprank

MARKER = "# @SUBCOMMAND FUNCTIONS@"


def declaration(fn):
    """`def name(p: T = ..., **options: Any) -> R: ...`, wrapped at 120 columns."""
    sig = inspect.signature(fn)
    params = []
    for p in sig.parameters.values():
        annotation = str(p.annotation).replace("_np.", "np.")
        if p.kind == p.VAR_KEYWORD:
            params.append(f"**{p.name}: {annotation}")
        else:
            params.append(f"{p.name}: {annotation}" + (" = ..." if p.default is not p.empty else ""))
    ret = str(sig.return_annotation).replace("_np.", "np.")
    head, lines = f"def {fn.__name__}(", []
    line = head
    for k, text in enumerate(params):
        piece = text + (", " if k + 1 < len(params) else f") -> {ret}: ...")
        if len(line) + len(piece.rstrip()) > 120 and line.strip() != head.strip():
            lines.append(line.rstrip())
            line = " " * len(head)
        line += piece
    lines.append(line)
    return "\n".join(lines)


def main():
    template, output = sys.argv[1], sys.argv[2]
    text = open(template, encoding="utf-8").read()
    marker = next((line for line in text.splitlines() if line.startswith(MARKER)), None)
    if marker is None:
        sys.exit(f"{template}: no line starting with {MARKER}")
    names = ["audit", "bounds"] + [n.replace("-", "_") for n in _seprank.subcommand_names() if n not in ("audit", "bounds")]
    decls = [declaration(getattr(seprank, n)) for n in dict.fromkeys(names)]
    with open(output, "w", encoding="utf-8") as out:
        out.write(text.replace(marker, "\n".join(decls)))


if __name__ == "__main__":
    main()
