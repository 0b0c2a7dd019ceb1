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
  - report/ calls, of the functions declared in the model, engine, analysis and run headers, only those on
    REPORT_MAY_CALL (names, enum tables, the one home of a quantity, shipped data, displayed logarithms): it reads
    records and computes nothing;
  - report/ makes a step FAILED only through status_of_check (report/derivation.cpp): any other use of the
    enumerator failed in report/, through any alias, that is not a comparison (== or !=) or a case label is a
    violation (that status_of_check is given a record's check is for review to see);
  - tools/ includes only app/, render/formats.hpp and support/, and no FLINT or GiNaC header.
Prints every violation and exits 1 when there is one. With --self-test, checks a planted tree instead: a report
file calling certified_rank() must be found, one calling only allowed functions must not; a FAILED made outside
status_of_check must be found, a comparison with it must not.
"""
import pathlib
import re
import sys

args = [a for a in sys.argv[1:] if a != "--self-test"]
root = pathlib.Path(args[0] if args else ".")


def self_test():
    """Plants a tree with computing calls in report/ (plain and qualified) and an allowed one; 0 when exactly the
    computing calls are found."""
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        t = pathlib.Path(tmp)
        (t / "lib/seprank/analysis/ranks").mkdir(parents=True)
        (t / "lib/seprank/model").mkdir(parents=True)
        (t / "lib/seprank/report").mkdir(parents=True)
        (t / "tools").mkdir()
        (t / "tools/seprank-sym.cpp").write_text('#include "seprank/app/pipeline.hpp"\n')
        (t / "lib/seprank/analysis/ranks/certified_rank.hpp").write_text(
            "rank_result certified_rank(const coefficient_matrix& m);\n")
        (t / "lib/seprank/model/verdict.hpp").write_text("const char* verdict_name(verdict v);\n")
        (t / "lib/seprank/report/good.cpp").write_text(
            '#include "seprank/model/verdict.hpp"\n// certified_rank(m) in a comment\n'
            'std::string f(const rank_result& r) { return verdict_name(r.v) + std::string("certified_rank(x)"); }\n')
        (t / "lib/seprank/report/qualified.cpp").write_text(
            '#include "seprank/analysis/ranks/certified_rank.hpp"\nlong h(const coefficient_matrix& m) { return seprank::certified_rank(m).lower; }\n')
        (t / "lib/seprank/report/bad.cpp").write_text(
            '#include "seprank/analysis/ranks/certified_rank.hpp"\nlong g(const coefficient_matrix& m) { return certified_rank(m).lower; }\n')
        (t / "lib/seprank/report/decides.cpp").write_text(
            'using S = claim_status;\nS f(long a, long b) { return a <= b ? S::verified : S::failed; }\n'
            'bool g(const derivation_step& s) { return s.status == claim_status::failed || s.status != S::failed; }\n'
            'using CS = claim_status;\nCS h() { return CS::failed; }  // "a quote in a comment\n'
            'int k(S s) { switch (s) { case S::failed: return 1; default: return 0; } }  // S::failed in a comment\n')
        out = subprocess.run([sys.executable, __file__, str(t)], capture_output=True, text=True).stdout
        found = [line for line in out.splitlines() if "REPORT_MAY_CALL" in line]
        decided = [line for line in out.splitlines() if "status_of_check" in line]
        ok = (len(found) == 2 and all("certified_rank()" in line for line in found)
              and any("bad.cpp" in line for line in found) and any("qualified.cpp" in line for line in found)
              and len(decided) == 2 and "decides.cpp:2:" in decided[0] and "decides.cpp:5:" in decided[1])
        print(out + ("self-test: the planted calls (plain and qualified) and the planted FAILED are found, and only they"
                     if ok else "self-test FAILED"))
        return 0 if ok else 1


if "--self-test" in sys.argv[1:]:
    sys.exit(self_test())
layers = ["support", "model", "engine", "analysis", "run", "report", "render", "app"]
floors = ["paper", "analysis", "structure", "ranks", "theorem"]  # within analysis/, lowest first ("analysis": its shared files)
include = re.compile(r'#include\s+[<"]([^">]+)[">]')
# What report/ may call of the lower layers' free functions, and why (everything else is a computation).
REPORT_MAY_CALL = {
    "verdict_name": "the verdict's one spelling (model/verdict)",
    "verdict_words": "the verdict in words with its certainty (model/verdict)",
    "printed_margin_log3": "a decided statement's margin, from its one home (analysis/paper/statement_findings)",
    "decimal": "a number's exact decimal (model/quantities)",
    "gram_entry_count": "D, from its one home (model/quantities)",
    "summed_index_count": "C = (3^L - 1)/2, from its one home",
    "summed_indices": "C as a big integer, from its one home",
    "output_degree": "the degree 2C + 1 of y_p, from its one home",
    "block_certificate_info_of": "the certificate's key and prose (one table)",
    "block_shapes_of": "a coefficient matrix's block shapes (a record's sizes)",
    "gram_rank_variable_count": "the size d_x + 2D of the Gram rank's ring, for a skip message",
    "certified_table": "the shipped certified values (data)",
    "is_upper": "whether a statement is an upper bound (a statement's property)",
    "log3": "a displayed logarithm (floating point is for display only)",
}
lower_layers = ["model", "engine", "analysis", "run"]
declaration = re.compile(r"^(?:inline |constexpr |static )*[A-Za-z_][\w:<>, *&]*[\s*&]+([a-z_][a-z0-9_]*)\s*\(", re.M)
free_call = re.compile(r"(?<![.>:\w])([a-z_][a-z0-9_]*)\s*\(")
# The enumerator through any alias (claim_status::failed, S::failed, ...), but not in a comparison or a case label.
made_failed = re.compile(r"(?<![=!]=)(?<![=!]= )(?<!case )\b[A-Za-z_]\w*::failed\b")


def code_of(text):
    """The text without comments and string literals, in one pass (a quote in a comment, or // in a string, is
    neither), with the lines where they were."""
    def blank(m):
        s = m.group(0)
        return '""' if s.startswith('"') else "\n" * s.count("\n")
    return re.sub(r'"(?:\\.|[^"\\\n])*"|//[^\n]*|/\*.*?\*/', blank, text, flags=re.S)


problems = []

def place(parts):
    """(layer, floor) of a path's folders below lib/seprank, or None."""
    if len(parts) == 1 and parts[0] in layers:
        return parts[0], parts[0] if parts[0] == "analysis" else None
    if len(parts) in (2, 3) and parts[0] == "analysis" and parts[1] in floors[:1] + floors[2:]:
        return "analysis", parts[1]  # a concept's folder (structure/annihilators/) is on its floor
    if tuple(parts) == ("app", "commands"):
        return "app", None  # a file per subcommand (its row of the command table and its derive_*)
    return None


base = root / "lib" / "seprank"
lower_declared = set()  # the free functions the lower layers' headers declare
for layer in lower_layers:
    for header in (base / layer).rglob("*.hpp"):
        lower_declared.update(declaration.findall(code_of(header.read_text())))
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
        for call in sorted(set(free_call.findall(code_of(text).replace("seprank::", "")))):
            if call in lower_declared and call not in REPORT_MAY_CALL:
                problems.append(f"{path}: the report calls {call}(), which is not on REPORT_MAY_CALL; "
                                f"reports build steps from analysis records")
        if path.name != "derivation.cpp":
            for number, line in enumerate(code_of(text).splitlines(), 1):
                if made_failed.search(line):
                    problems.append(f"{path}:{number}: a FAILED made here; only status_of_check (report/derivation.cpp) "
                                    f"makes one, from a check the analysis decided")

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
