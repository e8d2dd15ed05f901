#!/usr/bin/env bash
# output_faults.sh -- output that never lies (docs/robustness.md): a file boyi writes
# appears whole or not at all.  A size limit (`ulimit -f`, the portable stand-in for a
# full disk), a closed pipe and Ctrl-C each give a clear error or a clean stop, exit 2
# for write errors, and leave what was there before untouched, with no temporary file.
source "$(dirname "$0")/lib.bash"
BOYI=$(realpath "$BOYI") SRC=$(realpath "$SRC") SHARED=$(realpath "$SHARED")
PGN="$SHARED/corpus/xiangqi/xqdb_traditional.pgn"
cd "$TMP"

# convert -o over a 4 KB limit: exit 2, the reason, no file, no temporary left.
( ulimit -f 4; exec "$BOYI" convert "$PGN" --to iccs -o new.pgn ) >out 2>err
RC=$?; OUT=$(cat out); ERR=$(cat err)
expect_rc 2 "convert -o over the size limit"
expect_err 'new.pgn: error: not written: the file size limit was reached' "the reason is named"
if ls new.pgn* >/dev/null 2>&1; then bad "a partial or temporary file was left: $(ls new.pgn*)"; else ok; fi
# ... and an existing file is left as it was.
echo before > old.pgn
( ulimit -f 4; exec "$BOYI" convert "$PGN" --to iccs -o old.pgn ) >out 2>err
RC=$?
expect_rc 2 "convert -o over an existing file"
if [ "$(cat old.pgn)" = before ] && ! ls old.pgn.tmp* >/dev/null 2>&1; then ok; else bad "the old file was changed"; fi
# The same .gz output: nothing half-written either.
( ulimit -f 1; exec "$BOYI" convert "$PGN" --to iccs -o new.pgn.gz ) >out 2>err
RC=$?
expect_rc 2 "convert -o FILE.gz over the size limit"
if ls new.pgn.gz* >/dev/null 2>&1; then bad "a partial .gz was left"; else ok; fi
# Without the limit the same command writes the whole file, which validates.
run "$BOYI" convert "$PGN" --to iccs -o whole.pgn
if [ -s whole.pgn ] && ! ls whole.pgn.tmp* >/dev/null 2>&1; then ok; else bad "convert -o did not write whole.pgn"; fi

# annotate -o over the limit: exit 2, no file.
( ulimit -f 1; exec "$BOYI" annotate --depth 1 -o ann.pgn "$SRC/data/xiangqi/hu-ronghua-iccs.pgn" ) >out 2>err
RC=$?; ERR=$(cat err)
expect_rc 2 "annotate -o over the size limit"
if ls ann.pgn* >/dev/null 2>&1; then bad "annotate left a file"; else ok; fi

# A closed pipe: exit 2 and a message, not a silent death by SIGPIPE (an output far
# larger than a pipe's buffer).
for _ in 1 2 3 4 5 6 7 8; do cat "$PGN"; echo; done > big.pgn   # about 175 KB
BIG=big.pgn
"$BOYI" convert "$BIG" --to iccs 2>err | head -c 10 >/dev/null
RC=${PIPESTATUS[0]}; ERR=$(cat err)
expect_rc 2 "convert into a closed pipe"
expect_err 'standard output: (the reader closed the pipe|write failed)' "the closed pipe is named"
# validate writes a line a game: its output must outgrow the pipe's buffer (64 KB) and
# what head reads, or it may all be written before head closes the pipe (a race).
for _ in $(seq 25); do cat "$BIG"; done > bigger.pgn   # about 150 KB of verdict lines
"$BOYI" validate bigger.pgn 2>err | head -n 1 >/dev/null
RC=${PIPESTATUS[0]}; ERR=$(cat err)
expect_rc 2 "validate into a closed pipe"

# Ctrl-C during a long annotate -o: the process ends within a second of the signal,
# killed by it (as a shell expects), and leaves neither the file nor a temporary one.
"$BOYI" annotate --depth 30 -o slow.pgn "$SRC/data/xiangqi/hu-ronghua-iccs.pgn" 2>/dev/null &
pid=$!
sleep 1
t0=$(date +%s%N)
kill -INT $pid
wait $pid
RC=$?
t1=$(date +%s%N)
ms=$(( (t1 - t0) / 1000000 ))
if [ "$RC" -eq 130 ]; then ok; else bad "annotate after SIGINT: exit $RC, not 130 (killed by SIGINT)"; fi
if [ "$ms" -lt 1000 ]; then ok; else bad "annotate took $ms ms to stop after SIGINT"; fi
if ls slow.pgn* >/dev/null 2>&1; then bad "annotate left $(ls slow.pgn*) after SIGINT"; else ok; fi

# Ctrl-C during a self-play batch: what was finished stays, and --resume completes it
# to the uninterrupted run's records.
"$BOYI" selfplay --game draughts --games 12 --depth 2 --seed 9 --out ref >/dev/null 2>&1
"$BOYI" selfplay --game draughts --games 12 --depth 2 --seed 9 --out int >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 400); do [ "$(cat int/journal.tsv 2>/dev/null | wc -l)" -ge 3 ] && break; sleep 0.01; done
kill -INT $pid
wait $pid
run "$BOYI" selfplay --game draughts --games 12 --depth 2 --seed 9 --resume int
expect_rc 0 "resume after Ctrl-C"
if cmp -s ref/games.pdn int/games.pdn; then ok; else bad "records after Ctrl-C and --resume differ from the uninterrupted run's"; fi
finish
