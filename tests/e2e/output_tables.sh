#!/usr/bin/env bash
# output_tables.sh -- the solvers' tables and the referee's records are written whole
# or not at all (cli/outfile.h, docs/robustness.md): yizi's `solve --table FILE` and
# Junqi's `bench match -o FILE` under a size limit (`ulimit -f`, the stand-in for a
# full disk), into a folder that does not exist or cannot be written, and Junqi's
# under Ctrl-C.  Each: exit 2 (130 for the signal), the reason named, no partial and
# no temporary file, an existing file untouched.
source "$(dirname "$0")/lib.bash"
BOYI=$(realpath "$BOYI")
cd "$TMP"

# nothing_left NAME DESCRIPTION: neither NAME nor a temporary NAME.tmp* exists.
nothing_left() { if ls "$1" "$1".tmp* >/dev/null 2>&1; then bad "$2: left $(ls "$1"*)"; else ok; fi; }

# --- yizi's table (rule 3: 277134 positions, several MB) ------------------------------
( ulimit -f 64; exec "$BOYI" solve --game yizi --rules 3 --table table.txt ) >out 2>err
RC=$?; OUT=$(cat out); ERR=$(cat err)
expect_rc 2 "yizi --table over a 64 KB size limit"
expect_err 'table.txt: error: .*the file size limit was reached' "the reason is named"
nothing_left table.txt "yizi --table over the limit"
echo before > old.txt
( ulimit -f 64; exec "$BOYI" solve --game yizi --rules 3 --table old.txt ) >out 2>err
RC=$?; OUT=$(cat out); ERR=$(cat err)
expect_rc 2 "yizi --table over an existing file"
if [ "$(cat old.txt)" = before ] && ! ls old.txt.tmp* >/dev/null 2>&1; then ok; else bad "the old table was changed"; fi
run "$BOYI" solve --game yizi --rules 3 --table no-such-dir/table.txt
expect_rc 2 "yizi --table into a folder that does not exist"
expect_err 'no-such-dir/table.txt: error: cannot write the table' "the folder's fault is named"
if [ "$(id -u)" != 0 ]; then   # root writes into a read-only folder anyway
    mkdir ro && chmod a-w ro
    run "$BOYI" solve --game yizi --rules 3 --table ro/table.txt
    expect_rc 2 "yizi --table into a read-only folder"
    nothing_left ro/table.txt "yizi --table into a read-only folder"
fi
# without a limit: the whole table, in place (its content is yizi.sh's)
run "$BOYI" solve --game yizi --rules 3 --table whole.txt
expect_rc 0 "yizi --table without a limit"
if [ "$(wc -l < whole.txt)" -eq 277136 ] && ! ls whole.txt.tmp* >/dev/null 2>&1; then ok
else bad "the whole table (277134 positions + 2 lines) in place, no temporary"; fi

# --- Junqi's referee records -------------------------------------------------------------
( ulimit -f 1; exec "$BOYI" bench --game junqi match --a rules --b random --games 6 --seed 3 -o match.txt ) >out 2>err
RC=$?; OUT=$(cat out); ERR=$(cat err)
expect_rc 2 "junqi bench -o over a 1 KB size limit"
expect_err 'match.txt: error: .*the file size limit was reached' "the reason is named"
nothing_left match.txt "junqi -o over the limit"
run "$BOYI" bench --game junqi match --a rules --b random --games 2 --seed 3 -o no-such-dir/match.txt
expect_rc 2 "junqi -o into a folder that does not exist"
expect_err 'no-such-dir/match.txt: error: cannot write the records' "the folder's fault is named"
run "$BOYI" bench --game junqi match --a rules --b random --games 2 --seed 3 -o match.txt
expect_rc 0 "junqi -o without a limit"
run "$BOYI" validate match.txt
expect_out 'summary: 1 files, 2 games, .* 2 ok, 0 invalid' "the records are whole and valid"
# Ctrl-C in a long match: killed by the signal within a second, no file, no temporary
"$BOYI" bench --game junqi match --a "engine samples=8 depth=2" --b rules --games 5000 --seed 3 -o long.txt \
    >/dev/null 2>&1 &
pid=$!
sleep 1
t0=$(date +%s%N)
kill -INT $pid
wait $pid
RC=$?
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
if [ "$RC" -eq 130 ]; then ok; else bad "junqi bench after SIGINT: exit $RC, not 130"; fi
if [ "$ms" -lt 1000 ]; then ok; else bad "junqi bench took $ms ms to stop after SIGINT"; fi
nothing_left long.txt "junqi -o after SIGINT"
finish
