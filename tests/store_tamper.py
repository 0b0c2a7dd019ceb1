#!/usr/bin/env python3
"""Edits one stored unit of a results store, as a test's adversary would.

usage: store_tamper.py STORE METHOD UNIT EDIT [--resign]
UNIT FIRST names the method's first unit. EDIT is Python run with the unit's decoded JSON result as `d` (e.g.
"d['upper'] = 4"). With --resign the
unit's digest is recomputed with the key in $SEPRANK_STORE_KEY (an adversary who holds the key: only the
plausibility checks can catch the edit then). The digest is computed here independently of the tool:
HMAC-SHA256 over method, version, config, weights hash, unit, position and data, each as "<length>:<bytes>".
"""
import hashlib
import hmac
import json
import os
import sqlite3
import sys

store, method, unit, edit = sys.argv[1:5]
resign = "--resign" in sys.argv[5:]
c = sqlite3.connect(store)
if unit == "FIRST":  # the method's first unit, whatever its name
    unit = c.execute("select unit from units where method = ? order by position limit 1", (method,)).fetchone()[0]
row = c.execute("select version, config, weights_hash, position, data from units where method = ? and unit = ?",
                (method, unit)).fetchone()
if row is None:
    sys.exit(f"store_tamper: no unit {method} {unit} in {store}")
version, config, whash, position, data = row
d = json.loads(data)
exec(edit)
data = json.dumps(d, separators=(",", ":")).encode()
c.execute("update units set data = ? where method = ? and unit = ?", (data, method, unit))
if resign:
    key = open(os.environ["SEPRANK_STORE_KEY"], "rb").read()
    msg = b"".join(str(len(f)).encode() + b":" + f for f in
                   [method.encode(), str(version).encode(), config.encode(), whash.encode(), unit.encode(),
                    str(position).encode(), data])
    c.execute("update units set digest = ? where method = ? and unit = ?",
              (hmac.new(key, msg, hashlib.sha256).hexdigest(), method, unit))
c.commit()
