#!/usr/bin/env bash
# API contract tests: schemathesis (from PyPI, in a virtual environment this script makes
# under target/) against the OpenAPI document a fresh `schafkopf serve` serves, on a free
# loopback port with its own database: every phase (the documented examples, coverage,
# fuzzing and the stateful phase that follows links between operations), every check. It
# fails on a server error, an answer that does not match its schema, status or content
# type, or bad data accepted.
#
#   scripts/schemathesis.sh [MAX_EXAMPLES]    (per operation; default 25)
#   BIN=path/to/schafkopf scripts/schemathesis.sh   (default: the release build's)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-${CARGO_TARGET_DIR:-target}/release/schafkopf}
if [ ! -x "$bin" ]; then
    echo "schemathesis: no binary at $bin (cargo build --release -p schafkopf-cli, or set BIN)" >&2
    exit 1
fi
examples=${1:-25}
venv=target/schemathesis-venv
if [ ! -x "$venv/bin/schemathesis" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'schemathesis>=4.32,<5'
fi
dir=$(mktemp -d)
# A small node budget: generated records may ask for whole-deal searches.
"$bin" serve --addr 127.0.0.1:0 --db "$dir/games.db" --request-node-budget 5000000 \
    >"$dir/out" 2>"$dir/log" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do grep -q listening "$dir/out" 2>/dev/null && break; sleep 0.05; done
base=$(grep -o 'http://[0-9.:]*' "$dir/out" | head -1 || true)
if [ -z "$base" ]; then
    echo "schemathesis: the service did not start:" >&2
    cat "$dir/log" >&2
    exit 1
fi
# Every check but one: `positive_data_acceptance` expects every record the schema allows
# to be accepted, but a JSON schema cannot say that a card appears once or that a play
# is legal; such records are refused with 422 by name, as documented.
"$venv/bin/schemathesis" run "$base/openapi.json" \
    --checks all \
    --exclude-checks positive_data_acceptance \
    --phases examples,coverage,fuzzing,stateful \
    --max-examples "$examples" \
    --seed 27 \
    --request-timeout 60 \
    --suppress-health-check too_slow,filter_too_much \
    --warnings off
