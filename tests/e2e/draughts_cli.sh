# draughts_cli.sh -- perft, moves, bench, convert for draughts through the binary.
# Perft counts from the start are the published ones (FMJD forum perft thread).
source "$(dirname "$0")/lib.bash"
DATA="$SRC/data/draughts"
SUCCEED="$SHARED/corpus/draughts/pdn-standard/succeed"

published=(1 9 81 658 4265 27117 167140)
for d in 1 2 3 4 5 6; do
    run "$BOYI" perft --game draughts "$d"
    expect_rc 0 "perft $d"
    if [ "$(tail -n 1 "$TMP/out")" = "${published[$d]}" ]; then ok; else bad "perft $d = ${published[$d]}"; fi
done

run "$BOYI" perft --game draughts --divide 3
expect_rc 0 "perft --divide"
if [ "$(grep -c '^[0-9]*-[0-9]*: [0-9]*$' "$TMP/out")" -eq 9 ]; then ok; else bad "divide: nine lines 'a-b: n'"; fi
if [ "$(tail -n 1 "$TMP/out")" = 658 ]; then ok; else bad "divide: total on the last line"; fi
sum=$(grep ': ' "$TMP/out" | awk -F': ' '{s += $2} END {print s}')
if [ "$sum" = 658 ]; then ok; else bad "divide: the lines add up to the total"; fi
expect_out '^32-28: ' "divide names moves in PDN"

# Black first (--rules ccgc): the mirror image has the same counts.
run "$BOYI" perft --game draughts --rules ccgc 4
if [ "$(tail -n 1 "$TMP/out")" = 4265 ]; then ok; else bad "ccgc perft 4 = 4265"; fi
run "$BOYI" perft --game draughts --rules nonsense 2
expect_rc 2 "unknown rules"
expect_err "unknown draughts rules" "unknown rules: reason"

run "$BOYI" moves --game draughts
expect_rc 0 "moves from the start"
if [ "$(wc -l < "$TMP/out")" -eq 9 ]; then ok; else bad "nine first moves"; fi
expect_out '^31-26$' "first moves in PDN"
# The standard's ambiguous position: both captures are written with their path.
run "$BOYI" moves --game draughts --fen "W:WK47:B14,19,29,31,42"
expect_out '^47x38x24x13x36$' "ambiguous capture written with its path"
expect_out '^47x38x20x9x36$' "the other path"
run "$BOYI" moves --game draughts --fen "W:W28:B23"
expect_out '^28x19$' "unambiguous capture written from x to"
run "$BOYI" moves --game draughts --fen "B:W41,47:B36"
expect_rc 0 "no moves"
expect_err "black has no legal move" "no moves: said on stderr"
run "$BOYI" perft --game draughts --fen "W:W31-60:B1-20" 2
expect_rc 2 "bad FEN"
expect_err "bad FEN" "bad FEN: reason"

run "$BOYI" bench --game draughts --depth 5
expect_rc 0 "bench perft"
expect_out 'perft\(5\) from the start: 27117 nodes' "bench perft counts"
run "$BOYI" bench --game draughts validate "$DATA/sample_game.pdn" "$SUCCEED/wk2003.pdn"
expect_rc 0 "bench validate"
expect_out '^[0-9]+ plies/s$' "bench validate reports plies/s"
expect_out '2 files, 24 games \(0 invalid, 0 skipped\)' "bench validate counts"

# convert: read -> write -> read gives the same games and moves.
for f in "$DATA/sample_game.pdn" "$DATA/sample_hub.pdn" "$SUCCEED/nk ronde 01.pdn" "$SUCCEED/Cat.D1.pdn" \
         "$SUCCEED/PROF2.pdn" "$SUCCEED/schildpad.pdn" "$SUCCEED/variation.pdn"; do
    name=$(basename "$f")
    run "$BOYI" convert --game draughts "$f" --to pdn -o "$TMP/conv.pdn"
    expect_rc 0 "convert $name"
    run "$BOYI" validate --game draughts "$f"
    before=$(tail -n 1 "$TMP/out" | sed 's/, [0-9]* warnings//')
    run "$BOYI" validate --game draughts "$TMP/conv.pdn"
    after=$(tail -n 1 "$TMP/out" | sed 's/, [0-9]* warnings//')
    if [ "$before" = "$after" ]; then ok; else bad "convert $name: '$before' became '$after'"; fi
done
run "$BOYI" convert --game draughts "$DATA/sample_hub.pdn" --to pdn
expect_out '^1\. 34-30 17-22' "converted moves are plain PDN"
if grep -q 'x[0-9]*x' "$TMP/out"; then bad "Hub captures are written from x to"; else ok; fi
run "$BOYI" convert --game draughts "$DATA/sample_game.pdn" --to sgf
expect_rc 2 "convert to an unknown format"
run "$BOYI" convert --game draughts "$SHARED/corpus/draughts/pdn-standard/fail/nested_comment.pdn" --to pdn
expect_rc 1 "convert of an unreadable game"
expect_err 'nested_comment.pdn:1:46: error: game 1: ' "convert: located error"

finish
