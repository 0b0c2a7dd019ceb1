"""Executes the teaching notebooks (examples/notebooks) with nbclient and exports each to HTML.

usage: run_notebooks.py OUTDIR NOTEBOOK...   (the package seprank on PYTHONPATH; Debian's python3-nbclient,
python3-nbconvert and python3-ipykernel). A cell whose assertion fails fails the run with that cell's error.
The executed notebooks and their HTML land in OUTDIR; then each HTML page is opened in headless Chromium
(check_notebook_html.py: formulas typeset, nothing wider than the page, a screenshot OUTDIR/NAME.png).
Exit 0 all pass, 1 a notebook or a page failed, 77 the notebooks passed but there is no browser to check them.
"""
import os
import sys

import subprocess

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from nbconvert import HTMLExporter


LOCAL_MATHJAX = "/usr/share/javascript/mathjax/MathJax.js"


def main():
    os.environ["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"  # the kernel's debugger notes on frozen modules
    out, notebooks = sys.argv[1], sys.argv[2:]
    os.makedirs(out, exist_ok=True)
    failed = 0
    pages = []
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
        nbformat.write(nb, os.path.join(out, name + ".ipynb"))
        exporter = HTMLExporter()
        if os.path.exists(LOCAL_MATHJAX):  # Debian's libjs-mathjax: the HTML typesets offline
            exporter.mathjax_url = "file://" + LOCAL_MATHJAX + "?config=TeX-AMS_CHTML-full"
        html, _ = exporter.from_notebook_node(nb)
        with open(os.path.join(out, name + ".html"), "w") as f:
            f.write(html)
        pages.append(os.path.join(out, name + ".html"))
        print(f"{status:8}{name} -> {os.path.join(out, name + '.html')}")
    print(f"notebooks: {len(notebooks)} run, {failed} failed")
    browser = subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_notebook_html.py")]
                             + pages).returncode
    sys.exit(1 if failed or browser == 1 else browser)


if __name__ == "__main__":
    main()
