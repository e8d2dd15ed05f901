# limits_newuser.sh -- a search limit the game's engine would ignore is refused, one
# that cannot change an exact answer is warned of, and the limits that apply work
# (issue 37, item 8: `analyse --game nogo --depth 2` printed "depth 3 ... nodes 10000",
# the depth ignored in silence; Junqi ignored a time).
source "$(dirname "$0")/lib.bash"

# NoGo's MCTS has no depth: refused, naming what it takes; its node limit works.
run "$BOYI" analyse --game nogo --depth 2
expect_rc 2 "analyse --game nogo --depth 2 is refused"
expect_err "nogo's engine does not take depth.*nodes= counts playouts" "the refusal says what NoGo's engine takes"
run "$BOYI" analyse --game nogo --nodes 300
expect_rc 0 "analyse --game nogo --nodes 300"
expect_out "nodes 300 " "NoGo: nodes= is the number of playouts"
run "$BOYI" selfplay --game nogo --games 2 --depth 2 --out "$TMP/ng"
expect_rc 2 "selfplay --game nogo --depth 2 is refused"
[ -e "$TMP/ng/journal.tsv" ] && bad "no batch started with a refused limit" || ok
run "$BOYI" selfplay --game nogo --games 2 --nodes 50 --b depth=3 --out "$TMP/ng2"
expect_rc 2 "a NoGo player 'depth=3' is refused"
expect_err "player 'depth=3'" "the refusal names the player"
run "$BOYI" match --game nogo --engine nodes=50 --engine 'name=x depth=2' --games 2 --out "$TMP/ng3"
expect_rc 2 "match: a boyi NoGo player with depth= is refused"

# Pegs' solver takes a node bound only.
run "$BOYI" analyse --game pegs --movetime 100
expect_rc 2 "analyse --game pegs --movetime 100 is refused"
expect_err "pegs's engine does not take a time limit" "pegs: the time limit named"

# Yizi is solved exactly: a depth cannot change the answer, so it is warned of only.
run "$BOYI" analyse --game yizi --rules 1 --depth 3
expect_rc 0 "analyse --game yizi --depth 3 runs"
expect_err "warning: analyse: yizi's engine does not take depth \(it cannot change the answer\)" "yizi: the moot depth warned of"
expect_out "^bestmove " "yizi: the exact answer"

# Junqi now takes a time: with more time its samples search deeper (more nodes), where
# before both searches stopped at depth 2 with the same count. (docs/junqi.md's
# deployed position; 20 ms against 1500 ms leaves room for a loaded machine.)
P='lflcp/eltre/x1b1p/cd1gt/r1x1b/dcmpe/DCMPE/R1X1B/CD1GT/X1B1P/ELTRE/LFLCP r 0'
nodes_of() { "$BOYI" analyse --game junqi --fen "$P" --movetime "$1" 2>/dev/null | sed -n 's/.* nodes \([0-9]*\) .*/\1/p' | tail -1; }
fast=$(nodes_of 20)
slow=$(nodes_of 1500)
if [ -n "$fast" ] && [ -n "$slow" ] && [ "$slow" -gt "$fast" ]; then ok; else RC=0; OUT="$fast $slow"; ERR=""; bad "Junqi: 1500 ms searches more than 20 ms"; fi

finish
