# annotate_proof.sh -- `boyi annotate` judges a move by the game's proof (bo_game.proof;
# docs/annotate.md, "Seventh round"): a Renju move after which the opponent has a proven
# win by continuous threats (VCT), where the best move leaves him none, is lost, though
# the depth-6 search does not see it.  The position: the first eleven moves of a Rapfi
# self-play game (white won with the VCT that begins at f9, the move Rapfi played); boyi's
# search at the default depth scores j8 above its own best (h6) and called it "good"
# before the proof.
source "$(dirname "$0")/lib.bash"

printf 'h8 f7 h5 h9 g8 i8 j7 i6 i7 g9 j8\n' >"$TMP/rj11.txt"
run "$BOYI" annotate --game gomoku --rules renju --json "$TMP/rj11.txt"
expect_rc 0 "Renju at the default depth"
cp "$TMP/out" "$TMP/ann.json"
line=$(grep '"ply":11,' "$TMP/ann.json")
echo "$line" | grep -Eq '"move":"j8",.*"eval_played":\{"mate":-[0-9]+\},"proof":\["j8","[a-o][0-9]+"' && ok ||
    bad "j8 judged by the proof: a proven loss, its line the move and white's win"
echo "$line" | grep -Eq '"class":"blunder"' && ok || bad "j8, which lets white win by continuous threats, is a blunder"
echo "$line" | grep -Eq '"second_look":\{[^}]*\},"eval_played":\{"mate":-' && ok ||
    bad "the second look keeps the proven loss"
# The proof checked apart from annotate: white to move after j8 has a VCT whose line
# begins with the proof's second move; after boyi's best move, none within annotate's
# budget of 20,000 nodes a solver.
first=$(echo "$line" | sed -n 's/.*"proof":\["j8","\([a-o][0-9]*\)".*/\1/p')
best=$(echo "$line" | sed -n 's/.*"best":"\([a-o][0-9]*\)".*/\1/p')
run "$BOYI" solve --game gomoku --rules renju --solver vct --json \
    --position "black: h8 h5 g8 j7 i7 j8; white: f7 h9 i8 i6 g9; to-move: white"
expect_out "\"found\":true,\"result\":\"win\",.*\"line\":\\[\"$first\"" "white wins by VCT after j8, the proof's line"
run "$BOYI" solve --game gomoku --rules renju --solver vct --json --nodes 20000 \
    --position "black: h8 h5 g8 j7 i7 $best; white: f7 h9 i8 i6 g9; to-move: white"
expect_out '"found":false' "no VCT for white after boyi's best move ($best)"
# The other moves are judged by the search alone: no other line has a proof.
n=$(grep -c '"proof":' "$TMP/ann.json")
[ "$n" -eq 1 ] && ok || bad "one move of eleven judged by a proof ($n)"
finish
