# gomoku_rules_variant.sh -- the RULES.md section 2 three/five Decision as a named rule
# set: `--rules renju` (default) is the Decision, `--rules renju-five-threes` the other
# reading; moves --forbidden, validate and play each honour the name.
source "$(dirname "$0")/lib.bash"

# The position (the engine's hard case "three whose four point makes a five", see
# tests/gomoku_engine/test_fouls.c): black f8 i8 g4 g5 g6 g7 h9 h10.  At h8 black makes
# the open column three h8-h10 and, on the row, f8 . h8 i8, which becomes a straight
# four only by g8; but g8 also completes the five g4-g8 in column g.  The Decision
# ("a three is one that can become a straight four without making a five at the same
# time"): the row is no three, h8 is a single three, allowed.  renju-five-threes counts
# the row: two threes, h8 is a double-three.  Every other point is judged the same way
# under both (no other point's threes hang on a five-making four point), so the two
# lists must differ by exactly "h8 double-three".
POS='black: f8 i8 g4 g5 g6 g7 h9 h10; white: a1 a3 a5 a7 a9 a11 a13 o1'

run "$BOYI" moves --game gomoku --rules renju --forbidden --position "$POS"
expect_rc 0 "renju --forbidden"
renju=$OUT
run "$BOYI" moves --game gomoku --forbidden --position "$POS"
if [ "$OUT" = "$renju" ]; then ok; else bad "no --rules is --rules renju"; fi
run "$BOYI" moves --game gomoku --rules renju-five-threes --forbidden --position "$POS"
expect_rc 0 "renju-five-threes --forbidden"
variant=$OUT
if ! grep -qx 'h8 .*' <<<"$renju"; then ok; else bad "renju: h8 must be allowed (the row is no three)"; fi
if grep -qx 'h8 double-three' <<<"$variant"; then ok; else bad "renju-five-threes: h8 must be a double-three"; fi
if [ "$(grep -vx 'h8 double-three' <<<"$variant")" = "$renju" ]; then ok
else bad "the lists must differ by h8 alone (renju: $(echo $renju); variant: $(echo $variant))"; fi
# the name is case-insensitive like the others, and an unknown variant is refused
run "$BOYI" moves --game gomoku --rules Renju-Five-Threes --forbidden --position "$POS"
if [ "$OUT" = "$variant" ]; then ok; else bad "rule-set names are case-insensitive"; fi
run "$BOYI" moves --game gomoku --rules renju-five --forbidden --position "$POS"
expect_rc 2 "unknown variant"
expect_err "unknown gomoku rule set 'renju-five'.*renju-five-threes" "the error lists the rule sets"

# moves (no --forbidden) leaves out black's forbidden points: h8 only under the variant
run "$BOYI" moves --game gomoku --rules renju --position "$POS"
if grep -qx h8 <<<"$OUT"; then ok; else bad "renju: h8 is a legal move"; fi
run "$BOYI" moves --game gomoku --rules renju-five-threes --position "$POS"
if ! grep -qx h8 <<<"$OUT"; then ok; else bad "renju-five-threes: h8 is not a legal move"; fi

# validate: the same shape moved one column right and one row up (black's first stone
# must be h8), black's last move i9 and 后手胜.  Under renju i9 is allowed, so white's
# claimed win has nothing behind it; under renju-five-threes i9 is a double-three and
# the record is a consistent white win.
R="$TMP/variant.txt"
printf '%s\n' '{[C5][甲 B][乙 W][后手胜][2026.11.30 test][e2e];B(H,8);W(A,1);B(H,7);W(A,3);B(H,6);W(A,5);B(H,5);W(A,7);B(G,9);W(A,9);B(J,9);W(A,11);B(I,10);W(A,13);B(I,11);W(A,15);B(I,9)}' >"$R"
run "$BOYI" validate "$R"
expect_rc 0 "validate, default renju: the claimed white win is unfounded, a warning (docs/exit-codes.md)"
expect_out "^$R:1:[0-9]+: game 1: warning: the record says white won .*gives no reason" "renju: the unfounded claim warned of"
run "$BOYI" validate --rules renju "$R"
expect_rc 1 "validate, --rules renju named: the claimed white win is unfounded"
expect_out "^$R:1:[0-9]+: game 1: result: .*no forbidden move" "renju: result fault"
run "$BOYI" validate --rules renju-five-threes "$R"
expect_rc 0 "validate --rules renju-five-threes"
expect_out "ok, 17 plies, 0-1 \(black's forbidden move 17 i9: double-three" "renju-five-threes: i9 is black's foul"

# play: the human (black) plays h8 in the position
run bash -c "printf 'h 8\n' | '$BOYI' play --game gomoku --rules renju-five-threes --human-first --position '$POS'"
expect_rc 0 "play, renju-five-threes"
expect_out '^五子棋 \(renju-five-threes\)' "play names the rule set"
expect_out "禁手! black's h 8 is forbidden: double-three" "play: h8 refused as a foul"
run bash -c "printf 'h 8\n' | '$BOYI' play --game gomoku --rules renju --human-first --position '$POS'"
expect_rc 0 "play, renju"
if grep -q '禁手' <<<"$OUT"; then bad "play, renju: h8 is allowed"; else ok; fi
expect_out '^最后落子' "play, renju: the engine answers h8"

# the help texts name the variant
for c in validate moves play; do
    run "$BOYI" "$c" --help
    expect_out 'renju-five-threes' "$c --help lists renju-five-threes"
done

finish
