# gomoku_bench.sh -- `boyi bench --game gomoku fouls`: microseconds per full-board foul
# scan over positions of its own, engine self-play games, and files given to it.
# (Named *_bench so that the sanitizer run skips it: timings mean nothing there.)
source "$(dirname "$0")/lib.bash"

run "$BOYI" bench --game gomoku fouls "$SHARED/corpus/renju/forbidden-cases.txt" "$SRC/data/gomoku/game.psq"
no_crash "bench"
expect_rc 0 "bench runs"
expect_out '^fouls: [0-9]+ positions \([0-9]+ embedded, [1-9][0-9]* from 4 self-play games, [1-9][0-9]* from files\)' "positions of every source"
expect_out '^fouls: [0-9]+\.[0-9]+ us per full-board scan$' "the figure"
echo "$OUT"

run "$BOYI" bench --game gomoku fouls "$TMP/missing.txt"
expect_rc 2 "missing file"
expect_err "missing.txt: error: cannot open" "missing file named"

finish
