# train.sh -- `boyi train` (docs/training.md) on a small generated data set: trained
# from all-zero weights, the validation loss falls below the all-zero loss (ln 2); a
# fixed seed gives the same weights file on one thread or two (that another seed
# orders the minibatches otherwise is test_train.c's: this set is one minibatch);
# data.bin and its plain export train alike; a weights file round-trips (--init W
# --epochs 0 writes W again) and --eval with the engine's own weights searches as
# without; a file of the older models (xiangqi-terms-1, -2) loads with its tables and
# threat terms 0 (-1) or its threat terms 0 (-2) and plays as its conversion (-2: and
# as the compiled-in default, round 4), and one that breaks that model's rules is
# refused; threat weights change the evaluation; --model fits an earlier model's weights
# only; eval=FILE plays in selfplay; bad files and options are refused with their line.
source "$(dirname "$0")/lib.bash"

"$BOYI" selfplay --game xiangqi --games 24 --depth 2 --random-plies 6 --out "$TMP/tr" --seed 3 >/dev/null 2>&1
"$BOYI" selfplay --game xiangqi --games 8 --depth 2 --random-plies 6 --out "$TMP/va" --seed 4 >/dev/null 2>&1
[ -s "$TMP/tr/data.bin" ] && [ -s "$TMP/va/data.bin" ] && ok || bad "self-play data made"

run "$BOYI" train --game xiangqi "$TMP/tr/data.bin" --validation "$TMP/va/data.bin" --init zero --epochs 30 --seed 1 -o "$TMP/w1.txt"
expect_rc 0 "train exits 0"
expect_out '^epoch 30: train loss [0-9.]+, validation loss [0-9.]+$' "a line per epoch with both losses"
v0=$(awk '/^epoch 0:/{print $NF}' "$TMP/out"); v30=$(awk '/^epoch 30:/{print $NF}' "$TMP/out")
if awk -v a="$v0" -v b="$v30" 'BEGIN{exit !(a > 0.693 && a < 0.6932 && b < a - 0.01)}'; then ok; else bad "validation loss falls below the all-zero weights' ($v0 -> $v30)"; fi
expect_out 'training data: [0-9]+ positions read, [0-9]+ used' "the positions counted"
grep -q '^boyi-weights xiangqi-terms-3$' "$TMP/w1.txt" && ok || bad "the weights file's header"
[ "$(grep -c . "$TMP/w1.txt")" -gt 50 ] && ok || bad "every weight written"

run "$BOYI" train --game xiangqi "$TMP/tr/data.bin" --validation "$TMP/va/data.bin" --init zero --epochs 30 --seed 1 --threads 2 -o "$TMP/w2.txt"
cmp -s "$TMP/w1.txt" "$TMP/w2.txt" && ok || bad "the same seed gives the same weights (threads 1 and 2)"

"$BOYI" data export "$TMP/tr/data.bin" --format plain -o "$TMP/tr.plain"
run "$BOYI" train --game xiangqi "$TMP/tr.plain" --validation "$TMP/va/data.bin" --init zero --epochs 30 --seed 1 -o "$TMP/w4.txt"
expect_rc 0 "train reads the plain export"
cmp -s "$TMP/w1.txt" "$TMP/w4.txt" && ok || bad "data.bin and its plain export give the same weights"

# round trip: the weights read back are the weights written
run "$BOYI" train --game xiangqi "$TMP/tr/data.bin" --init "$TMP/w1.txt" --epochs 0 -o "$TMP/w5.txt"
cmp -s "$TMP/w1.txt" "$TMP/w5.txt" && ok || bad "a weights file round-trips"
# the engine's own weights through a file search exactly as without one
"$BOYI" train --game xiangqi "$TMP/tr/data.bin" --epochs 0 -o "$TMP/default.txt" >/dev/null
a=$("$BOYI" analyse --game xiangqi --depth 5 | sed 's/ nps [0-9]* time [0-9]*//')
b=$("$BOYI" analyse --game xiangqi --depth 5 --eval "$TMP/default.txt" | sed 's/ nps [0-9]* time [0-9]*//')
[ -n "$a" ] && [ "$a" = "$b" ] && ok || { RC=0 OUT="$a / $b"; bad "--eval with the default weights searches as without"; }
c=$("$BOYI" analyse --game xiangqi --depth 5 --eval "$TMP/w1.txt" | sed 's/ nps [0-9]* time [0-9]*//')
[ "$a" != "$c" ] && ok || bad "--eval with other weights changes the search"

# a file of the oldest model (xiangqi-terms-1: the 80 terms) loads, its piece-square
# tables and threat terms 0, and searches as the same weights written as xiangqi-terms-3
old="$SRC/data/weights/xiangqi-round2.txt"
run "$BOYI" train --game xiangqi "$TMP/tr/data.bin" --init "$old" --epochs 0 -o "$TMP/conv.txt"
expect_rc 0 "--init takes a xiangqi-terms-1 file"
[ "$(grep -c '^PST' "$TMP/conv.txt")" = 700 ] && [ "$(grep '^PST' "$TMP/conv.txt" | grep -vc ' 0$')" = 0 ] && ok \
    || bad "its tables read as 0"
[ "$(grep -c '^THREAT_' "$TMP/conv.txt")" = 18 ] && [ "$(grep '^THREAT_' "$TMP/conv.txt" | grep -vc ' 0$')" = 0 ] && ok \
    || bad "its threat terms read as 0"
diff <(sed 1d "$old") <(sed 1d "$TMP/conv.txt" | grep -v '^PST' | grep -v '^THREAT_') >/dev/null && ok || bad "its terms read as given"
a=$("$BOYI" analyse --game xiangqi --depth 5 --eval "$old" | sed 's/ nps [0-9]* time [0-9]*//')
b=$("$BOYI" analyse --game xiangqi --depth 5 --eval "$TMP/conv.txt" | sed 's/ nps [0-9]* time [0-9]*//')
[ -n "$a" ] && [ "$a" = "$b" ] && ok || { RC=0 OUT="$a / $b"; bad "the xiangqi-terms-1 file searches as its conversion"; }
{ cat "$old"; echo 'PST_PAWN_R5F4 3'; } >"$TMP/old_pst.txt"
run "$BOYI" analyse --game xiangqi --depth 1 --eval "$TMP/old_pst.txt"
expect_rc 2 "a xiangqi-terms-1 file with a table entry is refused"
expect_err "old_pst.txt:82: error: 'PST_PAWN_R5F4' is not a weight of xiangqi-terms-1" "... with its line"
grep -v '^TEMPO' "$old" >"$TMP/old_short.txt"
run "$BOYI" analyse --game xiangqi --depth 1 --eval "$TMP/old_short.txt"
expect_rc 2 "a xiangqi-terms-1 file without one of its terms is refused"
expect_err 'TEMPO is missing \(every weight of xiangqi-terms-1 is given\)' "... naming it"

# a file of the model before (xiangqi-terms-2: the terms and tables, round 4) loads, its
# threat terms 0: it searches as its conversion and as the compiled-in default (round 4,
# threat terms 0), node for node; a threat term in it is refused with its line
old2="$SRC/data/weights/xiangqi-round4-fsf.txt"
run "$BOYI" train --game xiangqi "$TMP/tr/data.bin" --init "$old2" --epochs 0 -o "$TMP/conv2.txt"
expect_rc 0 "--init takes a xiangqi-terms-2 file"
diff <(sed 1d "$old2") <(sed 1d "$TMP/conv2.txt" | grep -v '^THREAT_') >/dev/null && ok || bad "its terms and tables read as given"
[ "$(grep '^THREAT_' "$TMP/conv2.txt" | grep -c ' 0$')" = 18 ] && ok || bad "its threat terms read as 0"
a=$("$BOYI" analyse --game xiangqi --depth 6 --eval "$old2" | sed 's/ nps [0-9]* time [0-9]*//')
b=$("$BOYI" analyse --game xiangqi --depth 6 --eval "$TMP/conv2.txt" | sed 's/ nps [0-9]* time [0-9]*//')
[ -n "$a" ] && [ "$a" = "$b" ] && ok || { RC=0 OUT="$a / $b"; bad "the xiangqi-terms-2 file searches as its conversion"; }
c=$("$BOYI" analyse --game xiangqi --depth 6 | sed 's/ nps [0-9]* time [0-9]*//')
[ "$a" = "$c" ] && ok || { RC=0 OUT="$a / $c"; bad "round 4's file searches as the compiled-in default"; }
{ cat "$old2"; echo 'THREAT_MOVER_CHARIOT_LESSER -30'; } >"$TMP/old2_thr.txt"
run "$BOYI" analyse --game xiangqi --depth 1 --eval "$TMP/old2_thr.txt"
expect_rc 2 "a xiangqi-terms-2 file with a threat term is refused"
expect_err "old2_thr.txt:782: error: 'THREAT_MOVER_CHARIOT_LESSER' is not a weight of xiangqi-terms-2" "... with its line"
# threat weights change the search (the terms are live), on a position with pieces en prise
sed 's/^\(THREAT_[A-Z_]*\) 0$/\1 -60/' "$TMP/conv2.txt" >"$TMP/thr.txt"
fen='r1bakabr1/9/1cn4c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1'
a=$("$BOYI" analyse --game xiangqi --depth 1 --fen "$fen" --eval "$TMP/conv2.txt" | sed 's/ nps [0-9]* time [0-9]*//')
b=$("$BOYI" analyse --game xiangqi --depth 1 --fen "$fen" --eval "$TMP/thr.txt" | sed 's/ nps [0-9]* time [0-9]*//')
[ -n "$a" ] && [ "$a" != "$b" ] && ok || { RC=0 OUT="$a / $b"; bad "a threat weight changes the evaluation"; }

# --model xiangqi-terms-2 fits the terms and tables only: the threat terms stay as
# --init gives them (here -60 each), while training moves them without it; -1 keeps the
# tables too; a model the game does not have is refused
run "$BOYI" train --game xiangqi "$TMP/tr/data.bin" --init "$TMP/thr.txt" --epochs 5 --seed 1 --model xiangqi-terms-2 -o "$TMP/m2.txt"
expect_rc 0 "--model xiangqi-terms-2 trains"
expect_out "fitting xiangqi-terms-2's weights only" "... and says so"
diff <(grep '^THREAT_' "$TMP/thr.txt") <(grep '^THREAT_' "$TMP/m2.txt") >/dev/null && ok || bad "--model xiangqi-terms-2 keeps the threat terms"
! diff <(grep -v '^THREAT_' "$TMP/thr.txt") <(grep -v '^THREAT_' "$TMP/m2.txt") >/dev/null && ok || bad "... and fits the rest"
"$BOYI" train --game xiangqi "$TMP/tr/data.bin" --init "$TMP/thr.txt" --epochs 5 --seed 1 -o "$TMP/m3.txt" >/dev/null
! diff <(grep '^THREAT_' "$TMP/thr.txt") <(grep '^THREAT_' "$TMP/m3.txt") >/dev/null && ok || bad "without --model the threat terms are fitted"
run "$BOYI" train --game xiangqi "$TMP/tr/data.bin" --init "$TMP/thr.txt" --epochs 5 --seed 1 --model xiangqi-terms-1 -o "$TMP/m1.txt"
diff <(grep -E '^(PST|THREAT_)' "$TMP/thr.txt") <(grep -E '^(PST|THREAT_)' "$TMP/m1.txt") >/dev/null && ok \
    || bad "--model xiangqi-terms-1 keeps the tables and threat terms"
! diff "$TMP/thr.txt" "$TMP/m1.txt" >/dev/null && ok || bad "... and fits the terms"
run "$BOYI" train --game xiangqi "$TMP/tr/data.bin" --model xiangqi-terms-7 -o "$TMP/m7.txt"
expect_rc 2 "an unknown --model is refused"
expect_err "--model xiangqi-terms-7: xiangqi-terms-3's evaluation takes xiangqi-terms-3, xiangqi-terms-2, xiangqi-terms-1" "... naming those it takes"
[ ! -e "$TMP/m7.txt" ] && ok || bad "... writing nothing"

# eval= in a player spec
run "$BOYI" selfplay --game xiangqi --games 2 --depth 2 --a "eval=$TMP/w1.txt" --out "$TMP/sp" --seed 5
expect_rc 0 "selfplay with eval=FILE"
grep -q "eval=$TMP/w1.txt" "$TMP/sp/batch.txt" && ok || bad "batch.txt keeps the spec with eval="

# refusals
printf 'boyi-weights xiangqi-terms-1\nMAT_PAWN 5\nMAT_PAWN 6\n' >"$TMP/dup.txt"
run "$BOYI" analyse --game xiangqi --depth 1 --eval "$TMP/dup.txt"
expect_rc 2 "a weight given twice is refused"
expect_err 'dup.txt:3: error: MAT_PAWN again \(first on line 2\)' "... with its line"
run "$BOYI" selfplay --game xiangqi --games 2 --depth 1 --a "eval=$TMP/none.txt" --out "$TMP/sp2"
expect_rc 2 "eval= naming no file is refused"
run "$BOYI" analyse --game nogo --depth 1 --eval "$TMP/w1.txt"
expect_rc 2 "a game without trainable weights refuses --eval"
run "$BOYI" analyse --game gomoku --depth 1 --eval "$TMP/w1.txt"
expect_rc 2 "another game's weights are refused"
expect_err "these are 'xiangqi-terms-3' weights; this game's evaluation takes 'gomoku-patterns-1'" "... naming both models"
sed 1s/xiangqi-terms-3/xiangqi-terms-9/ "$TMP/w1.txt" >"$TMP/w9.txt"
run "$BOYI" analyse --game xiangqi --depth 1 --eval "$TMP/w9.txt"
expect_rc 2 "an unknown Xiangqi model is refused"
expect_err "these are 'xiangqi-terms-9' weights; this game's evaluation takes 'xiangqi-terms-3' \\(or 'xiangqi-terms-2', 'xiangqi-terms-1'\\)" \
    "... naming the three it takes"
printf 'fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\nmove h2e2\nscore 12\nply 0\nresult 2\ne\n' >"$TMP/bad.plain"
run "$BOYI" train --game xiangqi "$TMP/bad.plain" -o "$TMP/w6.txt"
expect_rc 1 "a bad plain record is refused"
expect_err 'bad.plain:5: error: result takes 1, 0 or -1' "... with its line"
[ ! -e "$TMP/w6.txt" ] && ok || bad "no weights written from bad data"
head -c 3000 "$TMP/tr/data.bin" >"$TMP/cut.bin"
run "$BOYI" train --game xiangqi "$TMP/cut.bin" -o "$TMP/w7.txt"
expect_rc 1 "a cut data.bin is refused"
"$BOYI" selfplay --game gomoku --games 2 --depth 1 --out "$TMP/gm" --seed 1 >/dev/null 2>&1
run "$BOYI" train --game xiangqi "$TMP/gm/data.bin" -o "$TMP/w8.txt"
expect_rc 1 "another game's data is refused"
expect_err 'holds gomoku data, not xiangqi' "... saying so"
run "$BOYI" train --game nogo "$TMP/gm/data.bin" -o "$TMP/w8.txt"
expect_rc 2 "a game without trainable weights is refused"
run "$BOYI" train --game xiangqi "$TMP/tr/data.bin" --lambda 2 -o "$TMP/w8.txt"
expect_rc 2 "--lambda outside 0..1 is refused"

finish
