"""Opens exported notebook HTML in a real headless browser (Debian's chromium, chromium-driver and
python3-selenium) and checks what a reader sees: MathJax typeset every formula (no raw "$" or "\\(" left in
the text, no MathJax error), and no element reaches beyond the page's width (a table too wide for the page
is the failure this catches), and no table cell is squeezed to a few characters. A handout shows no test: no code
cell holds the text "assert" (the lessons' checks sit in cells tagged "test", which run_notebooks.py leaves out of
the HTML; an AssertionError shown on the page fails too), and no output went to stderr (a warning on red, such as
matplotlib's "created a temporary cache directory"). A full-page screenshot of each page is written beside its HTML
for review.

usage: check_notebook_html.py [--shots DIR] FILE.html...    exit 0 all pass, 1 a check failed, 77 no browser here
(screenshots beside each page, or in DIR)
"""
import os
import shutil
import sys
import time

WIDTH = 1100  # a laptop's browser window, in CSS pixels

# Elements wider than the page: the right edge of every visible element against the page's width. Inside a
# horizontally scrollable box (pre, a code cell's output area) overflow is the box's business, not the page's.
OVERFLOW_JS = """
const limit = document.documentElement.clientWidth;
const bad = [];
function scrolls(e) {
  for (let p = e.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowX === 'auto' || s.overflowX === 'scroll' || s.overflowX === 'hidden') return true;
  }
  return false;
}
for (const e of document.body.querySelectorAll('*')) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) continue;
  if (r.right > limit + 1 && !scrolls(e)) bad.push(e.tagName + ' ' + (e.className || '') + ' right=' +
      Math.round(r.right) + ': ' + (e.textContent || '').trim().slice(0, 60));
}
// Squeezed tables: a cell with more than a word in it, laid out narrower than 90 px (the notebook's own table
// style once gave each column the width of its header and broke every formula into a token per line).
const squeezed = [];
for (const c of document.body.querySelectorAll('td, th')) {
  const r = c.getBoundingClientRect();
  const t = (c.textContent || '').trim();
  if (r.width > 0 && r.width < 90 && t.length > 12) squeezed.push(Math.round(r.width) + ' px: ' + t.slice(0, 40));
}
return [limit, document.documentElement.scrollWidth, bad.slice(0, 5), bad.length, squeezed.slice(0, 5), squeezed.length];
"""

# Text a reader sees that still holds TeX delimiters: MathJax did not typeset it. Code is exempt (a "$" in
# a code cell is code).
RAW_MATH_JS = """
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const bad = [];
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const p = n.parentElement;
  if (!p || p.closest('pre, code, script, style, .MathJax_Preview, .jp-InputArea, .input_area, textarea')) continue;
  const t = n.textContent;
  if (/\\$|\\\\\\(|\\\\\\[|\\\\frac|\\\\log|\\\\le\\b/.test(t) && p.offsetParent !== null) bad.push(t.trim().slice(0, 80));
}
const errors = document.querySelectorAll('.MathJax_Error, merror').length;
const typeset = document.querySelectorAll('.MathJax, .MathJax_CHTML, mjx-container').length;
return [bad.slice(0, 5), bad.length, errors, typeset];
"""


# What a student should not see: a code cell (its input or its output) holding "assert", and output areas of the
# stderr stream (nbconvert's lab template marks them with the stderr MIME type, the classic one with a class).
HANDOUT_JS = """
const asserts = [];
for (const c of document.querySelectorAll('.jp-CodeCell, .code_cell')) {
  const t = c.textContent || '';
  const m = t.search(/assert/i);
  if (m >= 0) asserts.push(t.slice(Math.max(0, m - 40), m + 40).replace(/\\s+/g, ' ').trim());
}
const stderr = [];
for (const e of document.querySelectorAll(
    '[data-mime-type="application/vnd.jupyter.stderr"], .output_stderr')) {
  stderr.push((e.textContent || '').trim().slice(0, 100));
}
return [asserts.slice(0, 5), asserts.length, stderr.slice(0, 3), stderr.length];
"""


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium")
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--allow-file-access-from-files", f"--window-size={WIDTH},900", "--hide-scrollbars"):
        opts.add_argument(a)
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)


def wait_for_mathjax(d, timeout=60):
    """Until MathJax's queue is empty (MathJax 2: its Hub), or it is absent; a page without math passes."""
    end = time.time() + timeout
    while time.time() < end:
        done = d.execute_script(
            "if (typeof MathJax === 'undefined') return 'absent';"
            "if (!MathJax.Hub || !MathJax.Hub.queue) return 'starting';"
            "return (MathJax.Hub.queue.pending === 0 && MathJax.Hub.queue.running === 0 && "
            "document.querySelectorAll('.MathJax_Processing, .MathJax_Processed').length === 0 && "
            "window.__seprank_typeset === true) ? 'done' : 'running';")
        if done in ("done", "absent"):
            return done
        if done == "running":
            d.execute_script("if (!window.__seprank_hooked) { window.__seprank_hooked = true;"
                             " MathJax.Hub.Queue(function () { window.__seprank_typeset = true; }); }")
        time.sleep(0.25)
    return "timeout"


def check(d, path, shots=None):
    d.get("file://" + os.path.abspath(path))
    state = wait_for_mathjax(d)
    problems = []
    if state != "done":
        problems.append(f"MathJax {state}")
    limit, scroll_width, wide, n_wide, squeezed, n_squeezed = d.execute_script(OVERFLOW_JS)
    if n_wide or scroll_width > limit + 1:
        problems.append(f"{n_wide} element(s) wider than the page ({scroll_width} px > {limit} px): {wide}")
    if n_squeezed:
        problems.append(f"{n_squeezed} table cell(s) squeezed below 90 px: {squeezed}")
    raw, n_raw, errors, typeset = d.execute_script(RAW_MATH_JS)
    if n_raw:
        problems.append(f"{n_raw} text(s) with TeX left untypeset: {raw}")
    if errors:
        problems.append(f"{errors} MathJax error(s)")
    asserts, n_asserts, stderr, n_stderr = d.execute_script(HANDOUT_JS)
    if n_asserts:
        problems.append(f"{n_asserts} code cell(s) with \"assert\" on the page (tag them \"test\"): {asserts}")
    if n_stderr:
        problems.append(f"{n_stderr} output(s) on stderr: {stderr}")
    height = d.execute_script("return document.documentElement.scrollHeight;")
    d.set_window_size(WIDTH, min(height + 100, 30000))
    shot = os.path.splitext(path)[0] + ".png"
    if shots:
        shot = os.path.join(shots, os.path.basename(shot))
    d.save_screenshot(shot)
    d.set_window_size(WIDTH, 900)
    print(f"{'ok' if not problems else 'FAILED':8}{os.path.basename(path)}: {typeset} formulas typeset, "
          f"width {scroll_width}/{limit} px; screenshot {shot}")
    for p in problems:
        print("        " + p)
    return not problems


def main():
    paths, shots = sys.argv[1:], None
    if paths[:1] == ["--shots"]:
        shots, paths = paths[1], paths[2:]
        os.makedirs(shots, exist_ok=True)
    if not shutil.which("chromium") or not shutil.which("chromedriver"):
        print("no chromium/chromedriver here (Debian: apt-get install chromium chromium-driver)")
        sys.exit(77)
    try:
        import selenium  # noqa: F401
    except ImportError:
        print("no selenium here (Debian: apt-get install python3-selenium)")
        sys.exit(77)
    d = browser()
    try:
        ok = [check(d, p, shots) for p in paths]
    finally:
        d.quit()
    print(f"browser checks: {len(paths)} pages, {ok.count(False)} failed")
    sys.exit(0 if all(ok) else 1)


if __name__ == "__main__":
    main()
