# Sharded builds as a user runs them: the shares side by side with GNU parallel, the join,
# and what is refused. Sourced by Tests/cli/run.sh (BIN, WORK, check).

# The docs' recipe for one machine (docs/scale-out.md), run for real: the joined site is
# the one build makes, file for file.
shards_with_gnu_parallel_join_to_the_whole_site() {
    command -v parallel >/dev/null || { echo "GNU parallel is not installed (make deps-test)"; return 1; }
    local lib="$WORK/shard/demo-library" parts="$WORK/shard/parts"
    "$BIN" demo --quiet --output "$WORK/shard/Whole" >/dev/null || return 1
    seq 1 3 | parallel --halt now,fail=1 --line-buffer \
        "$BIN" build "$lib" --shard {}/3 --output "$parts/{}" --title "'proofsheet demo'" --limit 3 --quiet \
        >"$WORK/shard/out" || { cat "$WORK/shard/out"; return 1; }
    cat "$WORK/shard/out"
    [ "$(grep -c '^shard [123]/3: [0-9]* of 24 photos ([0-9]* rendered, 0 unchanged, 0 failed)' "$WORK/shard/out")" -eq 3 ] || return 1
    "$BIN" join "$parts"/{1,2,3} --output "$WORK/shard/Joined" || return 1
    diff -r "$WORK/shard/Whole" "$WORK/shard/Joined" || return 1
    # Each share built again: nothing to render; joined again: the same site.
    seq 1 3 | parallel "$BIN" build "$lib" --shard {}/3 --output "$parts/{}" --quiet >"$WORK/shard/again" || return 1
    [ "$(grep -c ' (0 rendered, ' "$WORK/shard/again")" -eq 3 ] || { cat "$WORK/shard/again"; return 1; }
    "$BIN" join "$parts"/{3,1,2} --output "$WORK/shard/Joined" >/dev/null && diff -r "$WORK/shard/Whole" "$WORK/shard/Joined"
}

bad_shard_and_missing_share_are_one_line() {
    local lib="$WORK/shard/demo-library" parts="$WORK/shard/parts"
    "$BIN" build "$lib" --shard 4/3 --output "$WORK/shard/bad" 2>"$WORK/err" >/dev/null
    [ $? -eq 64 ] && [ "$(head -1 "$WORK/err")" = "proofsheet: option '--shard' '4/3' has no share 4 of 3; K is from 1 to N" ] || { cat "$WORK/err"; return 1; }
    [ ! -e "$WORK/shard/bad" ] || return 1
    "$BIN" join "$parts/1" "$parts/3" --output "$WORK/shard/Half" 2>"$WORK/err" >/dev/null
    [ $? -eq 2 ] && [ "$(cat "$WORK/err")" = "error: shard 2/3: missing: no part given is that share (given: 1/3, 3/3)" ] || { cat "$WORK/err"; return 1; }
    [ ! -e "$WORK/shard/Half" ]
}

# A part is not a site: a plain build into it, or a join onto it, is one line, exit 2, and
# the part is as it was (its part.json would name a manifest no longer there).
a_part_is_not_built_or_joined_over() {
    local lib="$WORK/shard/demo-library" parts="$WORK/shard/parts"
    cp -a "$parts/2" "$WORK/shard/part-before" || return 1
    "$BIN" build "$lib" --output "$parts/2" 2>"$WORK/err" >/dev/null
    [ $? -eq 2 ] && [ "$(cat "$WORK/err")" = "error: $parts/2: is a part of a sharded build (shard 2/3), not a site; join the parts with proofsheet join, or build into another folder" ] || { cat "$WORK/err"; return 1; }
    "$BIN" join "$parts"/{1,2,3} --output "$parts/2" 2>"$WORK/err" >/dev/null
    [ $? -eq 2 ] && [ "$(cat "$WORK/err")" = "error: $parts/2: is a part of a sharded build (shard 2/3), not a site; join the parts into a folder of their own" ] || { cat "$WORK/err"; return 1; }
    "$BIN" build "$lib" --shard 1/3 --output "$WORK/shard/Joined" 2>"$WORK/err" >/dev/null
    [ $? -eq 2 ] && [ "$(cat "$WORK/err")" = "error: $WORK/shard/Joined: is a gallery site, not a part; give each shard a folder of its own" ] || { cat "$WORK/err"; return 1; }
    diff -r "$WORK/shard/part-before" "$parts/2" && diff -r "$WORK/shard/Whole" "$WORK/shard/Joined"
}

# A shard killed midway (every image made again at another quality) leaves its part as it
# was: the join of the parts is still the whole site.
killed_shard_leaves_its_part() {
    local lib="$WORK/shard/demo-library" part="$WORK/shard/parts/2" before
    before=$(ls "$part/previews")
    "$BIN" build "$lib" --shard 2/3 --output "$part" --quality 55 --jobs 1 --quiet >/dev/null 2>&1 &
    local pid=$! n=0
    while kill -0 "$pid" 2>/dev/null && [ "$(ls "$part/previews" | wc -l)" -le "$(echo "$before" | wc -l)" ] && [ $n -lt 3000 ]; do
        sleep 0.01
        n=$((n + 1))
    done
    kill -9 "$pid" 2>/dev/null || { echo "the shard finished before it could be killed"; return 1; }
    wait "$pid" 2>/dev/null
    rm -rf "$WORK/shard/Joined"
    "$BIN" join "$WORK/shard/parts"/{1,2,3} --output "$WORK/shard/Joined" >/dev/null || return 1
    diff -r "$WORK/shard/Whole" "$WORK/shard/Joined" || return 1
    # The next run of the shard finishes the job; the join now has the new quality.
    "$BIN" build "$lib" --shard 2/3 --output "$part" --quality 55 --quiet >/dev/null || return 1
    "$BIN" join "$WORK/shard/parts"/{1,2,3} --output "$WORK/shard/Joined" 2>"$WORK/err" >/dev/null
    [ $? -eq 2 ] && grep -q 'built with other options than .*(--quality 55, not 82)' "$WORK/err" || { cat "$WORK/err"; return 1; }
}

check "shards built side by side with GNU parallel join to the whole site, byte for byte" shards_with_gnu_parallel_join_to_the_whole_site
check "a bad --shard and a missing share are one line each, nothing written" bad_shard_and_missing_share_are_one_line
check "a part is not built or joined over, nor a shard written over a joined site: one line each" a_part_is_not_built_or_joined_over
check "a shard killed midway leaves its part; the join is still the whole site" killed_shard_leaves_its_part
