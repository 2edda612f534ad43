"""`schafkopf batch` on Apache Spark: hand logs split into partitions, each partition piped
through the shipped `schafkopf` binary, the result lines written in input order and the
partitions' summaries merged into the whole log's (docs/GUIDE.md, "Batch on Apache Spark").

    spark-submit --files schafkopf scale/spark/batch_job.py INPUT OUTPUT [options] [-- BATCH...]

INPUT is any path Spark reads (a file, a directory, a glob; local, HDFS, S3, ...) of hand
records, one JSON object a line (other programs' logs: convert them first with `schafkopf
import`). OUTPUT is a directory of Spark's: `results/` (the lines, part files in input
order) and `summary.json` (the merged summary, written by the driver). Everything after
`--` goes to `schafkopf batch` as given (`--view players --samples 20`, `--format csv`, ...).
"""

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile

from pyspark import SparkFiles, StorageLevel
from pyspark.sql import SparkSession

# Marks the one summary line each partition adds after its results.
SUMMARY = "\x1eschafkopf-summary\x1e"


def arguments(argv):
    parser = argparse.ArgumentParser(prog="batch_job.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="hand records (JSON lines), any path Spark reads")
    parser.add_argument("output", help="the output directory (must not exist)")
    parser.add_argument("--binary", default="schafkopf",
                        help="the schafkopf binary's name among the job's files (--files), "
                             "or a path to ship from the driver (default: schafkopf)")
    parser.add_argument("--partitions", type=int, default=0,
                        help="partitions of the input (default: Spark's choice)")
    parser.add_argument("--threads", type=int, default=1,
                        help="worker threads of each schafkopf batch (default 1: Spark runs "
                             "one task a core)")
    if "--" in argv:
        split = argv.index("--")
        options, batch = argv[:split], argv[split + 1:]
    else:
        options, batch = argv, []
    args = parser.parse_args(options)
    args.batch = batch
    return args


def piece(binary, threads, batch):
    """What each partition runs: its records, with their line numbers, through `schafkopf
    batch - -o - --summary FILE --first-line N`; yields the result lines, then the summary as
    one marked line. Like `RDD.pipe`, but the binary is found on the executor
    (`SparkFiles.get`), where the job's files are."""

    def run(index, rows):
        rows = list(rows)
        if not rows:
            return
        first = rows[0][1] + 1
        path = binary if os.path.isabs(binary) else SparkFiles.get(binary)
        with tempfile.TemporaryDirectory() as tmp:
            summary = os.path.join(tmp, "summary.json")
            command = [path, "batch", "-", "-o", "-", "--summary", summary,
                       "--first-line", str(first), "-j", str(threads)] + batch
            text = "".join(line + "\n" for line, _ in rows)
            done = subprocess.run(command, input=text.encode(), stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
            # 0: every record done; 2: some failed, their lines say why. Anything else is a
            # fault of the run, and fails the task.
            if done.returncode not in (0, 2):
                raise RuntimeError(f"{shlex.join(command)} exited {done.returncode}: "
                                   f"{done.stderr.decode(errors='replace')}")
            for line in done.stdout.decode().splitlines():
                yield line
            with open(summary) as f:
                yield SUMMARY + json.dumps(json.load(f), separators=(",", ":"))

    return run


def main(argv):
    args = arguments(argv)
    spark = SparkSession.builder.appName("schafkopf-batch").getOrCreate()
    sc = spark.sparkContext
    binary = args.binary
    if os.path.sep in binary:
        # A path on the driver: ship it with the job.
        sc.addFile(binary)
        binary = os.path.basename(binary)
    lines = sc.textFile(args.input, minPartitions=args.partitions or None)
    results = (lines.zipWithIndex()
               .mapPartitionsWithIndex(piece(binary, args.threads, args.batch))
               .persist(StorageLevel.MEMORY_AND_DISK))
    results.filter(lambda l: not l.startswith(SUMMARY)).saveAsTextFile(
        os.path.join(args.output, "results"))
    parts = results.filter(lambda l: l.startswith(SUMMARY)).map(
        lambda l: l[len(SUMMARY):]).collect()
    # The driver merges the pieces' summaries with its own schafkopf binary.
    local = args.binary if os.path.sep in args.binary else SparkFiles.get(args.binary)
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for i, part in enumerate(parts):
            files.append(os.path.join(tmp, f"part-{i}.json"))
            with open(files[-1], "w") as f:
                f.write(part)
        total = os.path.join(tmp, "summary.json")
        subprocess.run([local, "summary", "merge", *files, "-o", total], check=True)
        with open(total) as f:
            text = f.read()
    write_text(sc, os.path.join(args.output, "summary.json"), text)
    spark.stop()


def write_text(sc, path, text):
    """Writes `text` to `path` on whatever file system Spark writes the output to (Hadoop's
    FileSystem, through the JVM: local, HDFS, S3, ...)."""
    jvm = sc._jvm
    target = jvm.org.apache.hadoop.fs.Path(path)
    fs = target.getFileSystem(sc._jsc.hadoopConfiguration())
    stream = fs.create(target, False)
    stream.write(bytearray(text.encode()))
    stream.close()


if __name__ == "__main__":
    main(sys.argv[1:])
