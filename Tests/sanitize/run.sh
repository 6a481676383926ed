#!/usr/bin/env bash
# The Swift tests and a build of a hostile library under one sanitizer, in a build
# folder of its own; fails on any sanitizer report. Usage: Tests/sanitize/run.sh address|thread
#   address: AddressSanitizer (with LeakSanitizer) for Swift and C, UndefinedBehaviorSanitizer
#            for C (-fsanitize=address,undefined on the C targets)
#   thread:  ThreadSanitizer for Swift and C
set -uo pipefail
cd "$(dirname "$0")/../.."
kind=${1:?usage: Tests/sanitize/run.sh address|thread}
SWIFT=${SWIFT:-swift}
PYTHON=${PYTHON:-python3}
scratch=.build/sanitize-$kind
case $kind in
# Swift has no UBSan on Linux; the C targets get it, and its handlers come with the ASan
# runtime that swiftc links.
address) flags=(--sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined) ;;
thread) flags=(--sanitize=thread) ;;
*) echo "unknown sanitizer '$kind' (address or thread)" >&2; exit 64 ;;
esac
# Reports are fatal and name their source; a report anywhere fails the run.
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
export LSAN_OPTIONS=suppressions=$PWD/Tests/sanitize/lsan.supp:print_suppressions=0
# Tests that measure memory skip themselves: under a sanitizer it is the sanitizer's.
export PROOFSHEET_SANITIZER=$kind
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$work/log
reported() { grep -Eq 'ERROR: (Address|Leak)Sanitizer|WARNING: ThreadSanitizer|runtime error:|SUMMARY: [A-Za-z]+Sanitizer' "$@"; }
status=0

echo "== $kind: swift test (scratch $scratch)"
start=$SECONDS
"$SWIFT" build --build-tests --scratch-path "$scratch" "${flags[@]}" >"$log" 2>&1 \
    || { tail -30 "$log"; echo "not ok - the $kind build failed"; exit 1; }
# Our sources' warnings only (gold warns about the sanitizer runtime's own symbols).
grep -E '\.(swift|c|h):[0-9]+:[0-9]+: warning:' "$log" && { echo "not ok - the $kind build has warnings"; exit 1; }
"$SWIFT" test --skip-build --scratch-path "$scratch" "${flags[@]}" >"$log" 2>&1
test_status=$?
grep -E '^(✔|✘|􀟈|.*Test run with)' "$log" | grep -E 'Test run|✘' | tail -5
if [ $test_status -ne 0 ] || reported "$log"; then
    echo "not ok - swift test under $kind sanitizer (exit $test_status)"
    grep -E -A40 'ERROR: |WARNING: ThreadSanitizer|runtime error:' "$log" | head -80
    status=1
else
    echo "ok - swift test under $kind sanitizer ($((SECONDS - start)) s)"
fi

echo "== $kind: build of a hostile library"
start=$SECONDS
binary=$("$SWIFT" build --scratch-path "$scratch" "${flags[@]}" --show-bin-path)/proofsheet
"$PYTHON" Tests/sanitize/hostile_library.py "$binary" "$work/library" >"$log" 2>&1 || { cat "$log"; exit 1; }
hostile_ok=1
# Full stacks for leaks, so that a suppression can name the libgd function even inside
# libraries built without frame pointers.
export ASAN_OPTIONS=$ASAN_OPTIONS:fast_unwind_on_malloc=0
for run in first again; do
    "$binary" build "$work/library" --output "$work/Site" --limit 3 --quiet >"$work/$run.out" 2>"$work/$run.err"
    code=$?
    # Exit 0: the good photos are published and each bad one is a warning.
    if [ $code -ne 0 ] || reported "$work/$run.err"; then
        echo "not ok - $run build of the hostile library under $kind sanitizer (exit $code)"
        head -80 "$work/$run.err"
        hostile_ok=0
    fi
done
if [ $hostile_ok -eq 1 ]; then
    echo "ok - hostile library built twice under $kind sanitizer, $(grep -c '^warning:' "$work/first.err") warnings ($((SECONDS - start)) s): $(tail -1 "$work/first.out")"
else
    status=1
fi
exit $status
