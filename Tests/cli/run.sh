#!/usr/bin/env bash
# End-to-end checks of the built binary as a user runs it: installed with
# `make install` and run from elsewhere, the progress line on a terminal, and the
# messages and exit statuses of bad input. Usage: Tests/cli/run.sh [path/to/proofsheet]
set -uo pipefail
cd "$(dirname "$0")/../.."
BIN=$(realpath "${1:-.build/release/proofsheet}")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
passed=0
failed=0

check() { # check NAME COMMAND... — passes when the command succeeds
    local name=$1
    shift
    if "$@" >"$WORK/log" 2>&1; then
        passed=$((passed + 1))
        echo "ok - $name"
    else
        failed=$((failed + 1))
        echo "not ok - $name"
        sed 's/^/    /' "$WORK/log" | tail -20
    fi
}

installed_binary_finds_its_templates() {
    make -s install PREFIX="$WORK/prefix" >/dev/null || return 1
    echo '<!-- installed-templates -->' >>"$WORK/prefix/share/proofsheet/Templates/index.html"
    (cd / && "$WORK/prefix/bin/proofsheet" demo --quiet --output "$WORK/installed/Site") || return 1
    grep -q 'installed-templates' "$WORK/installed/Site/index.html"
}

progress_line_only_on_a_terminal() {
    "$BIN" demo --output "$WORK/tty/Site" >/dev/null || return 1
    rm -rf "$WORK/tty/Site"
    # `script` gives the command a terminal; the progress line redraws with \r.
    script -qec "'$BIN' build '$WORK/tty/demo-library' --output '$WORK/tty/Site'" /dev/null >"$WORK/tty.out" || return 1
    grep -q $'\r' "$WORK/tty.out" && grep -q 'photos/s' "$WORK/tty.out" || { cat "$WORK/tty.out"; return 1; }
    rm -rf "$WORK/tty/Site"
    "$BIN" build "$WORK/tty/demo-library" --output "$WORK/tty/Site" >"$WORK/pipe.out" || return 1
    ! grep -q 'photos/s' "$WORK/pipe.out" && [ "$(wc -l <"$WORK/pipe.out")" -eq 1 ]
}

bad_input_is_one_line_and_status_2() {
    "$BIN" build "$WORK/missing" --output "$WORK/out" 2>"$WORK/err" >/dev/null
    [ $? -eq 2 ] && [ "$(cat "$WORK/err")" = "error: $WORK/missing: no such folder" ] && [ ! -e "$WORK/out" ]
}

usage_error_is_status_64() {
    "$BIN" build --frobnicate 2>"$WORK/err" >/dev/null
    [ $? -eq 64 ] && grep -q "unknown option '--frobnicate'" "$WORK/err"
}

check "installed binary finds its templates from any directory" installed_binary_finds_its_templates
check "progress line only on a terminal" progress_line_only_on_a_terminal
check "bad input is one line and exit status 2" bad_input_is_one_line_and_status_2
check "usage error is exit status 64" usage_error_is_status_64

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
