# draughts_search_draw_rules.sh -- the search knows FMJD's draw rules inside its tree
# (issue 35): `analyse --position 'FEN | MOVES'` gives boyi's own search the moves played,
# and with them the 5-move count and repetitions.
#   5-move rule: W:WK9,45:BK21, 8 plies of king moves, reach W:WK1,45:BK50, where white
#   wins in 2 moves (1-6, then 6x.. whatever black does): 3 plies more.  The count is at
#   8 there, so white's second move would come at ply 11, after the 10 plies (5 moves
#   each) that draw: the position is a draw under the rules, and the search must say 0,
#   not a win.  From the bare FEN (count 0) the same position is a win.
#   Threefold: white two kings and a man against a king and a man; the kings shuffle
#   46-41-46 and 1-6-1 twice, so black's 6-1 makes the start position's third
#   occurrence: black, behind, takes the draw (score 0) where without the moves it
#   scores the position lost-looking.
source "$(dirname "$0")/lib.bash"

score() { sed -n 's/.*"score":{"\([a-z]*\)":\(-\{0,1\}[0-9]*\)}.*/\1 \2/p' "$TMP/out" | tail -1; }
best() { sed -n 's/.*"bestmove":"\([^"]*\)".*/\1/p' "$TMP/out" | tail -1; }

run "$BOYI" analyse --game draughts --fen "W:WK1,45:BK50" --depth 10 --json
expect_rc 0 "5-move: the bare position"
[ "$(score)" = "mate 2" ] && ok || bad "5-move: from the bare FEN white wins in 2 (got '$(score)')"

run "$BOYI" analyse --game draughts --position "W:WK9,45:BK21 | 9-14 21-16 14-3 16-11 3-12 11-22 12-1 22-50" --depth 10 --json
expect_rc 0 "5-move: the same position after 8 plies of the ending"
[ "$(score)" = "cp 0" ] && ok || bad "5-move: 8 plies into the count the win comes too late: a draw (got '$(score)')"


run "$BOYI" analyse --game draughts --fen "B:WK46,K48,45:BK6,15" --depth 8 --json
expect_rc 0 "threefold: the bare position"
s=$(score)
[ "${s%% *}" = cp ] && [ "${s##* }" -lt 0 ] && ok || bad "threefold: without the moves black is behind (got '$s')"

run "$BOYI" analyse --game draughts --position "W:WK46,K48,45:BK1,15 | 46-41 1-6 41-46 6-1 46-41 1-6 41-46" --depth 8 --json
expect_rc 0 "threefold: after two cycles"
[ "$(score)" = "cp 0" ] && ok || bad "threefold: black claims the draw by repetition (got '$(score)')"
[ "$(best)" = "6-1" ] && ok || bad "threefold: the repeating move 6-1 (got '$(best)')"

finish
