#!/usr/bin/env python3
"""Times the board's answers on loopback, as the page asks them at every position: what the
position holds (POST /api/v1/board), then every legal card's value (POST /api/v1/solve),
one after the other. Positions: every one after the first card and before the last of the
point games (Sauspiel, solos, Wenz, Geier and their suit forms) of a NetSchafkopf log.
Prints the median, p95 and max of the pair and of solve alone.

    benches/board-answers.py [--games N] [--log FILE ...]   (BIN: default target/release/schafkopf)
"""
import argparse
import json
import os
import subprocess
import tempfile
import time
import urllib.request

POINT_GAMES = {"sauspiel", "solo", "wenz", "geier", "farbwenz", "farbgeier"}


def post(url, record):
    body = json.dumps(record).encode()
    request = urllib.request.Request(url, data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    start = time.perf_counter()
    with urllib.request.urlopen(request) as answer:
        answer.read()
    return time.perf_counter() - start


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--log", action="append",
                        help="a NetSchafkopf protocol (repeatable; default the 16.05.20 sample)")
    args = parser.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    binary = os.environ.get("BIN", "target/release/schafkopf")
    logs = args.log or ["tests/data/netschafkopf/samples-16.05.20.txt"]
    records = subprocess.run([binary, "import", "--from", "netschafkopf", *logs],
                             check=True, capture_output=True, text=True).stdout.splitlines()
    games = [json.loads(line) for line in records]
    games = [g for g in games if (g.get("contract") or {}).get("game") in POINT_GAMES
             and not g.get("round")][: args.games]
    with tempfile.TemporaryDirectory() as dir:
        server = subprocess.Popen([binary, "serve", "--addr", "127.0.0.1:0", "--db",
                                   os.path.join(dir, "games.db")],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            base = None
            for line in server.stdout:
                if "http://" in line:
                    base = line[line.index("http://"):].split()[0]
                    break
            pairs, solves = [], []
            for game in games:
                play = game["play"].split() if isinstance(game["play"], str) else game["play"]
                for k in range(1, len(play) - 1):
                    record = dict(game, play=" ".join(play[:k]))
                    record.pop("id", None)
                    board = post(base + "/api/v1/board", record)
                    solve = post(base + "/api/v1/solve", record)
                    pairs.append(board + solve)
                    solves.append(solve)
        finally:
            server.terminate()
            server.wait()
    ms = lambda v: f"{v * 1000:.1f} ms"
    print(f"{len(games)} point games, {len(pairs)} positions after the first card")
    for name, values in (("board then solve", pairs), ("solve alone", solves)):
        print(f"{name}: median {ms(percentile(values, 0.5))}, p95 {ms(percentile(values, 0.95))}, "
              f"max {ms(max(values))}")


if __name__ == "__main__":
    main()
