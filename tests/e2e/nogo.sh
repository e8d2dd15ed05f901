# nogo.sh -- NoGo end to end: perft from the empty board (counts derived by hand in
# docs/nogo.md), moves, the sample records valid in all three formats, the hand-made
# invalid ones refused with their located faults, conversion round trips, SVG, the
# MCTS through analyse (win rate and best move), benchmarks and a short self-play.
. "$(dirname "$0")/lib.bash"

run "$BOYI" perft --game nogo 3
expect_rc 0 "perft"; expect_out '^511912$' "perft 3 = 81*80*79 - 8"
run "$BOYI" perft --game nogo --rules botzone 2
expect_out '^6400$' "botzone perft 2 = 80*80"
run "$BOYI" perft --game 不围棋 1
expect_out '^81$' "the Chinese name"
run "$BOYI" moves --game nogo --position "1OX6/OX7/9/9/9/9/9/9/9 b"
expect_rc 0 "moves"; [ "$(echo "$OUT" | wc -l)" -eq 76 ] && ok || bad "76 legal points (A9 captures)"
run "$BOYI" moves --game nogo --position "XO7/O8/9/9/9/9/9/9/9 w"
expect_rc 2 "bad position"; expect_err "black moves first" "position error says why"

for f in selfplay.sgf contest.txt botzone-log.json botzone-input.json; do
    run "$BOYI" validate "$SRC/data/nogo/$f"
    expect_rc 0 "validate $f"; expect_out "0 invalid" "$f all valid"
done
run "$BOYI" validate "$SRC/data/nogo/invalid/capture-continues.sgf"
expect_rc 1 "capture then play on"
expect_out 'capture-continues.sgf:2:14: game 1, move 3 \(black\) B\[ab\]: illegal: black A8 captured the 1-stone white group A9' "names the capture and the group"
run "$BOYI" validate "$SRC/data/nogo/invalid/suicide-credited.txt"
expect_rc 1 "suicide credited"; expect_out 'suicide.*yet the result says black won' "suicide named"
run "$BOYI" validate "$SRC/data/nogo/invalid/broken.json"
expect_rc 1 "broken JSON"; expect_out 'broken.json:4:40' "located JSON error"
run "$BOYI" validate "$SRC"/data/nogo/invalid/*
expect_rc 1 "the invalid folder"; expect_out '3 ok|1 ok' "summary"; no_crash "invalid folder"
run "$BOYI" validate --json "$SRC/data/nogo/invalid/capture-end.sgf"
expect_out '"status":"ok".*captured the 1-stone white group A9' "a game lost by a capture is valid"

for to in sgf contest botzone; do
    run "$BOYI" convert "$SRC/data/nogo/selfplay.sgf" --to $to -o "$TMP/c.$to"
    expect_rc 0 "convert to $to"
    run "$BOYI" validate --game nogo "$TMP/c.$to"
    expect_out "4 games, 286 moves, 4 ok" "$to read back"
done

run "$BOYI" render "$SRC/data/nogo/selfplay.sgf" --ply 30 --svg "$TMP/b.svg"
expect_rc 0 "render"; grep -q '>30<' "$TMP/b.svg" && ok || bad "move numbers on the diagram"
run "$BOYI" analyse --game nogo --nodes 2000 --position "1OX6/OX7/9/9/9/9/9/9/9 b"
expect_rc 0 "analyse"; expect_out 'winrate 0\.[0-9]+' "win rate printed"; expect_out '^bestmove [A-HJ][1-9]$' "best move"
run "$BOYI" bench --game nogo legal --games 5
expect_out 'M/s' "legal bench"
run "$BOYI" bench --game nogo match --a mcts --b random --nodes 50 --games 2
expect_out '2 games' "match bench"
run "$BOYI" selfplay --game nogo --games 2 --nodes 100 --out "$TMP/sp"
expect_rc 0 "selfplay"
run "$BOYI" validate "$TMP/sp/games.sgf"
expect_rc 0 "selfplay records valid"
printf '{"requests":[{"x":4,"y":3},{"x":0,"y":0}],"responses":[{"x":2,"y":2}]}\n' > "$TMP/bz.json"
run "$BOYI" play --game nogo --nodes 200 < "$TMP/bz.json"
expect_rc 0 "Botzone bot"; expect_out '^\{"response":\{"x":[0-8],"y":[0-8]\}\}$' "a JSON response"
printf '2\n-1 -1\n4 4\n3 3\n' > "$TMP/bz.txt"
run "$BOYI" play --game nogo --nodes 200 < "$TMP/bz.txt"
expect_out '^[0-8] [0-8]$' "the simplified interaction"
finish
