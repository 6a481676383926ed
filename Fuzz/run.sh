#!/usr/bin/env bash
# Builds the libFuzzer harnesses of Fuzz/Package.swift with -sanitize=fuzzer,address and
# runs each for FUZZ_SECONDS (default 60) on a corpus seeded by Fuzz/seeds.py. Any crash,
# leak, sanitizer report or timeout fails the run; the input that caused it is kept in
# .build/fuzz/crashes/HARNESS/ and printed as a hex dump, ready to become a test.
#
# With FUZZ_RUNS=N (make fuzz-regress) it is deterministic instead, for CI: each harness
# runs every seed (and every input kept in .build/fuzz/crashes/), then N mutations from
# -seed=1, on a fresh corpus — the same inputs on every run of the same code.
# Usage: Fuzz/run.sh PROOFSHEET_BINARY [HARNESS...]
set -uo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:?usage: Fuzz/run.sh PROOFSHEET_BINARY [HARNESS...]}")
shift
SWIFT=${SWIFT:-swift}
PYTHON=${PYTHON:-python3}
seconds=${FUZZ_SECONDS:-60}
runs=${FUZZ_RUNS:-}
scratch=.build/fuzz
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(FuzzImageHeader FuzzExif FuzzOrderFile FuzzPastedList FuzzThumbnailer FuzzManifest FuzzBuildCache FuzzSearchIndex FuzzRaw)

# A debug build (assertions on), with coverage for libFuzzer and ASan on the Swift and C targets alike;
# testable, so that a harness can reach a reader that is internal (FuzzBuildCache: `@testable import`;
# SwiftPM does not make a dependency package testable by itself).
flags=(-c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing -Xcc -fsanitize=fuzzer-no-link,address)
echo "== building the harnesses in $scratch"
"$SWIFT" build --package-path Fuzz --scratch-path "$scratch" "${flags[@]}" >"$scratch.log" 2>&1 \
    || { tail -40 "$scratch.log"; echo "not ok - the fuzz build failed"; exit 1; }
# Our sources' warnings only (gold warns about the sanitizer runtime's own symbols).
grep -E '\.(swift|c|h):[0-9]+:[0-9]+: warning:' "$scratch.log" && { echo "not ok - the fuzz build has warnings"; exit 1; }
bin=$("$SWIFT" build --package-path Fuzz --scratch-path "$scratch" "${flags[@]}" --show-bin-path)

"$PYTHON" Fuzz/seeds.py "$binary" "$scratch/seeds" || exit 1
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1
# Swift's own crash backtracer would run before libFuzzer's handler, slowly, and under ASan
# report itself; libFuzzer prints the stack and keeps the input.
export SWIFT_BACKTRACE=enable=no
# Leaks of other libraries, suppressed by name with their reasons (shared with make test-sanitize).
export LSAN_OPTIONS=suppressions=$PWD/Tests/sanitize/lsan.supp:print_suppressions=0
passed=0
failed=0
for harness in "${harnesses[@]}"; do
    corpus=$scratch/corpus/$harness
    crashes=$scratch/crashes/$harness
    mkdir -p "$corpus" "$crashes"
    if [ -n "$runs" ]; then
        # A fresh corpus each time, so that the run depends only on the code and the seeds.
        corpus=$scratch/regress/$harness
        rm -rf "$corpus"
        mkdir -p "$corpus"
        how=(-seed=1 -runs="$runs")
        inputs=("$corpus" "$scratch/seeds/$harness" "$crashes")
        ran="seeds and kept inputs, then $runs mutations"
    else
        # The corpus grows across runs; the seeds are merged in each time.
        how=(-max_total_time="$seconds")
        inputs=("$corpus" "$scratch/seeds/$harness")
        ran="$seconds s"
    fi
    "$bin/$harness" "${how[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=131072 \
        -print_final_stats=1 -artifact_prefix="$crashes/" "${inputs[@]}" >"$scratch/$harness.log" 2>&1
    code=$?
    stats=$(grep -E '^stat::number_of_executed_units|^stat::new_units_added' "$scratch/$harness.log" | awk '{print $2}' | paste -sd/)
    if [ $code -eq 0 ]; then
        passed=$((passed + 1))
        echo "ok - $harness: $ran, executions/new units $stats, corpus $(ls "$corpus" | wc -l)"
    else
        failed=$((failed + 1))
        echo "not ok - $harness (exit $code)"
        grep -E -A30 'ERROR: |==ERROR|deadly signal|Fatal error|panic' "$scratch/$harness.log" | head -50
        for input in "$crashes"/*; do
            [ -f "$input" ] && { echo "  reproducer $input:"; od -An -tx1 -v "$input" | head -20; }
        done
    fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
