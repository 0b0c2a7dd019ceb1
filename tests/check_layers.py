#!/usr/bin/env python3
"""The import rules of docs/architecture.md, checked on the source tree.

Layers, lowest first: support, model, engine, analysis, run, report, render, app (run: the store and the
scheduler that run the analysis's units of work). A file may include
its own layer and the layers below. The analysis layer has floors a reader of section 4 recognises,
lowest first: analysis/paper (closed-form bounds, corollaries, the Gram count, the audit, the
certified table, the comparison with the paper), the shared analysis/ files (limits and estimates),
analysis/structure (index structure, Gram form, monomial space, the span V of psi), analysis/ranks
(coefficient matrix, certified rank, null space, grid tensor, Gram rank, side relations,
stabilization). A floor includes its own and lower floors only; analysis/paper includes no engine
header at all. Three stricter rules:
  - render/ includes only report/derivation.hpp, report/plot_data.hpp, render/ and support/;
  - report/ calls no rank, expansion, enumeration or closed-form routine (it reads records);
  - tools/ includes only app/, render/formats.hpp and support/, and no FLINT or GiNaC header.
Prints every violation and exits 1 when there is one.
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
layers = ["support", "model", "engine", "analysis", "run", "report", "render", "app"]
floors = ["paper", "analysis", "structure", "ranks", "theorem"]  # within analysis/, lowest first ("analysis": its shared files)
include = re.compile(r'#include\s+[<"]([^">]+)[">]')
computing = re.compile(r"\b(certified_rank|expand_output|enumerate_monomials|coefficient_matrix_of|grid_rank|"
                       r"gram_rank|gram_form_of|analyse_\w+|paper_bounds_of|theorem1|theorem2|rank_mod_p|"
                       r"exact_rank|kernel_basis|compare_with_paper)\s*\(")
problems = []

def place(parts):
    """(layer, floor) of a path's folders below lib/seprank, or None."""
    if len(parts) == 1 and parts[0] in layers:
        return parts[0], parts[0] if parts[0] == "analysis" else None
    if len(parts) == 2 and parts[0] == "analysis" and parts[1] in floors[:1] + floors[2:]:
        return "analysis", parts[1]
    return None


base = root / "lib" / "seprank"
for path in sorted(base.rglob("*.[ch]pp")):
    where = place(path.parent.relative_to(base).parts)
    if where is None:
        problems.append(f"{path}: not in a layer folder ({', '.join(layers)}; analysis/{{{', '.join(floors[:1] + floors[2:])}}})")
        continue
    layer, floor = where
    text = path.read_text()
    for name in include.findall(text):
        if not name.startswith("seprank/"):
            continue
        parts = name.split("/")
        target = place(parts[1:-1])
        if target is None:
            problems.append(f"{path}: includes {name}, which is in no layer")
            continue
        if layers.index(target[0]) > layers.index(layer):
            problems.append(f"{path}: {layer} includes {name} (upward)")
        if layer == "analysis" and target[0] == "analysis" and floors.index(target[1]) > floors.index(floor):
            problems.append(f"{path}: analysis/{floor} includes {name} (a higher floor)")
        if floor == "paper" and target[0] == "engine":
            problems.append(f"{path}: analysis/paper includes {name}; the closed forms need no engine")
        if layer == "render" and parts[1] not in ("support", "render") and name not in (
                "seprank/report/derivation.hpp", "seprank/report/plot_data.hpp"):
            problems.append(f"{path}: a renderer includes {name}; renderers format a derivation only")
    if layer == "report":
        code = re.sub(r"//[^\n]*", "", text)
        for call in computing.findall(code):
            problems.append(f"{path}: the report calls {call}(); reports build steps from analysis records")

cli = root / "tools" / "seprank-sym.cpp"
for name in include.findall(cli.read_text()):
    if name.startswith(("flint/", "ginac/", "cln/", "gmp")):
        problems.append(f"{cli}: includes {name}; the CLI must not depend on the engine's libraries")
    elif name.startswith("seprank/") and not (name.startswith(("seprank/app/", "seprank/support/"))
                                              or name == "seprank/render/formats.hpp"):
        problems.append(f"{cli}: includes {name}; the CLI talks to app/, render/formats.hpp and support/ only")

for p in problems:
    print(p)
print(f"layers: {len(problems)} violation(s)")
sys.exit(1 if problems else 0)
