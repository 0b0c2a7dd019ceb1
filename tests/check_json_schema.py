#!/usr/bin/env python3
"""Validates a seprank-sym JSON output against docs/derivation.schema.json (python3-jsonschema).

Usage: check_json_schema.py SCHEMA FILE. Prints each violation with its JSON path; exit 1 when there is one.
"""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
document = json.load(open(sys.argv[2]))
validator = jsonschema.Draft202012Validator(schema)
errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
for e in errors[:20]:
    print("/".join(str(p) for p in e.absolute_path) or "(top)", ":", e.message[:300])
print(f"schema: {len(errors)} violation(s)")
sys.exit(1 if errors else 0)
