"""Executes the teaching notebooks (examples/notebooks) with nbclient and exports each to HTML.

usage: run_notebooks.py OUTDIR NOTEBOOK...   (the package seprank on PYTHONPATH; Debian's python3-nbclient,
python3-nbconvert and python3-ipykernel). A cell whose assertion fails fails the run with that cell's error.
The executed notebooks and their HTML land in OUTDIR.
"""
import os
import sys

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
        print(f"{status:8}{name} -> {os.path.join(out, name + '.html')}")
    print(f"notebooks: {len(notebooks)} run, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
