#!/usr/bin/env bash
# The Spark job against a single-machine `schafkopf batch`: the NetSchafkopf protocols in
# tests/data imported to records, batched once on this machine and once by the Spark job in
# local mode (local[2], four partitions), and compared: the result lines byte for byte, the
# merged summary with the single run's. PySpark comes from PyPI into a virtual environment
# made here; Java from the machine (without Java it says so and exits 0).
#
#   scale/spark/test.sh [--without-ramsch] [--workers N]
#
# By default every game of the log (1,304), the 310 Ramsch ones with their settlement
# search included: each run takes about as long as `batch -j 2` over the whole log
# (docs/PERFORMANCE.md, "Batch on Spark"). --without-ramsch keeps the 994 others, which
# take milliseconds each. --workers N (default 2): `batch -j N` against `local[N]`;
# each run's time is printed (docs/performance-log.md, "Batch on Spark").
set -euo pipefail
cd "$(dirname "$0")/../.."
all=true
workers=2
while [ $# -gt 0 ]; do
    case $1 in
        --without-ramsch) all=false ;;
        --workers) workers=$2; shift ;;
        *) echo "usage: scale/spark/test.sh [--without-ramsch] [--workers N]" >&2; exit 64 ;;
    esac
    shift
done
if ! command -v java >/dev/null 2>&1; then
    echo "spark: no Java here; skipped"
    exit 0
fi
target=${CARGO_TARGET_DIR:-target}
bin=${BIN:-$target/release/schafkopf}
if [ ! -x "$bin" ]; then
    echo "spark: no binary at $bin (cargo build --release -p schafkopf-cli, or set BIN)" >&2
    exit 1
fi
bin=$(realpath "$bin")
venv=$target/spark-venv
if [ ! -x "$venv/bin/spark-submit" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'pyspark>=3.5,<5'
fi
# The venv's Python runs the driver and the workers, and its pyspark is Spark's home.
export PYSPARK_PYTHON=$(cd "$venv/bin" && pwd)/python
export PYSPARK_DRIVER_PYTHON=$PYSPARK_PYTHON
SPARK_HOME=$("$PYSPARK_PYTHON" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')
export SPARK_HOME
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin" import --from netschafkopf tests/data/netschafkopf/*.txt -o "$dir/all.jsonl"
if $all; then
    cp "$dir/all.jsonl" "$dir/games.jsonl"
else
    python3 -c 'import json, sys
for line in sys.stdin:
    if json.loads(line).get("contract", {}).get("game") != "ramsch":
        sys.stdout.write(line)' <"$dir/all.jsonl" >"$dir/games.jsonl"
fi
games=$(wc -l <"$dir/games.jsonl")
start=$EPOCHREALTIME
"$bin" batch "$dir/games.jsonl" -o "$dir/single.jsonl" -j "$workers" || [ $? -eq 2 ]
single=$(awk "BEGIN {print $EPOCHREALTIME - $start}")
start=$EPOCHREALTIME
"$venv/bin/spark-submit" --master "local[$workers]" --conf spark.ui.enabled=false \
    --conf spark.log.level=WARN \
    scale/spark/batch_job.py "$dir/games.jsonl" "$dir/spark" --binary "$bin" --partitions 4 \
    2>"$dir/spark.log" || { tail -40 "$dir/spark.log" >&2; exit 1; }
spark=$(awk "BEGIN {print $EPOCHREALTIME - $start}")
cat "$dir"/spark/results/part-* | cmp - "$dir/single.jsonl"
cmp "$dir/spark/summary.json" "$dir/single.jsonl.summary.json"
printf 'spark: %s games; batch -j %s %.1f s, the Spark job (local[%s]) %.1f s; results and summary equal\n' \
    "$games" "$workers" "$single" "$workers" "$spark"
