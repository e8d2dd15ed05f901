# gomoku_overline.sh -- a line of six is not a five (issue 7, item 8): under freestyle
# it wins as an overline and every message names it so; under renju it is black's foul
# and white's win; under standard it wins for nobody.
source "$(dirname "$0")/lib.bash"

# black h8 i8 j8 l8 m8, then k8 joins them: six in a row h8-m8 at move 11
SIX='h8 a1 i8 a3 j8 a5 l8 a7 m8 a9 k8'
printf '# rules: freestyle\n%s 1-0\n' "$SIX" >"$TMP/six.txt"
run "$BOYI" validate "$TMP/six.txt"
expect_rc 0 "freestyle: the six wins"
expect_out "game 1: ok, 11 plies, 1-0 \(overline of six: black h8-m8 at move 11, which wins under freestyle" "freestyle: named an overline of six"
if grep -Eq 'five in a row:|five h8|a five' "$TMP/out"; then bad "freestyle six: the verdict must not call it a five"; else ok; fi

printf '# rules: freestyle\n%s a11 1-0\n' "$SIX" >"$TMP/six-after.txt"
run "$BOYI" validate "$TMP/six-after.txt"
expect_out "after-end: the game was over after move 11 \(black made an overline of six, h8-m8, which wins under freestyle" "after-end names the overline"

printf '# rules: freestyle\n%s 0-1\n' "$SIX" >"$TMP/six-claim.txt"
run "$BOYI" validate "$TMP/six-claim.txt"
expect_out "result: the record says white won \(后手胜\), but black made an overline of six \(h8-m8\) at move 11, which wins under freestyle" "result fault names the overline"

# an exact five is still a five
printf '# rules: freestyle\nh8 a1 i8 a3 j8 a5 k8 a7 l8 1-0\n' >"$TMP/five.txt"
run "$BOYI" validate "$TMP/five.txt"
expect_out "ok, 9 plies, 1-0 \(five in a row: black h8-l8 at move 9\)" "a five is a five"

# renju: black's six is a foul; white's six wins for white
printf '%s 0-1\n' "$SIX" >"$TMP/renju-six.txt"
run "$BOYI" validate "$TMP/renju-six.txt"
expect_out "ok, 11 plies, 0-1 \(black's forbidden move 11 k8: overline" "renju: black's six is a foul"
printf 'h8 h9 a1 i9 a3 j9 a5 l9 a7 m9 a9 k9 0-1\n' >"$TMP/renju-white-six.txt"
run "$BOYI" validate "$TMP/renju-white-six.txt"
expect_out "ok, 12 plies, 0-1 \(overline of six: white h9-m9 at move 12, which wins for white under renju" "renju: white's six wins, named"
# standard: exactly five wins; a six wins nothing
printf '# rules: standard\n%s\n' "$SIX" >"$TMP/std-six.txt"
run "$BOYI" validate "$TMP/std-six.txt"
expect_out "game 1: ok, 11 plies, \*" "standard: a six wins nothing"

# moves and play say it too
run "$BOYI" moves --game gomoku --rules freestyle --position "black: h8 i8 j8 k8 l8 m8; white: a1 a2 a3 a4 a6 b9"
expect_err "the game is over: black has an overline of 6 \(it wins under freestyle\) through h8" "moves: overline named"
printf 'k 8\n' >"$TMP/in"
run "$BOYI" play --game gomoku --rules freestyle --position "black: h8 i8 j8 l8 m8; white: a1 a2 a3 a4 a6" <"$TMP/in"
expect_out "结果: 黑方胜 \(black wins: an overline of 6 \(it wins under freestyle\) through k 8\)" "play: overline named"

finish
