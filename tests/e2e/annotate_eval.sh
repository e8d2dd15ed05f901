# annotate_eval.sh -- `boyi annotate --eval WEIGHTS`: boyi's search judges with a
# weights file of boyi train.  The engine's own weights as a file annotate exactly as
# without --eval; other weights reach the search (the first position's score is what
# `boyi analyse --eval` gives there); -j 2 writes what -j 1 writes; bad input refused.
source "$(dirname "$0")/lib.bash"
C=$SHARED/corpus/xiangqi/ccpd-big5
W=$SRC/data/weights
# the compiled-in weights as a file: train --epochs 0 writes the engine's own (docs/training.md)
printf 'fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\nmove h2e2\nscore 0\nply 0\nresult 0\ne\n' >"$TMP/one.plain"
"$BOYI" train --game xiangqi "$TMP/one.plain" --epochs 0 -o "$TMP/own.txt" >/dev/null 2>&1
"$BOYI" annotate --depth 4 --hash 4 --json "$C/002.pgn" >"$TMP/plain" 2>/dev/null
"$BOYI" annotate --depth 4 --hash 4 --json --eval "$TMP/own.txt" "$C/002.pgn" >"$TMP/r3" 2>/dev/null
if [ -s "$TMP/plain" ] && cmp -s "$TMP/plain" "$TMP/r3"; then ok
else RC=0; OUT=$(diff "$TMP/plain" "$TMP/r3" | head -5); ERR=""; bad "--eval with the compiled-in weights: the same JSON"; fi
run "$BOYI" annotate --depth 4 --hash 4 --json --eval "$W/xiangqi-texel.txt" "$C/002.pgn"
expect_rc 0 "--eval another weights file: exit 0"
if [ -s "$TMP/out" ] && ! cmp -s "$TMP/plain" "$TMP/out"; then ok; else bad "--eval other weights: other evaluations"; fi
cp "$TMP/out" "$TMP/texel"
# the first position, searched afresh: what analyse says with the same weights
want=$("$BOYI" analyse --game xiangqi --depth 4 --hash 4 --json --eval "$W/xiangqi-texel.txt" | tail -1 |
       sed -n 's/.*"score":\({[^}]*}\).*/\1/p')
got=$(head -1 "$TMP/texel" | sed -n 's/.*"eval_before":\({[^}]*}\).*/\1/p')
if [ -n "$want" ] && [ "$want" = "$got" ]; then ok; else RC=0; OUT="annotate $got, analyse $want"; ERR=""; bad "--eval: ply 1 scored as analyse --eval scores it"; fi
if grep -q '"second_look"' "$TMP/texel"; then ok; else bad "--eval: moves looked at again"; fi
"$BOYI" annotate --depth 4 --hash 4 -j 2 --json --eval "$W/xiangqi-texel.txt" "$C/002.pgn" "$C/003.pgn" >"$TMP/j2" 2>/dev/null
"$BOYI" annotate --depth 4 --hash 4 -j 1 --json --eval "$W/xiangqi-texel.txt" "$C/002.pgn" "$C/003.pgn" >"$TMP/j1" 2>/dev/null
if [ -s "$TMP/j1" ] && cmp -s "$TMP/j1" "$TMP/j2"; then ok; else RC=0; OUT=""; ERR=""; bad "--eval: -j 2 JSON = -j 1 JSON"; fi

# --- bad input --------------------------------------------------------------------------
run "$BOYI" annotate --depth 2 --eval "$TMP/missing.txt" "$C/002.pgn"
expect_rc 2 "--eval a missing file: exit 2"
expect_err 'missing.txt.*error: cannot read' "--eval: the missing file named"
run "$BOYI" annotate --depth 2 --eval "$W/draughts-round3.txt" "$C/002.pgn"
expect_rc 2 "--eval another game's weights: exit 2"
expect_err 'draughts-round3.txt:1: error' "--eval: another model refused at its line"
printf '1. 32-28 *\n' >"$TMP/d.pdn"
run "$BOYI" annotate --depth 2 --eval "$W/xiangqi-round3.txt" "$C/002.pgn" "$TMP/d.pdn"
expect_rc 2 "--eval over files of two games: exit 2"
expect_err 'error: --eval: the files hold games of xiangqi and of draughts' "--eval: two games named"
run "$BOYI" annotate --depth 2 --eval "$W/xiangqi-round3.txt" --engine "name=x cmd=/bin/false proto=uci" "$C/002.pgn"
expect_rc 2 "--eval with --engine: exit 2"
expect_err 'error: --eval sets boyi' "--eval with --engine: said why"
finish
