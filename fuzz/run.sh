#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60) with cargo-fuzz on the nightly
# toolchain, from a corpus seeded with the repository's records and logs. A target that
# fails leaves its input in tests/fuzz/<target>/ (the regression test replays every file
# there on stable) and the script exits 1. Without a nightly toolchain it says so and
# exits 0: the regression test still runs the kept inputs.
#
#   fuzz/run.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(record_json netschafkopf plain card_text small_search)
fi

if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    echo "fuzz: no nightly toolchain here; skipped (the kept inputs run in the tests)"
    exit 0
fi
if ! command -v cargo-fuzz >/dev/null 2>&1; then
    echo "fuzz: installing cargo-fuzz"
    cargo install cargo-fuzz --locked --quiet
fi

# The seed corpus: each record line a file; each NetSchafkopf game a file; a few plain
# lines. libFuzzer adds what it finds to these directories (not kept in git).
seed() {
    local dir=corpus/$1
    mkdir -p "$dir"
    [ -n "$(ls -A "$dir")" ] && return
    case $1 in
        record_json | card_text)
            local n=0
            for f in ../examples/*.jsonl ../tests/data/*.jsonl; do
                while IFS= read -r line; do
                    n=$((n + 1))
                    printf '%s' "$line" >"$dir/seed-$n"
                done <"$f"
            done
            ;;
        netschafkopf)
            # One game per file (the protocol's three header lines, then from its `Geber:`
            # line to the next): whole protocols run a few inputs a second.
            for f in ../tests/data/netschafkopf/*.txt; do
                LC_ALL=C awk -v out="$dir/$(basename "$f" .txt)" '
                    NR <= 3 { head = head $0 "\n"; next }
                    /^Geber:/ { n++; file = sprintf("%s-%03d", out, n); printf "%s", head > file }
                    n > 0 { print >> file }
                    /^Spiel / { close(file) }
                ' "$f"
            done
            ;;
        plain) cp seeds/plain/*.txt "$dir/" ;;
        small_search) head -c 96 /dev/urandom >"$dir/seed-random" ;;
    esac
}

# Safe Rust: no sanitizer (more runs a second), debug assertions on (overflow checks).
cargo +nightly fuzz build --sanitizer none --debug-assertions
failed=()
for target in "${targets[@]}"; do
    seed "$target"
    echo "fuzz: $target for ${seconds}s"
    if ! cargo +nightly fuzz run --sanitizer none --debug-assertions "$target" "corpus/$target" \
        -- -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
        >"corpus/$target.log" 2>&1; then
        mkdir -p "../tests/fuzz/$target"
        cp artifacts/"$target"/* "../tests/fuzz/$target/" 2>/dev/null || true
        tail -40 "corpus/$target.log"
        failed+=("$target")
    else
        grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "corpus/$target.log" | tail -1 || true
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: ${failed[*]} failed; the inputs are in tests/fuzz/ (replayed by cargo test)" >&2
    exit 1
fi
echo "fuzz: every target ran ${seconds}s without a failure"
