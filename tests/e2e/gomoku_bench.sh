# gomoku_bench.sh -- `boyi bench --game gomoku fouls`: microseconds per full-board foul
# scan over positions of its own, engine self-play games, and files given to it; and
# `bench --game gomoku search`: the engine's nodes per second on the 26 canonical
# openings (a node limit each: the node count is exact).
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

run "$BOYI" bench --game gomoku search --nodes 3000
no_crash "bench search"
expect_rc 0 "bench search runs"
expect_out '^search: 26 canonical openings, white to move, [0-9]+ nodes, mean depth [0-9.]+$' "the openings and nodes"
expect_out 'CPU time \([0-9]+ nodes per second\)$' "nodes per second"
echo "$OUT"

run "$BOYI" bench --game gomoku search --nodes 3000 --json
expect_rc 0 "bench search --json"
expect_out '"bench":"search","positions":26,"nodes":78[0-9]{3}' "26 positions, about 3000 nodes each"

finish
