#!/usr/bin/env python3
"""A fresh process's cost for a small question (docs/performance-log.md, "Start-up").

Runs `schafkopf solve` of an endgame (examples/positions.jsonl, first line: a Sauspiel
after 20 cards) RUNS times each on one thread (`-j 1`) and with the default threads, and
prints the median and largest wall time and the largest resident memory of a run (GNU
time's count: the Debian package `time`). With OPENSCHAFKOPF set to an openschafkopf
binary (built from its repository) it times that program's `suggest-card` on the same
position the same way.

    python3 benches/startup.py [RUNS]      (default 50; BIN, default target/release/schafkopf)
"""
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("BIN", os.path.join(ROOT, "target/release/schafkopf"))
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 50
with open(os.path.join(ROOT, "examples/positions.jsonl")) as f:
    ENDGAME = f.readline()


def wall(args, stdin):
    """One run's wall time in seconds, from the spawn to the exit."""
    start = time.perf_counter()
    done = subprocess.run(args, input=stdin.encode(), stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    if done.returncode != 0:
        sys.exit(f"{args[0]} failed with status {done.returncode}")
    return time.perf_counter() - start


def resident(args, stdin):
    """One run's peak resident memory in KiB, as GNU time reports it (the kernel's count
    for a child started from a small process: a child of this Python would count the
    interpreter's pages it was forked with)."""
    done = subprocess.run(["/usr/bin/time", "-f", "%M"] + args, input=stdin,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return int(done.stderr.strip().splitlines()[-1])


def report(name, args, stdin):
    walls = sorted(wall(args, stdin) * 1000 for _ in range(RUNS))
    rss = max(resident(args, stdin) for _ in range(RUNS)) / 1024
    print(f"{name:<42} median {statistics.median(walls):6.1f} ms  max {walls[-1]:6.1f} ms"
          f"  resident {rss:5.1f} MiB  ({RUNS} runs)")


report("schafkopf solve (endgame), one thread", [BIN, "solve", "-j", "1", "-"], ENDGAME)
report("schafkopf solve (endgame), every core", [BIN, "solve", "-"], ENDGAME)
other = os.environ.get("OPENSCHAFKOPF")
if other:
    # The same position for openschafkopf: every seat's cards left, the cards played (its
    # rules text for this record's Sauspiel on the Gras ace by seat 0), and a ruleset file
    # of its repository (OPENSCHAFKOPF_RULESET, default rulesets/default.toml beside the
    # binary's target directory).
    record = json.loads(ENDGAME)
    played = record["play"].split()
    hand = "  ".join(" ".join(c.lower() for c in h.split() if c not in played)
                     for h in record["hands"])
    ruleset = os.environ.get("OPENSCHAFKOPF_RULESET", os.path.join(
        os.path.dirname(os.path.abspath(other)), "../../rulesets/default.toml"))
    args = [other, "suggest-card", "--ruleset", ruleset, "--rules", "rufspiel gras von 0",
            "--hand", hand, "--played-cards", " ".join(c.lower() for c in played)]
    report("openschafkopf suggest-card (endgame)", args, "")
