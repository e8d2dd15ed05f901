#!/usr/bin/env bash
# match_contain.sh -- `boyi match` keeps outside engines contained (issue 31, section 1):
# an engine sees only its stdin, stdout and stderr, so it cannot write into the
# runner's files; it runs in its own process group, ended with it, at the end of the
# match and when the runner is stopped by SIGTERM; an engine that closes its stdout or
# exits leaving a child is a crash, at once; what it says reaches the files escaped
# (valid UTF-8, valid JSON, records that validate); and --log files are capped.
# The engines are the reproducers of ../shared/findings/2026-12/ and
# tests/fake_engines/orphan_uci.sh (whose child carries a marker for pgrep).
source "$(dirname "$0")/lib.bash"
FIND="$SHARED/findings/2026-12"
FAKE="$SRC/tests/fake_engines"
MARK="0.$$$RANDOM"   # this run's children: `sleep 300 $MARK`

# match NAME CMD [ARGS...]: a UCI engine against boyi at depth 1, two games, into $TMP/m.
match() {
    local name=$1 cmd=$2
    shift 2
    rm -rf "$TMP/m" "$TMP/log"
    run env BOYI="$BOYI" "$BOYI" match --game xiangqi --engine "name=$name cmd=$cmd proto=uci margin=3000" \
        --engine depth=1 --games 2 --movetime 50 --out "$TMP/m" --log "$TMP/log" "$@"
}
reasons() { cut -f3 "$TMP/m/journal.tsv" 2>/dev/null; }
expect_reasons() {
    local want=$1 what=$2 got
    got=$(reasons)
    if [ "$(printf '%s\n' "$got" | grep -Ec -- "$want")" -eq 2 ]; then ok; else bad "$what: journal reasons [$got] should match /$want/ twice"; fi
}
# outputs_valid WHAT: records validate (and standings and report read them), stats.json
# is JSON, boyi stats reads the folder.
outputs_valid() {
    local what=$1 out=$OUT err=$ERR rc=$RC
    run "$BOYI" validate "$TMP/m/games.pgn"
    expect_rc 0 "$what: the records validate"
    expect_out "summary: 1 files, 2 games, [0-9]+ moves, 2 ok" "$what: both games in the records"
    run "$BOYI" standings "$TMP/m/games.pgn"
    expect_rc 0 "$what: standings read the records"
    run "$BOYI" report "$TMP/m/games.pgn" -o "$TMP/report.html"
    expect_rc 0 "$what: report reads the records"
    run "$BOYI" stats "$TMP/m"
    expect_rc 0 "$what: boyi stats reads the folder"
    if command -v python3 >/dev/null; then
        if python3 -c 'import json,sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$TMP/m/stats.json" 2>/dev/null; then ok
        else bad "$what: stats.json is not JSON in UTF-8"; fi
    fi
    # every file the runner wrote is UTF-8 (iconv refuses anything else)
    for f in "$TMP/m/journal.tsv" "$TMP/m/games.pgn" "$TMP/log/"*; do
        if iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1; then ok; else bad "$what: $f is not UTF-8"; fi
    done
    OUT=$out ERR=$err RC=$rc
}
# gone MARK WHAT: no `sleep 300 MARK` is left (a moment allowed for it to die).
gone() {
    for _ in $(seq 50); do pgrep -f "sleep 300 $1" >/dev/null || break; sleep 0.1; done
    if ! pgrep -f "sleep 300 $1" >/dev/null; then ok; else bad "$2: the engine's child outlived it"; pkill -f "sleep 300 $1"; fi
}

# 1. The spy writes into every descriptor from 3 to 20 and lists its own: it holds
#    only 0, 1 and 2 (and 255, where bash keeps the script itself), and nothing of it
#    reaches the journal, the records, the training data or the traffic log.
if [ -x "$FIND/spy_engine.sh" ]; then
    match spy "$FIND/spy_engine.sh"
    expect_rc 0 "spy: the match ends"
    fds=$(grep -Eo ' [0-9]+ -> ' "$TMP/log/spy.stderr" | awk '{print $1}' | sort -n | uniq | tr '\n' ' ')
    case "$fds" in
    "0 1 2 255 "|"0 1 2 ") ok ;;
    *) bad "spy: the engine holds descriptors [$fds], not only 0 1 2" ;;
    esac
    if ! grep -l HACKED "$TMP/m/"* "$TMP/log/spy.log" 2>/dev/null; then ok; else bad "spy: its text is in the runner's files"; fi
    if ! reasons | grep -Eq '^(crash|timeout|illegal|garbage)'; then ok; else bad "spy: a fault [$(reasons)]"; fi
    outputs_valid spy
else
    echo "note: $FIND/spy_engine.sh missing: the spy test is skipped"
fi

# 2. An engine that closes its stdout at `go` and lives on: a crash at once, not a
#    timeout after its margin.
if [ -x "$FIND/closeout_engine.sh" ]; then
    match closeout "$FIND/closeout_engine.sh"
    expect_rc 0 "closeout: the match ends"
    expect_reasons "^crash: the engine closed its output while waiting for move" "closeout"
    outputs_valid closeout
fi

# An engine that exits 3 leaving a child: a crash with its status, and the child ended.
match orphan "$FAKE/orphan_uci.sh args='exit $MARK'"
expect_rc 0 "forkexit: the match ends"
expect_reasons "^crash: the engine ended with exit status 3 while waiting for move" "forkexit"
gone "$MARK" "forkexit"
outputs_valid forkexit

# An engine that keeps a child while the runner is stopped by SIGTERM: the engine's
# group ends with the runner.
rm -rf "$TMP/m" "$TMP/log"
"$BOYI" match --game xiangqi --engine "name=stay cmd=$FAKE/orphan_uci.sh args='stay $MARK' proto=uci" \
    --engine depth=1 --games 2 --movetime 600000 --out "$TMP/m" >/dev/null 2>&1 &
runner=$!
for _ in $(seq 100); do pgrep -f "sleep 300 $MARK" >/dev/null && break; sleep 0.1; done
if pgrep -f "sleep 300 $MARK" >/dev/null; then ok; else bad "SIGTERM: the engine's child never started"; fi
kill -TERM "$runner"
wait "$runner"
RC=$?
if [ "$RC" -eq 143 ]; then ok; else bad "SIGTERM: the runner should die of the signal (exit $RC)"; fi
gone "$MARK" "SIGTERM of the runner"
if ! pgrep -f "orphan_uci.sh stay $MARK" >/dev/null; then ok; else bad "SIGTERM: the engine outlived the runner"; pkill -f "orphan_uci.sh stay $MARK"; fi

# 3. A move in bytes that are not UTF-8: the reason is escaped, every file stays valid.
if [ -x "$FIND/binary_engine.sh" ]; then
    match binary "$FIND/binary_engine.sh"
    expect_rc 0 "binary: the match ends"
    expect_reasons "^illegal move: '<ff><fe>' \\(bestmove <ff><fe>\\)" "binary"
    outputs_valid binary
    if grep -q 'bestmove \\xff\\xfe' "$TMP/log/binary.log"; then ok; else bad "binary: the traffic log should show the bytes escaped"; fi
fi

# Quotes and backslashes in an answer reach a PDN tag escaped: the records validate.
rm -rf "$TMP/m"
run "$BOYI" match --game draughts --engine "name=quote cmd=$FAKE/quote_hub.sh proto=hub" --engine depth=1 \
    --games 2 --movetime 50 --out "$TMP/m"
expect_reasons "^garbage: 'done move=\"1.2\"x'" "quote"
run "$BOYI" validate "$TMP/m/games.pdn"
expect_rc 0 "quote: the records validate"
expect_out "summary: 1 files, 2 games, [0-9]+ moves, 2 ok" "quote: both games in the records"

# 4. An engine that floods info lines: the traffic log stops at --log-max, says so and
#    counts what it dropped.
if [ -x "$FIND/infoflood_engine.sh" ]; then
    rm -rf "$TMP/m" "$TMP/log"
    run "$BOYI" match --game xiangqi --engine "name=flood cmd=$FIND/infoflood_engine.sh proto=uci margin=300" \
        --engine depth=1 --games 2 --movetime 50 --out "$TMP/m" --log "$TMP/log" --log-max 64K
    expect_rc 0 "infoflood: the match ends"
    size=$(stat -c %s "$TMP/log/flood.log")
    if [ "$size" -ge 65536 ] && [ "$size" -lt 70000 ]; then ok; else bad "infoflood: the log is $size bytes, not about 64K"; fi
    if grep -q '^# boyi: this file reached its cap of 65536 bytes' "$TMP/log/flood.log" &&
       grep -Eq '^# boyi: [0-9]+ bytes dropped past the cap of 65536 bytes' "$TMP/log/flood.log"; then ok
    else bad "infoflood: no line says what was dropped"; fi
    run "$BOYI" match --game xiangqi --engine "name=x cmd=true proto=uci" --engine depth=1 --games 2 \
        --out "$TMP/bad" --log "$TMP/log" --log-max 12parsecs
    expect_rc 2 "--log-max: a bad size"
    expect_err "--log-max takes a size" "--log-max: the message"
fi
finish
