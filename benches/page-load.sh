#!/usr/bin/env bash
# Times the replay page of a stored, analysed game on loopback, as a browser loads it: the
# page, then its scripts (the shared one and its own) and styles, then the record and the stored analysis (with lines),
# each request after the one it waits for; and apart from them the contracts panel's
# request, which the page makes after it is drawn (computed on the first load, then stored). Prints the median and max over N loads
# (default 50). Needs curl and a release build (BIN, default target/release/schafkopf).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/release/schafkopf}
loads=${1:-50}
dir=$(mktemp -d)
"$bin" serve --addr 127.0.0.1:0 --db "$dir/games.db" >"$dir/out" 2>/dev/null &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do grep -q listening "$dir/out" 2>/dev/null && break; sleep 0.05; done
base=$(grep -o 'http://[0-9.:]*' "$dir/out" | head -1)
record=$(head -1 examples/games.jsonl)
id=$(curl -s -X POST "$base/api/v1/games" -d "$record" | sed 's/.*"id":"\([^"]*\)".*/\1/')
enc=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$id")
curl -s -o /dev/null -w 'first analysis with lines: %{time_total} s\n' "$base/api/v1/games/$enc/analysis?lines=true"
curl -s -o /dev/null -w 'first contracts: %{time_total} s\n' "$base/api/v1/games/$enc/contracts"
t() { curl -s -o /dev/null -w '%{time_total}\n' "$@"; }
page=()
contracts=()
for _ in $(seq "$loads"); do
    total=$(
        {
            t "$base/games/$enc"
            t "$base/assets/common.js"
            t "$base/assets/replay.js"
            t "$base/assets/page.css"
            t "$base/api/v1/games/$enc"
            t "$base/api/v1/games/$enc/analysis?lines=true"
        } | awk '{s += $1} END {printf "%.1f", s * 1000}'
    )
    page+=("$total")
    contracts+=("$(t "$base/api/v1/games/$enc/contracts" | awk '{printf "%.1f", $1 * 1000}')")
done
stats() { printf '%s\n' "$@" | sort -n | awk '{v[NR] = $1} END {printf "median %.1f ms, max %.1f ms", v[int((NR + 1) / 2)], v[NR]}'; }
echo "page, script, styles, record, stored analysis, one after another: $(stats "${page[@]}") over $loads loads"
echo "contracts panel (GET .../contracts, stored): $(stats "${contracts[@]}")"
