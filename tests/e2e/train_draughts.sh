# train_draughts.sh -- `boyi train --game draughts` (the pattern model, docs/training.md,
# docs/engine-draughts.md): a sparse weights file (of 105,200 weights, two sets, those
# not 0; names made from the index) that round-trips, and a full one is read the same;
# a file of the one-set model draughts-patterns-1 loads into both sets (and searches as
# its two-set form); the engine's own weights through --eval search exactly as without,
# a changed weight changes the search, and the ending's set counts only in endings;
# --l2 and --lambda are taken; eval=FILE plays in selfplay; a bad pattern name and a
# missing pattern weight are refused with their line or name.
source "$(dirname "$0")/lib.bash"

# names SET: every weight name of one set (the one-set model's names), PREFIX before each
names() {
    awk -v pre="$1" 'BEGIN {
        n = split("men kings advance advance_end centre guard outpost runaway runaway_rows edge balance king_alone", h, " ")
        for (i = 1; i <= n; i++) print pre h[i]
        for (s = 1; s <= 50; s++) { print pre "man" s; print pre "king" s }
        for (i = 0; i < 8; i++) for (c = 0; c < 6561; c++) { s = "p" i "_"; x = c; for (k = 0; k < 8; k++) { s = s (x % 3); x = int(x / 3) } print pre s } }'
}
# full SPARSE: the weights file written out in full (every weight, 0s too, no 'sparse')
full() {
    { echo "#header $(head -1 "$1" | cut -d' ' -f2)"; sed 1d "$1"; names mg_ | sed 's/$/ 0/'; names eg_ | sed 's/$/ 0/'; } |
        awk 'NR == 1 { print "boyi-weights " $2; next } !($1 in v) { v[$1] = $2; o[++n] = $1 } END { for (i = 1; i <= n; i++) print o[i], v[o[i]] }'
}

"$BOYI" selfplay --game draughts --games 8 --depth 2 --random-plies 6 --out "$TMP/tr" --seed 3 >/dev/null 2>&1
"$BOYI" selfplay --game draughts --games 4 --depth 2 --random-plies 6 --out "$TMP/va" --seed 4 >/dev/null 2>&1
[ -s "$TMP/tr/data.bin" ] && [ -s "$TMP/va/data.bin" ] && ok || bad "self-play data made"

run "$BOYI" train --game draughts "$TMP/tr/data.bin" --validation "$TMP/va/data.bin" --epochs 3 --seed 1 --lambda 0 --l2 1e-7 -o "$TMP/w1.txt"
expect_rc 0 "train exits 0"
expect_out '^game draughts, model draughts-patterns-2 \(105200 weights\), scale 330, target 0.00 x result \+ 1.00 x E\(score\), l2 1e-07' "the model and the options said"
expect_out '^epoch 3: train loss [0-9.]+, validation loss [0-9.]+$' "a line per epoch with both losses"
grep -q '^boyi-weights draughts-patterns-2 sparse$' "$TMP/w1.txt" && ok || bad "the weights file's header (sparse)"
! grep -q ' 0$' "$TMP/w1.txt" && grep -q '^mg_men ' "$TMP/w1.txt" && grep -q '^eg_men ' "$TMP/w1.txt" && grep -Eq '^[me]g_p[0-7]_[012]{8} ' "$TMP/w1.txt" && ok || bad "only the weights not 0 written, patterns among them"

run "$BOYI" train --game draughts "$TMP/tr/data.bin" --init "$TMP/w1.txt" --epochs 0 -o "$TMP/w2.txt"
cmp -s "$TMP/w1.txt" "$TMP/w2.txt" && ok || bad "a weights file round-trips"

"$BOYI" train --game draughts "$TMP/tr/data.bin" --epochs 0 -o "$TMP/default.txt" >/dev/null
pos='W:W31-50:B1-20 | 32-28 19-23 28x19 14x23'
a=$("$BOYI" analyse --game draughts --depth 8 --position "$pos" | sed 's/ nps [0-9]* time [0-9]*//')
b=$("$BOYI" analyse --game draughts --depth 8 --position "$pos" --eval "$TMP/default.txt" | sed 's/ nps [0-9]* time [0-9]*//')
[ -n "$a" ] && [ "$a" = "$b" ] && ok || { RC=0 OUT="$a / $b"; bad "--eval with the default weights searches as without"; }
# region 1's square k=3 is 28 for white, 23 (51 - 28) for black: after 14x23 black's view has its man there
full "$TMP/default.txt" | sed -E 's/^(mg_p1_...1....) .*/\1 100/' >"$TMP/changed.txt"
c=$("$BOYI" analyse --game draughts --depth 8 --position "$pos" --eval "$TMP/changed.txt" | sed 's/ nps [0-9]* time [0-9]*//')
[ "$a" != "$c" ] && ok || bad "--eval with a changed pattern weight changes the search"
# the ending's set: nothing at the start (40 pieces), everything with few pieces
sed -E 's/^eg_men .*/eg_men 3000/' "$TMP/default.txt" >"$TMP/eg.txt"
open='W:W31-50:B1-20 | 34-29 17-21 40-34'   # 40 pieces
c=$("$BOYI" analyse --game draughts --depth 3 --position "$open" --eval "$TMP/eg.txt" | sed 's/ nps [0-9]* time [0-9]*//')
d=$("$BOYI" analyse --game draughts --depth 3 --position "$open" | sed 's/ nps [0-9]* time [0-9]*//')
[ -n "$c" ] && [ "$c" = "$d" ] && ok || { OUT="$c / $d"; bad "the ending's set does not count with 40 pieces"; }
end='W:W31,33,38,K46:B12,19,K23'
c=$("$BOYI" analyse --game draughts --depth 1 --position "$end" --eval "$TMP/default.txt" | grep -o 'score cp -*[0-9]*' | tail -1)
d=$("$BOYI" analyse --game draughts --depth 1 --position "$end" --eval "$TMP/eg.txt" | grep -o 'score cp -*[0-9]*' | tail -1)
[ -n "$c" ] && [ "$c" != "$d" ] && ok || { OUT="$c / $d"; bad "the ending's set counts in an ending"; }

# the one-set model's files (round 1's weights, draughts-patterns-1) load into both sets
r1=$SRC/data/weights/draughts-round1.txt
run "$BOYI" train --game draughts "$TMP/tr/data.bin" --init "$r1" --epochs 0 -o "$TMP/r1two.txt"
expect_rc 0 "a draughts-patterns-1 file read by train --init"
head -1 "$TMP/r1two.txt" | grep -q '^boyi-weights draughts-patterns-2 sparse$' &&
    [ "$(grep -c '^mg_' "$TMP/r1two.txt")" -eq "$(sed 1d "$r1" | grep -c .)" ] &&
    diff <(grep '^mg_' "$TMP/r1two.txt" | sed 's/^mg_//') <(grep '^eg_' "$TMP/r1two.txt" | sed 's/^eg_//') >/dev/null &&
    diff <(grep '^mg_' "$TMP/r1two.txt" | sed 's/^mg_//' | sort) <(sed 1d "$r1" | grep . | sort) >/dev/null && ok ||
    bad "... as both sets, each its weights"
for p in "$pos" "$end"; do
    c=$("$BOYI" analyse --game draughts --depth 8 --position "$p" --eval "$r1" | sed 's/ nps [0-9]* time [0-9]*//')
    d=$("$BOYI" analyse --game draughts --depth 8 --position "$p" --eval "$TMP/r1two.txt" | sed 's/ nps [0-9]* time [0-9]*//')
    [ -n "$c" ] && [ "$c" = "$d" ] && ok || { OUT="$c / $d"; bad "round 1's file searches as its two-set form ($p)"; }
done
sed '3s/.*/mg_men 100/' "$r1" >"$TMP/mixed.txt"
run "$BOYI" analyse --game draughts --depth 1 --eval "$TMP/mixed.txt"
expect_rc 2 "a two-set name in a one-set file is refused"
expect_err 'mixed.txt:3: error: .mg_men. is not a weight of draughts-patterns-1' "... with its line"

run "$BOYI" selfplay --game draughts --games 2 --depth 2 --a "eval=$TMP/w1.txt" --out "$TMP/sp" --seed 5
expect_rc 0 "selfplay with eval=FILE"

# refusals
# the same weights written out in full (every weight, 0s too, no 'sparse') read the same
"$BOYI" selfplay --game draughts --games 1 --depth 1 --out "$TMP/one" --seed 1 >/dev/null 2>&1
full "$TMP/w1.txt" >"$TMP/full.txt"
[ "$(grep -c . "$TMP/full.txt")" -eq 105201 ] && ok || bad "the full file has every weight ($(grep -c . "$TMP/full.txt") lines)"
run "$BOYI" train --game draughts "$TMP/one/data.bin" --init "$TMP/full.txt" --epochs 0 -o "$TMP/w4.txt"
cmp -s "$TMP/w1.txt" "$TMP/w4.txt" && ok || bad "a full weights file reads as its sparse form"
sed '3s/.*/mg_p8_00000000 1/' "$TMP/default.txt" >"$TMP/badname.txt"
run "$BOYI" analyse --game draughts --depth 1 --eval "$TMP/badname.txt"
expect_rc 2 "an unknown weight name is refused"
expect_err 'badname.txt:3: error: .mg_p8_00000000. is not a weight of draughts-patterns-2' "... with its line"
grep -v '^eg_p7_22222222 ' "$TMP/full.txt" >"$TMP/short.txt"
run "$BOYI" analyse --game draughts --depth 1 --eval "$TMP/short.txt"
expect_rc 2 "a weight missing from a full file is refused"
expect_err 'eg_p7_22222222 is missing' "... naming it"
run "$BOYI" train --game draughts "$TMP/tr/data.bin" --l2 -1 -o "$TMP/w3.txt"
expect_rc 2 "--l2 below 0 is refused"


# --score-scale: another engine's scores in their own scale. The same positions with every
# score doubled, read at twice the scale, are the same targets: the same weights, byte for
# byte; read at the game's scale they are other targets (so the option is what counts)
"$BOYI" data export "$TMP/tr/data.bin" --format plain -o "$TMP/tr.plain" 2>/dev/null
awk '$1 == "score" && $2 > -10000 && $2 < 10000 { print "score", 2 * $2; next } { print }' "$TMP/tr.plain" >"$TMP/tr2.plain"
grep -q '^score ' "$TMP/tr2.plain" && ! cmp -s "$TMP/tr.plain" "$TMP/tr2.plain" && ok || bad "the doubled scores written"
"$BOYI" train --game draughts "$TMP/tr.plain" --epochs 2 --seed 1 --lambda 0 -o "$TMP/s1.txt" >/dev/null
run "$BOYI" train --game draughts "$TMP/tr2.plain" --epochs 2 --seed 1 --lambda 0 --score-scale 660 -o "$TMP/s2.txt"
expect_rc 0 "train --score-scale exits 0"
expect_out "scale 330, .*the scores' scale 660" "the scores' scale said beside the game's"
cmp -s "$TMP/s1.txt" "$TMP/s2.txt" && ok || bad "doubled scores at twice the scale give the same weights"
"$BOYI" train --game draughts "$TMP/tr2.plain" --epochs 2 --seed 1 --lambda 0 -o "$TMP/s3.txt" >/dev/null
! cmp -s "$TMP/s1.txt" "$TMP/s3.txt" && ok || bad "... and at the game's scale other weights"
run "$BOYI" train --game draughts "$TMP/tr.plain" --score-scale 0 -o "$TMP/s4.txt"
expect_rc 2 "--score-scale 0 refused"
expect_err "score-scale takes centipawns" "... with what it takes"

finish
