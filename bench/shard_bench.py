#!/usr/bin/env python3
"""`make bench`, its sharded row (issue 32): one library built whole by `build`, and as 1,
2 and 3 shards side by side on this machine then joined, so that what splitting a build
costs is a number: wall time (the shards started together, until the last is done, plus
the join) and CPU time (user + system of every process), each beside the plain build's.

The library is the demo's JPEGs (23 photos of 2000 × 1500 drawn by `proofsheet demo`), each
copied COPIES times under new names with its copy's number appended after the JPEG's end:
every file is another content (its own fingerprint and images) yet decodes as the demo's,
so the row is made from one command and no other package. Each shard gets
max(1, cores / N) jobs, so the shards together use the cores the plain build uses.

Run: python3 bench/shard_bench.py [--copies 10] [--rounds 3]
Needs the release binary (make build, or PROOFSHEET_BIN). The library is kept in
bench/corpus/shard and reused; the sites are made afresh each round. The table is written
to bench/results/shard.md.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
CORPUS = os.path.join(BENCH, "corpus", "shard")
RESULTS = os.path.join(BENCH, "results")
OPTIONS = ["--title", "shard bench", "--limit", "3", "--quiet"]


def ensure_library(binary, copies):
    library = os.path.join(CORPUS, f"library-{copies}")
    if os.path.isdir(library):
        return library
    demo = tempfile.mkdtemp(prefix="shard-bench-demo-")
    subprocess.run([binary, "demo", "--quiet", "--output", os.path.join(demo, "Site")], check=True, stdout=subprocess.DEVNULL)
    making = library + ".making"
    shutil.rmtree(making, ignore_errors=True)
    for folder, _, names in os.walk(os.path.join(demo, "demo-library")):
        for name in names:
            if not name.lower().endswith(".jpg"):
                continue
            source = open(os.path.join(folder, name), "rb").read()
            album = os.path.join(making, os.path.basename(folder))
            os.makedirs(album, exist_ok=True)
            stem = name[: -len(".jpg")]
            for copy in range(copies):
                with open(os.path.join(album, f"{stem} {copy + 1}.jpg"), "wb") as out:
                    out.write(source + f"copy {copy + 1}".encode())
    shutil.rmtree(demo)
    os.makedirs(CORPUS, exist_ok=True)
    os.rename(making, library)
    return library


def run_together(commands):
    """Starts the commands at once; wall time until the last ends, CPU of them all."""
    start = time.perf_counter()
    processes = [subprocess.Popen(c, stdout=subprocess.PIPE, stderr=subprocess.STDOUT) for c in commands]
    cpu, outputs = 0.0, []
    for process in processes:
        _, status, usage = os.wait4(process.pid, 0)
        output = process.stdout.read().decode("utf-8", "replace")
        process.stdout.close()
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"failed: {' '.join(process.args[:6])}…\n{output}")
        cpu += usage.ru_utime + usage.ru_stime
        outputs.append(output.strip())
    return time.perf_counter() - start, cpu, outputs


def one_round(binary, library, work, count, cores):
    """(shards' wall, CPU), (join's wall, CPU) for `count` shares; count 0 is the plain build."""
    site = os.path.join(work, "Site")
    if count == 0:
        wall, cpu, _ = run_together([[binary, "build", library, "--output", site, "--jobs", str(cores)] + OPTIONS])
        return (wall, cpu), (0.0, 0.0)
    jobs = str(max(1, cores // count))
    parts = [os.path.join(work, f"part-{k}") for k in range(1, count + 1)]
    shards = run_together(
        [[binary, "build", library, "--shard", f"{k}/{count}", "--output", parts[k - 1], "--jobs", jobs] + OPTIONS
         for k in range(1, count + 1)])
    joined = run_together([[binary, "join", *parts, "--output", site]])
    return shards[:2], joined[:2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    binary = os.environ.get("PROOFSHEET_BIN", os.path.join(ROOT, ".build", "release", "proofsheet"))
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"{binary}: not built (make build, or set PROOFSHEET_BIN)")
    cores = os.cpu_count() or 1
    library = ensure_library(binary, args.copies)
    photos = sum(len(files) for _, _, files in os.walk(library))
    rows = {}
    for _ in range(args.rounds):
        for count in (0, 1, 2, 3):  # alternated, so a busy moment does not fall on one row
            work = tempfile.mkdtemp(prefix="shard-bench-")
            try:
                rows.setdefault(count, []).append(one_round(binary, library, work, count, cores))
            finally:
                shutil.rmtree(work)

    def median(count, which, field):
        return statistics.median(r[which][field] for r in rows[count])

    base_wall, base_cpu = median(0, 0, 0), median(0, 0, 1)
    lines = [
        f"Sharded build, {photos} photos (2000 × 1500 JPEGs), {cores} cores, median of {args.rounds} rounds:",
        "",
        "| build | shards' wall | join's wall | wall, all | × build | CPU, all | × build |",
        "|---|---|---|---|---|---|---|",
    ]
    for count in (0, 1, 2, 3):
        wall = median(count, 0, 0) + median(count, 1, 0)
        cpu = median(count, 0, 1) + median(count, 1, 1)
        name = "`build`" if count == 0 else f"{count} shard{'s' if count > 1 else ''} + join"
        join = "" if count == 0 else f"{median(count, 1, 0):.2f} s"
        lines.append(
            f"| {name} | {median(count, 0, 0):.2f} s | {join} | {wall:.2f} s | {wall / base_wall:.2f} | {cpu:.2f} s | {cpu / base_cpu:.2f} |")
    table = "\n".join(lines)
    print(table)
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "shard.md"), "w", encoding="utf-8") as out:
        out.write(table + "\n")


if __name__ == "__main__":
    sys.exit(main())
