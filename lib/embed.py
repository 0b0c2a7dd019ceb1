#!/usr/bin/env python3
"""Writes a C++ header holding a text file as a string constant: embed.py INPUT OUTPUT NAME."""
import sys

source, target, name = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(source, encoding="utf-8").read()
with open(target, "w", encoding="utf-8") as out:
    out.write("// Generated from %s by lib/embed.py; do not edit.\n#pragma once\n\n" % source.split("/")[-1])
    out.write("namespace seprank {\n\ninline constexpr const char* %s =\n" % name)
    for line in text.splitlines(True):
        out.write('    "%s"\n' % line.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n"))
    out.write(";\n\n}  // namespace seprank\n")
