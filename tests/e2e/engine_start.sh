#!/usr/bin/env bash
# engine_start.sh -- boyi's engine protocols as a new user starts them (issue 37,
# items 12 and 13): `boyi ucci` and `boyi uci` without --game play Xiangqi (UCCI is
# Xiangqi's protocol; boyi's UCI speaks Xiangqi unless told), and a `position` whose
# moves cannot be read leaves no position: the bad move is reported and `go` answers
# an error and no move rather than searching the previous position.
source "$(dirname "$0")/lib.bash"

# --- 12. no --game ---------------------------------------------------------------------
run "$BOYI" ucci --hash 4 <<<$'ucci\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\ngo depth 2\nquit'
expect_rc 0 "boyi ucci without --game"
expect_out '^ucciok$' "ucci: the handshake"
expect_out '^id name boyi .*\(xiangqi\)' "ucci: the game is Xiangqi"
expect_out '^bestmove [a-i][0-9][a-i][0-9]$' "ucci: a Xiangqi move"
run "$BOYI" uci --hash 4 <<<$'uci\nposition startpos moves h2e2\ngo depth 2\nquit'
expect_rc 0 "boyi uci without --game"
expect_out '^id name boyi .*\(xiangqi\)' "uci: the default game is Xiangqi"
expect_out '^bestmove [a-i][0-9][a-i][0-9]$' "uci: a Xiangqi move"
run "$BOYI" engine --hash 4 <<<$'uci\nquit'
expect_rc 0 "boyi engine without --game"
run "$BOYI" ucci --game draughts </dev/null
expect_rc 2 "ucci --game draughts: refused (UCCI is Xiangqi's)"
expect_err 'boyi uci --game draughts' "ucci --game draughts: points to uci"
run "$BOYI" uci --game draughts --hash 4 <<<$'uci\nposition startpos\ngo depth 1\nquit'
expect_out '^bestmove [0-9]+-[0-9]+$' "uci --game draughts: another game when told"
for c in uci ucci engine; do
    run "$BOYI" "$c" --help
    expect_out 'Xiangqi' "$c --help states the default game"
done

# --- 13. a bad position is no position -----------------------------------------------------
run "$BOYI" uci --hash 4 <<<$'uci\nposition startpos moves h2e2\nposition startpos moves z99\ngo depth 2\nposition startpos\ngo depth 1\nquit'
expect_out '^info string error: move z99: ' "the bad move is reported"
# between the failed position and the next good one: an error and no move, no search
between=$(sed -n '/move z99/,/^position\|^info depth/p' "$TMP/out" | sed -n '2,$p')
if grep -q '^info string error: no position to search' <<<"$between" && grep -qx 'bestmove (none)' <<<"$between" \
    && ! grep -q '^info depth' <<<"$(sed -n '/move z99/,/bestmove (none)/p' "$TMP/out")"; then ok
else bad "go after a failed position: an error and 'bestmove (none)', no search of the old position"; fi
[ "$(grep -c '^bestmove [a-i][0-9][a-i][0-9]$' "$TMP/out")" -eq 1 ] && ok || bad "the next good position is searched again"
run "$BOYI" ucci --hash 4 <<<$'ucci\nposition startpos moves h2e2 zz\ngo depth 1\nquit'
expect_out '^nobestmove$' "ucci: 'nobestmove' after a failed position"
run "$BOYI" uci --hash 4 <<<$'uci\nposition startpos moves z99\nucinewgame\ngo depth 1\nquit'
expect_out '^bestmove [a-i][0-9][a-i][0-9]$' "ucinewgame gives the start position back"

finish
