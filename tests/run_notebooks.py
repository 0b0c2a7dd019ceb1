"""Executes the teaching notebooks (examples/notebooks) with nbclient and exports each to HTML.

usage: run_notebooks.py OUTDIR NOTEBOOK...   (the package seprank on PYTHONPATH; Debian's python3-nbclient,
python3-nbconvert and python3-ipykernel). Every cell runs, the cells tagged "test" (the lesson's assertions)
included, so a failing assertion fails the run with that cell's error. The executed notebooks (all cells) land in
OUTDIR; their HTML leaves the "test" cells out: a student's handout shows the teaching code and its output only
(the prompts renumbered without gaps). The HTML of a notebook that failed keeps them, its error on the page.
Then each HTML page is opened in headless Chromium (check_notebook_html.py: formulas typeset, nothing wider than
the page, no assertion and no stderr output on the page, a screenshot OUTDIR/NAME.png).
Exit 0 all pass, 1 a notebook or a page failed, 77 the notebooks passed but there is no browser to check them.
"""
import os
import shutil
import subprocess
import sys
import tempfile

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from nbconvert import HTMLExporter
from nbconvert.preprocessors import Preprocessor, TagRemovePreprocessor


LOCAL_MATHJAX = "/usr/share/javascript/mathjax/MathJax.js"
TEST_TAG = "test"  # cells with this tag hold the lesson's checks: executed, never shown in the HTML


def absolute_paths(value):
    """A search path (os.pathsep-separated) with each relative entry made absolute: the kernel runs in OUTDIR,
    where a path relative to the caller's directory (PYTHONPATH=build/python) would name nothing."""
    return os.pathsep.join(os.path.abspath(p) if p else p for p in value.split(os.pathsep))


def kernel_environment():
    """The environment the kernels inherit; returns the temporary matplotlib directory to remove at the end."""
    os.environ["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"  # the kernel's debugger notes on frozen modules
    if os.environ.get("PYTHONPATH"):
        os.environ["PYTHONPATH"] = absolute_paths(os.environ["PYTHONPATH"])
    if os.environ.get("SEPRANK_STORE_KEY"):
        os.environ["SEPRANK_STORE_KEY"] = os.path.abspath(os.environ["SEPRANK_STORE_KEY"])
    # matplotlib writes its font cache under MPLCONFIGDIR (default ~/.config/matplotlib); where that is not
    # writable it warns on stderr ("Matplotlib created a temporary cache directory ..."), into the page.
    mpl = tempfile.mkdtemp(prefix="seprank-mplconfig-")
    os.environ["MPLCONFIGDIR"] = mpl
    return mpl


def stderr_outputs(nb):
    """(cell index, first line) of each stream output on stderr: a warning that would show on the page."""
    found = []
    for k, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []):
            if o.get("output_type") == "stream" and o.get("name") == "stderr":
                found.append((k, (o.get("text") or "").strip().splitlines()[:1]))
    return found


class Renumber(Preprocessor):
    """Numbers the code cells left on the page 1, 2, 3, ... (In [n]), so that the removed test cells leave no gaps
    in the prompts; the executed notebook in OUTDIR keeps the kernel's own counts."""

    def preprocess(self, nb, resources):
        n = 0
        for cell in nb.cells:
            if cell.cell_type == "code" and cell.get("execution_count") is not None:
                n += 1
                cell.execution_count = n
                for o in cell.get("outputs", []):
                    if "execution_count" in o:
                        o["execution_count"] = n
        return nb, resources


def exporter(keep_tests=False):
    """HTML without the cells tagged "test" (with them when ``keep_tests``: a notebook that failed shows its
    failing check), typeset offline where Debian's libjs-mathjax is installed."""
    e = HTMLExporter()
    if not keep_tests:
        e.register_preprocessor(TagRemovePreprocessor(remove_cell_tags={TEST_TAG}, enabled=True), enabled=True)
        e.register_preprocessor(Renumber(), enabled=True)  # after the removal: preprocessors run in this order
    if os.path.exists(LOCAL_MATHJAX):
        e.mathjax_url = "file://" + LOCAL_MATHJAX + "?config=TeX-AMS_CHTML-full"
    return e


def findings_page(out):
    """docs/findings.md (what the tool has established about the paper) as an HTML page beside the lessons, through
    pandoc with the local MathJax, so that the browser check opens it too; None without pandoc (said once)."""
    pandoc = shutil.which("pandoc")
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "findings.md")
    if not pandoc:
        print("findings page: pandoc missing (Debian: pandoc): docs/findings.md not built")
        return None
    page = os.path.join(out, "findings.html")
    style = os.path.join(out, "findings.css")
    with open(style, "w") as f:  # the lessons' width; tables scroll inside their box, never squeezed
        f.write("body { max-width: 1000px; margin: 1em auto; font-family: sans-serif; }\n"
                "table { display: block; overflow-x: auto; border-collapse: collapse; }\n"
                "td, th { padding: 2px 8px; min-width: 6em; vertical-align: top; }\n"
                "pre, code { white-space: pre-wrap; }\n")
    # MathJax always (pandoc adds it only when the page has formulas): the browser check reads its state.
    header = os.path.join(out, "findings-head.html")
    with open(header, "w") as f:
        if os.path.exists(LOCAL_MATHJAX):
            f.write(f'<script src="file://{LOCAL_MATHJAX}?config=TeX-AMS_CHTML-full"></script>\n')
    args = [pandoc, source, "-f", "gfm+tex_math_dollars", "-s", "--metadata", "title=What seprank-sym establishes about the paper",
            "-c", os.path.basename(style), "-H", header, "-o", page]
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0:
        print(f"FAILED  findings page: pandoc failed: {done.stderr.strip()[:500]}")
        sys.exit(1)
    print(f"ok      findings -> {page}")
    return page


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out, notebooks = sys.argv[1], sys.argv[2:]
    os.makedirs(out, exist_ok=True)
    mpl = kernel_environment()
    failed = 0
    pages = []
    try:
        for path in notebooks:
            name = os.path.splitext(os.path.basename(path))[0]
            nb = nbformat.read(path, as_version=4)
            client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": out}})
            try:
                client.execute()
                status = "ok"
            except CellExecutionError as e:
                status = "FAILED"
                failed += 1
                print(str(e)[-3000:])
            tests = sum(TEST_TAG in c.get("metadata", {}).get("tags", []) for c in nb.cells)
            for k, first in stderr_outputs(nb):
                print(f"        cell {k} wrote to stderr: {first}")
            nbformat.write(nb, os.path.join(out, name + ".ipynb"))
            html, _ = exporter(keep_tests=status != "ok").from_notebook_node(nb)
            with open(os.path.join(out, name + ".html"), "w") as f:
                f.write(html)
            pages.append(os.path.join(out, name + ".html"))
            print(f"{status:8}{name} ({tests} test cells{', not in the HTML' if status == 'ok' else ''}) -> {os.path.join(out, name + '.html')}")
    finally:
        shutil.rmtree(mpl, ignore_errors=True)
    print(f"notebooks: {len(notebooks)} run, {failed} failed")
    findings = findings_page(out)
    if findings:
        pages.append(findings)
    browser = subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_notebook_html.py")]
                             + pages).returncode
    sys.exit(1 if failed or browser == 1 else browser)


if __name__ == "__main__":
    main()
