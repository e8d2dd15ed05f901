#!/usr/bin/env bash
# batch_interrupt.sh -- a match or self-play batch stopped by SIGTERM or SIGINT (issue
# 37, item 7): the first signal starts no new game, abandons the games in progress
# (not counted, not journaled: --resume plays them again), writes every output
# (records, stats.json, log.txt) and exits 128+signal; a second signal ends at once.
# Then `boyi stats` reads the folder, the records validate, and --resume finishes it.
source "$(dirname "$0")/lib.bash"
FAKE="$SRC/tests/fake_engines"

# interrupted DIR SIG WHAT CMD...: start CMD, wait for its first journal line, send SIG,
# and wait for it to end (RC its exit).
interrupted() {
    local dir=$1 sig=$2 what=$3
    shift 3
    "$@" >"$TMP/out" 2>"$TMP/err" &
    local pid=$!
    for _ in $(seq 600); do [ -s "$dir/journal.tsv" ] && break; sleep 0.05; done
    kill -"$sig" "$pid"
    wait "$pid"
    RC=$?
    OUT=$(cat "$TMP/out") ERR=$(cat "$TMP/err")
}
# outputs_valid DIR EXT WHAT: the outputs of an interrupted batch are whole.
outputs_valid() {
    local dir=$1 ext=$2 what=$3
    if [ -s "$dir/log.txt" ] && grep -q "interrupted by" "$dir/log.txt"; then ok; else bad "$what: log.txt says the run was interrupted"; fi
    if python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$dir/stats.json" 2>/dev/null; then ok
    else bad "$what: stats.json parses"; fi
    local rc=$RC out=$OUT err=$ERR
    if [ -s "$dir/journal.tsv" ]; then   # (with no finished game, stats says so: exit 2)
        run "$BOYI" stats "$dir"
        expect_rc 0 "$what: boyi stats reads the folder"
    fi
    if [ -s "$dir/games.$ext" ]; then
        run "$BOYI" validate "$dir/games.$ext"
        expect_rc 0 "$what: the records validate"
    fi
    RC=$rc OUT=$out ERR=$err
    if ls "$dir"/*.tmp* >/dev/null 2>&1; then bad "$what: temporary files left: $(ls "$dir")"; else ok; fi
}
games_in() { grep -c . "$1/journal.tsv"; }

# 1. A match against an outside UCI engine (boyi's own behind a relay), SIGTERM.
M="$TMP/m"
ENG="name=relay cmd=$FAKE/uci.sh args='$BOYI xiangqi none 0' proto=uci"
interrupted "$M" TERM "match, SIGTERM" "$BOYI" match --game xiangqi --engine "$ENG" --engine depth=1 \
    --games 16 -j 2 --movetime 30 --out "$M"
expect_rc 143 "match, SIGTERM: exit 143 after writing"
expect_err "abandoned|outputs written" "match, SIGTERM: says what it did"
outputs_valid "$M" pgn "match, SIGTERM"
n=$(games_in "$M")
if [ "$n" -ge 1 ] && [ "$n" -lt 16 ]; then ok; else bad "match, SIGTERM: $n games journaled (1..15 expected)"; fi
run "$BOYI" match --game xiangqi --engine "$ENG" --engine depth=1 --games 16 -j 2 --movetime 30 --resume "$M"
expect_rc 0 "match: --resume finishes the interrupted batch"
n=$(games_in "$M")
if [ "$n" -eq 16 ]; then ok; else bad "match, --resume: $n games journaled (16 expected)"; fi
run "$BOYI" validate "$M/games.pgn"
expect_out " 16 games"  "match, --resume: all 16 games in the records"

# 2. Self-play with boyi's own players, SIGINT (as Ctrl-C sends it).
S="$TMP/s"
interrupted "$S" INT "selfplay, SIGINT" "$BOYI" selfplay --game gomoku --games 40 -j 2 --movetime 15 --out "$S"
expect_rc 130 "selfplay, SIGINT: exit 130 after writing"
outputs_valid "$S" txt "selfplay, SIGINT"
run "$BOYI" selfplay --game gomoku --games 40 -j 2 --movetime 15 --resume "$S"
expect_rc 0 "selfplay: --resume finishes the interrupted batch"
n=$(games_in "$S")
if [ "$n" -eq 40 ]; then ok; else bad "selfplay, --resume: $n games journaled (40 expected)"; fi

# 3. The first signal cuts short the wait for an engine's move: this one hangs at its
#    third `go` (for up to its margin, 60 s); the runner still ends within seconds,
#    the game abandoned, not counted as the engine's loss.
H="$TMP/h"
HANG="name=hang cmd=$FAKE/uci.sh args='$BOYI xiangqi hang 3' proto=uci margin=60000"
"$BOYI" match --game xiangqi --engine "$HANG" --engine depth=1 --games 2 --movetime 30 --out "$H" \
    >"$TMP/out" 2>"$TMP/err" &
pid=$!
sleep 2
t0=$SECONDS
kill -TERM "$pid"
wait "$pid"
RC=$?
OUT=$(cat "$TMP/out") ERR=$(cat "$TMP/err")
if [ $((SECONDS - t0)) -lt 20 ]; then ok; else bad "hanging engine: the stop took $((SECONDS - t0)) s"; fi
expect_rc 143 "hanging engine: exit 143"
expect_err "game 0 abandoned" "hanging engine: the game in progress is abandoned"
if [ ! -s "$H/journal.tsv" ]; then ok; else bad "hanging engine: the abandoned game was journaled: $(cat "$H/journal.tsv")"; fi
outputs_valid "$H" pgn "hanging engine"

# 4. A second signal ends at once: boyi's own player thinks 60 s a move and finishes
#    its move after the first signal; the second does not wait for it.
L="$TMP/l"
"$BOYI" selfplay --game xiangqi --games 2 --movetime 60000 --out "$L" >"$TMP/out" 2>"$TMP/err" &
pid=$!
sleep 1.5
kill -TERM "$pid"
sleep 1
if kill -0 "$pid" 2>/dev/null; then ok; else bad "second signal: the first one alone should wait for the move in progress"; fi
t0=$SECONDS
kill -TERM "$pid"
wait "$pid"
RC=$?
if [ $((SECONDS - t0)) -lt 20 ]; then ok; else bad "second signal: took $((SECONDS - t0)) s to end"; fi
if [ "$RC" -eq 143 ]; then ok; else bad "second signal: exit $RC (143 expected)"; fi
finish
