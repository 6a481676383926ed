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

# `make run` as a new user runs it: proofsheet installed in a prefix the user owns, and
# the closing commands work when copied as printed, with the prefix on PATH or not.
make_run_ends_with_commands_that_work() {
    local home="$WORK/run home" toolchain
    toolchain=$(dirname "$(command -v "${SWIFT:-swift}")")
    mkdir -p "$home/Downloads"
    PATH="$toolchain:/usr/bin:/bin" make -s run RUN_PREFIX="$home/.local" SITE="$WORK/run/My Site" >"$WORK/run.out" 2>&1 \
        || { cat "$WORK/run.out"; return 1; }
    cat "$WORK/run.out"
    [ -x "$home/.local/bin/proofsheet" ] && grep -q 'not on your PATH' "$WORK/run.out" || return 1
    # The order file the page would export: the demo's first three photos.
    python3 - "$WORK/run/My Site/manifest.json" "$home/Downloads/proofsheet demo – 3 picks.json" <<'PY' || return 1
import json, sys
manifest = json.load(open(sys.argv[1], encoding="utf-8"))
picks = [{"order": i + 1, "id": p["id"], "path": p["path"], "name": p["name"], "bytes": p["bytes"]} for i, p in enumerate(manifest["photos"][:3])]
json.dump({"format": "proofsheet-order", "version": 1, "gallery": manifest["gallery"], "title": manifest["title"],
           "limit": 3, "exported": "2026-12-01T10:00:00Z", "picks": picks}, open(sys.argv[2], "w", encoding="utf-8"))
PY
    tail -2 "$WORK/run.out" >"$WORK/next.sh"
    (cd / && HOME="$home" PATH=/usr/bin:/bin bash -e "$WORK/next.sh") || return 1
    [ "$(find "$home/Downloads/picks" -name '*.jpg' | wc -l)" -eq 3 ] || return 1
    grep -Eq '"limit":5[,}]' "$WORK/run/My Site/index.html" || return 1
    # With the prefix on PATH, the commands say just `proofsheet`.
    PATH="$home/.local/bin:$toolchain:/usr/bin:/bin" make -s run RUN_PREFIX="$home/.local" SITE="$WORK/run/My Site" >"$WORK/run2.out" 2>&1 \
        || { cat "$WORK/run2.out"; return 1; }
    grep -q 'which is on your PATH' "$WORK/run2.out" && tail -1 "$WORK/run2.out" | grep -q '^  proofsheet build ' || { cat "$WORK/run2.out"; return 1; }
    rm -rf "$home/Downloads/picks"
    tail -2 "$WORK/run2.out" >"$WORK/next2.sh"
    (cd / && HOME="$home" PATH="$home/.local/bin:/usr/bin:/bin" bash -e "$WORK/next2.sh")
}

# Photos that make libpng, libtiff, libgd and libjpeg complain: every line on stderr is
# proofsheet's own, one per photo, naming it; nothing the libraries print gets through.
library_messages_stay_in_warning_lines() {
    local lib="$WORK/noisy"
    mkdir -p "$lib"
    convert -size 300x200 plasma:fractal "$lib/base.png" || return 1
    convert "$lib/base.png" "$lib/good.jpg" && convert "$lib/base.png" "$WORK/a.gif" \
        && convert "$lib/base.png" BMP3:"$WORK/a.bmp" && convert "$lib/base.png" -compress lzw "$WORK/a.tif" \
        && convert "$lib/base.png" -set comment hello "$WORK/c.png" || return 1
    head -c 3000 "$WORK/a.gif" >"$lib/truncated.gif"
    head -c 50000 "$WORK/a.bmp" >"$lib/truncated.bmp"
    head -c 20000 "$lib/base.png" >"$lib/truncated.png"
    python3 - "$WORK" "$lib" <<'PY' || return 1
import sys
work, lib = sys.argv[1], sys.argv[2]
tif = bytearray(open(work + "/a.tif", "rb").read()); tif[3000:3400] = bytes(400)
open(lib + "/damaged.tif", "wb").write(tif)
jpg = bytearray(open(lib + "/good.jpg", "rb").read())
for k in range(2000, len(jpg) - 100, 997): jpg[k] ^= 0x55
open(lib + "/damaged.jpg", "wb").write(jpg)
png = bytearray(open(work + "/c.png", "rb").read()); i = png.find(b"tEXt"); png[i + 6] ^= 1
open(lib + "/badcrc.png", "wb").write(png)
PY
    "$BIN" build "$lib" --output "$WORK/noisy-site" >"$WORK/noisy.out" 2>"$WORK/noisy.err" || { cat "$WORK/noisy.err"; return 1; }
    grep -q '^Built ' "$WORK/noisy.out" || return 1
    [ -s "$WORK/noisy.err" ] || return 1
    if grep -v -E '^warning: [^ ]+\.(png|gif|bmp|tif|jpg): ' "$WORK/noisy.err"; then return 1; fi
    # One line per photo at most.
    [ "$(cut -d: -f2 "$WORK/noisy.err" | sort | uniq -d | wc -l)" -eq 0 ]
}

# Templates are looked for beside an installed binary and in its source tree, never in
# folders above it: a Templates/ planted there is not used.
planted_templates_are_not_used() {
    mkdir -p "$WORK/plant/a/b/bin" "$WORK/plant/Templates" || return 1
    cp "$BIN" "$WORK/plant/a/b/bin/proofsheet" && cp -r Templates/. "$WORK/plant/Templates/" || return 1
    echo '<!-- planted -->' >>"$WORK/plant/Templates/index.html"
    (cd "$WORK/plant/a/b" && ./bin/proofsheet demo --quiet --output "$WORK/plant/Site") || return 1
    ! grep -q 'planted' "$WORK/plant/Site/index.html"
}

# A file name with escape sequences and a newline reaches the terminal escaped.
hostile_names_are_escaped() {
    "$BIN" demo --quiet --output "$WORK/hostile/Site" >/dev/null || return 1
    printf 'not a photo' >"$WORK/hostile/demo-library/evil"$'\e]0;pwned\a\e[2J\nwarning: fine'".jpg"
    "$BIN" build "$WORK/hostile/demo-library" --output "$WORK/hostile/Site" >"$WORK/hostile.out" 2>"$WORK/hostile.err" || return 1
    cat "$WORK/hostile.err"
    [ "$(wc -l <"$WORK/hostile.err")" -eq 1 ] || return 1
    grep -q 'evil\\x1b\]0;pwned\\x07\\x1b\[2J\\nwarning: fine.jpg: named like a JPEG' "$WORK/hostile.err" || return 1
    ! LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' "$WORK/hostile.err" "$WORK/hostile.out"
}

# A page file damaged on disk (a USB stick, a sync tool) is written again by the next
# build, said in one warning line naming it; the site is then as a fresh build makes it.
damaged_page_file_is_written_again() {
    "$BIN" demo --quiet --output "$WORK/repair/Site" >/dev/null || return 1
    local page
    page=$(cd "$WORK/repair/Site" && ls albums/*.html | head -1)
    cp "$WORK/repair/Site/$page" "$WORK/page.html"
    head -c 100 "$WORK/page.html" >"$WORK/repair/Site/$page"
    "$BIN" build "$WORK/repair/demo-library" --output "$WORK/repair/Site" >"$WORK/repair.out" 2>"$WORK/repair.err" || return 1
    cat "$WORK/repair.err"
    [ "$(wc -l <"$WORK/repair.err")" -eq 1 ] || return 1
    grep -qx "warning: $WORK/repair/Site/$page: damaged; written again" "$WORK/repair.err" || return 1
    cmp "$WORK/page.html" "$WORK/repair/Site/$page" || return 1
    "$BIN" build "$WORK/repair/demo-library" --output "$WORK/repair/Site" 2>"$WORK/repair2.err" >/dev/null || return 1
    [ ! -s "$WORK/repair2.err" ]
}

# A folder named like collect's staging folder, planted beside the output by someone who
# can write there (new/ a symlink into the library, a journal naming its photos): the next
# collect says so in one line and leaves it, and the library, exactly as they were.
planted_staging_folder_is_left_alone() {
    "$BIN" demo --quiet --output "$WORK/plant/Site" >/dev/null || return 1
    local library="$WORK/plant/demo-library" evil="$WORK/plant/.Picks.collect-EVIL01"
    printf '# gallery: %s\nBeach Day/IMG_0101.jpg\n' "$(sed -n 's/.*"gallery" *: *"\([0-9a-f]*\)".*/\1/p' "$WORK/plant/Site/manifest.json" | head -1)" >"$WORK/plant/order.txt"
    "$BIN" collect "$WORK/plant/order.txt" -l "$library" -o "$WORK/plant/Picks" >/dev/null || return 1
    mkdir -m 700 "$evil" && ln -s "$library/Beach Day" "$evil/new" || return 1
    printf '{"format":"proofsheet-collect-journal","version":1,"output":"Picks","aside":[],"add":["IMG_0102.jpg"]}' >"$evil/journal.json"
    (cd "$library" && find . -type f -exec md5sum {} + | sort) >"$WORK/plant.before"
    "$BIN" collect "$WORK/plant/order.txt" -l "$library" -o "$WORK/plant/Picks" >/dev/null 2>"$WORK/plant.err" || { cat "$WORK/plant.err"; return 1; }
    cat "$WORK/plant.err"
    [ "$(wc -l <"$WORK/plant.err")" -eq 1 ] && grep -q "^warning: $evil: .*; not recovered and left alone" "$WORK/plant.err" || return 1
    (cd "$library" && find . -type f -exec md5sum {} + | sort) | cmp - "$WORK/plant.before" || return 1
    [ -L "$evil/new" ] && [ -f "$evil/journal.json" ] && [ ! -e "$WORK/plant/Picks/IMG_0102.jpg" ]
}

# collect's lock file a symlink: refused in one line, exit 2, nothing made where it points.
collect_lock_symlink_is_refused() {
    "$BIN" demo --quiet --output "$WORK/lock/Site" >/dev/null || return 1
    printf 'Beach Day/IMG_0101.jpg\n' >"$WORK/lock/order.txt"
    ln -s "$WORK/lock/planted" "$WORK/lock/.Picks.collect.lock"
    "$BIN" collect "$WORK/lock/order.txt" -l "$WORK/lock/demo-library" -o "$WORK/lock/Picks" >/dev/null 2>"$WORK/lock.err"
    [ $? -eq 2 ] || return 1
    cat "$WORK/lock.err"
    [ "$(head -1 "$WORK/lock.err")" = "error: $WORK/lock/.Picks.collect.lock: is a symlink, not collect's lock file; remove it and run again" ] &&
        [ ! -e "$WORK/lock/planted" ] && [ ! -e "$WORK/lock/Picks" ]
}

# merge -o X --table X: refused in one line, exit 2, nothing written.
merge_table_over_output_is_refused() {
    mkdir -p "$WORK/merge" && printf 'a.jpg\n' >"$WORK/merge/a.txt" && printf 'b.jpg\n' >"$WORK/merge/b.txt"
    "$BIN" merge "$WORK/merge/a.txt" "$WORK/merge/b.txt" -o "$WORK/merge/m.txt" --table "$WORK/merge/m.txt" >/dev/null 2>"$WORK/merge.err"
    [ $? -eq 2 ] || return 1
    cat "$WORK/merge.err"
    [ "$(head -1 "$WORK/merge.err")" = "error: $WORK/merge/m.txt: is the same file as --output $WORK/merge/m.txt; the table needs a file of its own" ] &&
        [ ! -e "$WORK/merge/m.txt" ]
}

# A site folder that is a symlink to a user's folder is refused in one line; nothing in
# that folder is written or deleted.
symlinked_site_folder_is_refused() {
    "$BIN" demo --quiet --output "$WORK/link/Site" >/dev/null || return 1
    mkdir -p "$WORK/link/Documents" && echo "my notes" >"$WORK/link/Documents/notes.txt"
    rm -rf "$WORK/link/Site/previews" && ln -s "$WORK/link/Documents" "$WORK/link/Site/previews"
    "$BIN" build "$WORK/link/demo-library" --output "$WORK/link/Site" >/dev/null 2>"$WORK/link.err"
    [ $? -eq 2 ] || return 1
    cat "$WORK/link.err"
    [ "$(wc -l <"$WORK/link.err")" -eq 1 ] || return 1
    grep -q "^error: $WORK/link/Site/previews: is a symlink; a site's own folders and files must be real ones" "$WORK/link.err" || return 1
    [ "$(ls "$WORK/link/Documents")" = "notes.txt" ]
}

# A setting stored in manifest.json that its option would refuse is one line naming the
# field and the file; giving the option sets it anew.
hostile_stored_setting_is_one_line() {
    "$BIN" demo --quiet --output "$WORK/stored/Site" >/dev/null || return 1
    sed -i 's/"thumbSize":[0-9]*/"thumbSize":9223372036854775807/' "$WORK/stored/Site/manifest.json"
    "$BIN" build "$WORK/stored/demo-library" --output "$WORK/stored/Site" >/dev/null 2>"$WORK/stored.err"
    [ $? -eq 2 ] || return 1
    cat "$WORK/stored.err"
    grep -qx "error: $WORK/stored/Site/manifest.json: its setting \"thumbSize\" needs a whole number from 32 to 4096, not 9223372036854775807; give --thumb-size to set it anew, or fix the file" "$WORK/stored.err" || return 1
    "$BIN" build "$WORK/stored/demo-library" --output "$WORK/stored/Site" --thumb-size 400 >/dev/null
}

# --watermark-font: a FIFO is refused without waiting for a writer (the test's timeout bounds
# the hang it was); a relative path is resolved where it is given, so a rebuild from
# another folder finds it, and no path of it reaches the published manifest.
watermark_font_is_a_file_resolved_once() {
    "$BIN" demo --quiet --output "$WORK/font/Site" >/dev/null || return 1
    mkdir -p "$WORK/font/fonts" && cp /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf "$WORK/font/fonts/Brand.ttf"
    mkfifo "$WORK/font/fonts/pipe.ttf"
    (cd "$WORK/font" && timeout 60 "$BIN" build demo-library --output Site --watermark PROOF --watermark-font fonts/pipe.ttf) \
        >/dev/null 2>"$WORK/font.err"
    [ $? -eq 2 ] || return 1
    grep -qx "error: $WORK/font/fonts/pipe.ttf: the watermark font is not a regular file (a FIFO)" "$WORK/font.err" || return 1
    (cd "$WORK/font" && "$BIN" build demo-library --output Site --watermark PROOF --watermark-font fonts/Brand.ttf -q) || return 1
    (cd / && "$BIN" build "$WORK/font/demo-library" --output "$WORK/font/Site" -q) >"$WORK/font.out" 2>&1 || return 1
    grep -q "(0 skipped, 0 failed, 24 unchanged)" "$WORK/font.out" || { cat "$WORK/font.out"; return 1; }
    ! grep -q "Brand\|$WORK" "$WORK/font/Site/manifest.json" "$WORK/font/Site/index.html"
}

# mark as a user runs it: the demo's photos marked from a version 2 order, read back with
# exiftool; a second run changes nothing; --undo leaves the library as it was.
mark_round_trip() {
    "$BIN" demo --quiet --output "$WORK/mark/Site" >/dev/null || return 1
    local library="$WORK/mark/demo-library"
    (cd "$library" && find . -type f -exec md5sum {} + | sort) >"$WORK/mark.before"
    printf '{"format":"proofsheet-order","version":2,"picks":[],"marks":[{"path":"Beach Day/IMG_0101.jpg","rating":4,"label":"red"},{"path":"Beach Day/IMG_0102.jpg","rejected":true}]}' >"$WORK/mark/order.json"
    "$BIN" mark "$WORK/mark/order.json" --library "$library" >"$WORK/mark.out" || { cat "$WORK/mark.out"; return 1; }
    [ "$(exiftool -s3 -XMP-xmp:Rating -XMP-xmp:Label "$library/Beach Day/IMG_0101.xmp" | tr '\n' ' ')" = "4 Red " ] || return 1
    [ "$(exiftool -s3 -XMP-xmp:Rating "$library/Beach Day/IMG_0102.xmp")" = "-1" ] || return 1
    "$BIN" mark "$WORK/mark/order.json" --library "$library" | grep -q '^nothing to do: ' || return 1
    "$BIN" mark "$WORK/mark/order.json" --library "$library" --undo >/dev/null || return 1
    (cd "$library" && find . -type f -exec md5sum {} + | sort) | cmp - "$WORK/mark.before"
}

check "installed binary finds its templates from any directory" installed_binary_finds_its_templates
check "templates planted above the binary are not used" planted_templates_are_not_used
check "hostile file names are printed escaped" hostile_names_are_escaped
check "progress line only on a terminal" progress_line_only_on_a_terminal
check "bad input is one line and exit status 2" bad_input_is_one_line_and_status_2
check "usage error is exit status 64" usage_error_is_status_64
check "library messages stay in the photos' warning lines" library_messages_stay_in_warning_lines
check "make run ends with commands that work as printed" make_run_ends_with_commands_that_work
check "a damaged page file is written again, said in one line" damaged_page_file_is_written_again
check "a planted staging folder is left alone, said in one line" planted_staging_folder_is_left_alone
check "collect's lock file a symlink is refused" collect_lock_symlink_is_refused
check "merge -o X --table X is refused" merge_table_over_output_is_refused
check "a symlinked site folder is refused in one line, nothing deleted" symlinked_site_folder_is_refused
check "a hostile stored setting is one line naming the field and the file" hostile_stored_setting_is_one_line
check "the watermark font is a regular file, resolved once, not published" watermark_font_is_a_file_resolved_once
check "mark writes the marks into sidecars, changes nothing twice, --undo restores" mark_round_trip
# shellcheck source=Tests/cli/shard.sh
. Tests/cli/shard.sh

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
