# train_draughts.sh -- `boyi train --game draughts` (the pattern model, docs/training.md,
# docs/engine-draughts.md): a sparse weights file (of 52,600 weights, those not 0; names
# made from the index) that round-trips, and a full one is read the same; the engine's own weights through --eval search exactly as
# without, a changed weight changes the search; --l2 and --lambda are taken; eval=FILE
# plays in selfplay; a bad pattern name and a missing pattern weight are refused with
# their line or name.
source "$(dirname "$0")/lib.bash"

# full SPARSE: the weights file written out in full (every weight, 0s too, no 'sparse')
full() {
    awk 'NR == 1 { print "boyi-weights draughts-patterns-1"; next } { v[$1] = $2 } END {
        n = split("men kings advance advance_end centre guard outpost runaway runaway_rows edge balance king_alone", h, " ")
        for (i = 1; i <= n; i++) v[h[i]] += 0
        for (i = 0; i < 8; i++) for (c = 0; c < 6561; c++) { s = "p" i "_"; x = c; for (k = 0; k < 8; k++) { s = s (x % 3); x = int(x / 3) } v[s] += 0 }
        for (s = 1; s <= 50; s++) { v["man" s] += 0; v["king" s] += 0 }
        for (n in v) print n, v[n] }' "$1"
}

"$BOYI" selfplay --game draughts --games 8 --depth 2 --random-plies 6 --out "$TMP/tr" --seed 3 >/dev/null 2>&1
"$BOYI" selfplay --game draughts --games 4 --depth 2 --random-plies 6 --out "$TMP/va" --seed 4 >/dev/null 2>&1
[ -s "$TMP/tr/data.bin" ] && [ -s "$TMP/va/data.bin" ] && ok || bad "self-play data made"

run "$BOYI" train --game draughts "$TMP/tr/data.bin" --validation "$TMP/va/data.bin" --epochs 3 --seed 1 --lambda 0 --l2 1e-7 -o "$TMP/w1.txt"
expect_rc 0 "train exits 0"
expect_out '^game draughts, model draughts-patterns-1 \(52600 weights\), scale 330, target 0.00 x result \+ 1.00 x E\(score\), l2 1e-07' "the model and the options said"
expect_out '^epoch 3: train loss [0-9.]+, validation loss [0-9.]+$' "a line per epoch with both losses"
grep -q '^boyi-weights draughts-patterns-1 sparse$' "$TMP/w1.txt" && ok || bad "the weights file's header (sparse)"
! grep -q ' 0$' "$TMP/w1.txt" && grep -q '^men ' "$TMP/w1.txt" && grep -Eq '^p[0-7]_[012]{8} ' "$TMP/w1.txt" && ok || bad "only the weights not 0 written, patterns among them"

run "$BOYI" train --game draughts "$TMP/tr/data.bin" --init "$TMP/w1.txt" --epochs 0 -o "$TMP/w2.txt"
cmp -s "$TMP/w1.txt" "$TMP/w2.txt" && ok || bad "a weights file round-trips"

"$BOYI" train --game draughts "$TMP/tr/data.bin" --epochs 0 -o "$TMP/default.txt" >/dev/null
pos='W:W31-50:B1-20 | 32-28 19-23 28x19 14x23'
a=$("$BOYI" analyse --game draughts --depth 8 --position "$pos" | sed 's/ nps [0-9]* time [0-9]*//')
b=$("$BOYI" analyse --game draughts --depth 8 --position "$pos" --eval "$TMP/default.txt" | sed 's/ nps [0-9]* time [0-9]*//')
[ -n "$a" ] && [ "$a" = "$b" ] && ok || { RC=0 OUT="$a / $b"; bad "--eval with the default weights searches as without"; }
# region 1's square k=3 is 28 for white, 23 (51 - 28) for black: after 14x23 black's view has its man there
full "$TMP/default.txt" | sed -E 's/^(p1_...1....) .*/\1 100/' >"$TMP/changed.txt"
c=$("$BOYI" analyse --game draughts --depth 8 --position "$pos" --eval "$TMP/changed.txt" | sed 's/ nps [0-9]* time [0-9]*//')
[ "$a" != "$c" ] && ok || bad "--eval with a changed pattern weight changes the search"

run "$BOYI" selfplay --game draughts --games 2 --depth 2 --a "eval=$TMP/w1.txt" --out "$TMP/sp" --seed 5
expect_rc 0 "selfplay with eval=FILE"

# refusals
# the same weights written out in full (every weight, 0s too, no 'sparse') read the same
"$BOYI" selfplay --game draughts --games 1 --depth 1 --out "$TMP/one" --seed 1 >/dev/null 2>&1
full "$TMP/w1.txt" >"$TMP/full.txt"
[ "$(grep -c . "$TMP/full.txt")" -eq 52601 ] && ok || bad "the full file has every weight ($(grep -c . "$TMP/full.txt") lines)"
run "$BOYI" train --game draughts "$TMP/one/data.bin" --init "$TMP/full.txt" --epochs 0 -o "$TMP/w4.txt"
cmp -s "$TMP/w1.txt" "$TMP/w4.txt" && ok || bad "a full weights file reads as its sparse form"
sed '3s/.*/p8_00000000 1/' "$TMP/default.txt" >"$TMP/badname.txt"
run "$BOYI" analyse --game draughts --depth 1 --eval "$TMP/badname.txt"
expect_rc 2 "an unknown weight name is refused"
expect_err 'badname.txt:3: error: .p8_00000000. is not a weight of draughts-patterns-1' "... with its line"
grep -v '^p7_22222222 ' "$TMP/full.txt" >"$TMP/short.txt"
run "$BOYI" analyse --game draughts --depth 1 --eval "$TMP/short.txt"
expect_rc 2 "a weight missing from a full file is refused"
expect_err 'p7_22222222 is missing' "... naming it"
run "$BOYI" train --game draughts "$TMP/tr/data.bin" --l2 -1 -o "$TMP/w3.txt"
expect_rc 2 "--l2 below 0 is refused"

finish
