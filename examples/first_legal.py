#!/usr/bin/env python3
"""A player for `schafkopf match --first external:'python3 examples/first_legal.py'`: it
reads one position a line (INTERFACE.md section 3, `schafkopf match`) and answers the
first of its legal cards."""
import json
import sys

for line in sys.stdin:
    position = json.loads(line)
    print(json.dumps({"card": position["legal"].split()[0]}), flush=True)
