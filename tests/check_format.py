#!/usr/bin/env python3
"""The house style (.clang-format) on every C++ file of the source tree: `clang-format --dry-run -Werror` over the
.cpp and .hpp files under lib, tools, python, tests, bench, fuzz and examples. Prints the files that differ and
exits 1; exits 77 (meson's SKIP) when clang-format is not installed. With --self-test, plants a badly formatted
file beside the tree's .clang-format and checks that it is found and a well formatted one is not.
"""
import pathlib
import shutil
import subprocess
import sys
import tempfile

FOLDERS = ("lib", "tools", "python", "tests", "bench", "fuzz", "examples")


def differing(root, files):
    """The files clang-format would change, by the .clang-format found from each file upward."""
    out = subprocess.run(["clang-format", "--dry-run", "-Werror", *map(str, files)], capture_output=True, text=True,
                         cwd=root)
    return sorted({line.split(":", 1)[0] for line in out.stderr.splitlines() if ": error: " in line})


def self_test(root):
    with tempfile.TemporaryDirectory() as tmp:
        t = pathlib.Path(tmp)
        shutil.copy(root / ".clang-format", t / ".clang-format")
        (t / "bad.cpp").write_text("int  f( int x ){return x;}\n")
        (t / "good.cpp").write_text("int f(int x) { return x; }\n")
        found = differing(t, [t / "bad.cpp", t / "good.cpp"])
        if found != [str(t / "bad.cpp")]:
            print(f"self-test: expected only bad.cpp to differ, found {found}")
            return 1
    print("self-test: the planted badly formatted file is found, the formatted one is not")
    return 0


def main():
    args = [a for a in sys.argv[1:] if a != "--self-test"]
    root = pathlib.Path(args[0] if args else ".").resolve()
    if shutil.which("clang-format") is None:
        print("clang-format is not installed (Debian package clang-format)")
        return 77
    if "--self-test" in sys.argv:
        return self_test(root)
    files = sorted(p for d in FOLDERS for ext in ("*.cpp", "*.hpp") for p in (root / d).rglob(ext))
    bad = differing(root, files)
    for f in bad:
        print(f"not in the house style (.clang-format): {f}; apply with clang-format -i")
    print(f"{len(files)} C++ files checked, {len(bad)} not formatted")
    return 1 if bad else 0


sys.exit(main())
