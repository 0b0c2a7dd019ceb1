#!/usr/bin/env python3
"""The picture of the house (docs/architecture.md): its floors stacked, lowest first, and an arrow from each floor
to every lower floor one of its files includes, labelled with the number of such #include lines. Checks on the way
that no arrow points up (red, and exit 1, if one does), that no file includes itself through others (a circle), and
that every file and include lies in a floor (else exit 1: the picture would hide its arrows).

Usage: /usr/bin/python3 bench/house_picture.py [ROOT] [OUT.png]   (default: ., house.png; matplotlib)
"""
import collections
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
out = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else "house.png")

# Lowest first: the order of tests/check_layers.py, the analysis layer split into its floors, then the two clients.
FLOORS = ["support", "model", "engine", "analysis/paper", "analysis", "analysis/structure", "analysis/ranks",
          "analysis/theorem", "run", "report", "render", "app", "tools (CLI)", "python (package)"]
include = re.compile(r'#include\s+[<"](seprank/[^">]+)[">]')


def floor_of(rel):
    """The floor of a path relative to the repository root, or None."""
    parts = pathlib.PurePosixPath(rel).parts
    if parts[0] == "tools":
        return "tools (CLI)"
    if parts[0] == "python":
        return "python (package)"
    if parts[:2] != ("lib", "seprank"):
        return None
    # A file is on the deepest floor its folder lies in: a concept's folder (analysis/structure/annihilators/,
    # app/commands/) is on its parent's floor.
    for depth in range(len(parts) - 1, 2, -1):
        if "/".join(parts[2:depth]) in FLOORS:
            return "/".join(parts[2:depth])
    return None


files = [p for d in ("lib/seprank", "tools", "python/seprank") for p in sorted((root / d).rglob("*.[ch]pp"))]
edges = collections.Counter()
graph = {}  # file -> the project files it includes (for the circle check)
outside = []  # files, or includes, in no floor: the picture would hide their arrows, so they fail the check
for path in files:
    rel = path.relative_to(root).as_posix()
    here = floor_of(rel)
    if here is None:
        outside.append(rel)
        continue
    graph[rel] = []
    code = re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S))  # no commented includes
    for name in include.findall(code):
        target = "lib/" + name
        there = floor_of(target)
        if there is None:
            outside.append(f"{rel} includes {name}")
            continue
        graph[rel].append(target)
        if there != here:
            edges[(here, there)] += 1

up = [(a, b) for (a, b) in edges if FLOORS.index(b) > FLOORS.index(a)]

# Circles: a depth-first search over the file graph; a file met again on the current path closes one.
circles = []
state = {}
for start in graph:
    if start in state:
        continue
    stack = [(start, iter(graph.get(start, [])))]
    state[start] = "open"
    path = [start]
    while stack:
        node, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            state[node] = "done"
            stack.pop()
            path.pop()
        elif state.get(nxt) == "open":
            circles.append(path[path.index(nxt):] + [nxt])
        elif nxt not in state:
            state[nxt] = "open"
            path.append(nxt)
            stack.append((nxt, iter(graph.get(nxt, []))))

for a, b in up:
    print(f"UP: {a} includes {b}")
for c in circles[:10]:
    print("CIRCLE: " + " -> ".join(c))
for o in outside:
    print(f"OUTSIDE THE FLOORS: {o}")

import matplotlib  # noqa: E402  (after the checks: they need no plotting)
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch  # noqa: E402

n = len(FLOORS)
fig, ax = plt.subplots(figsize=(11, 0.62 * n + 1.6))
box_w, box_h = 3.0, 0.62
for i, f in enumerate(FLOORS):
    shade = "#dde8f3" if f.startswith("analysis") else "#eeeeee" if "(" in f else "#f6f1e3"
    ax.add_patch(FancyBboxPatch((0, i - box_h / 2), box_w, box_h, boxstyle="round,pad=0.02", fc=shade, ec="#444444"))
    count = sum(1 for r in graph if floor_of(r) == f)
    ax.text(box_w / 2, i, f"{f}  ({count} file{'' if count == 1 else 's'})", ha="center", va="center", fontsize=10)
# Arrows right of the stack, one column per arrow, longest spans outermost so they cross little.
ordered = sorted(edges, key=lambda e: (abs(FLOORS.index(e[0]) - FLOORS.index(e[1])), FLOORS.index(e[0])))
for col, (a, b) in enumerate(ordered):
    ia, ib = FLOORS.index(a), FLOORS.index(b)
    x = box_w + 0.25 + 0.16 * col
    bad = ib > ia
    color = "#c0392b" if bad else "#2c6e9b"
    ax.plot([box_w + 0.02, x], [ia, ia], color=color, lw=0.6)
    ax.add_patch(FancyArrowPatch((x, ia), (x, ib + (0.12 if not bad else -0.12)), arrowstyle="-|>", mutation_scale=8,
                                 color=color, lw=0.9))
    ax.plot([box_w + 0.02, x], [ib, ib], color=color, lw=0.4, ls=":")
    ax.text(x, (ia + ib) / 2, str(edges[(a, b)]), fontsize=6, ha="center", va="center", rotation=90,
            bbox=dict(fc="white", ec="none", pad=0.3))
ax.set_xlim(-0.2, box_w + 0.5 + 0.16 * len(ordered))
ax.set_ylim(-0.8, n - 0.2)
ax.axis("off")
verdict = (f"{len(edges)} arrows between floors, {sum(edges.values())} #include lines; "
           f"{len(up)} point up, {len(circles)} circles")
ax.set_title("seprank-sym: the house, lowest floor first (an arrow: files of the upper floor include the lower one)\n"
             + verdict, fontsize=10)
out.parent.mkdir(parents=True, exist_ok=True)
fig.savefig(out, dpi=110, bbox_inches="tight")
print(f"wrote {out}: {verdict}")
sys.exit(1 if up or circles or outside else 0)
