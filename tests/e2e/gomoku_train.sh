# gomoku_train.sh -- `boyi train --game gomoku` (docs/training.md, "Gomoku"): the
# pattern engine's evaluation weights (model gomoku-patterns-1) fitted to renju self-play
# data (of the hand-set weights): trained from all-zero weights the training loss falls below ln 2; --epochs 0
# writes the compiled-in weights, which tools/gm_weights_header.sh turns back into
# engine/gomoku/gm_weights.h exactly (the one command that remakes the default);
# analyse --eval and selfplay eval=FILE with those weights play exactly as without,
# with the trained ones otherwise; players differing only in their weights play each
# opening twice, colours swapped; a weights file of another model is refused.
source "$(dirname "$0")/lib.bash"

# the data of a fixed weights file (the hand-set ones), whatever the compiled-in default
hand="eval=$SRC/data/weights/gomoku-hand.txt"
"$BOYI" selfplay --game gomoku --rules renju --games 40 --nodes 400 --random-plies 4 --a "$hand" --b "$hand" --out "$TMP/tr" --seed 3 >/dev/null 2>&1
"$BOYI" selfplay --game gomoku --rules renju --games 16 --nodes 400 --random-plies 4 --a "$hand" --b "$hand" --out "$TMP/va" --seed 4 >/dev/null 2>&1
[ -s "$TMP/tr/data.bin" ] && [ -s "$TMP/va/data.bin" ] && ok || bad "self-play data made"

run "$BOYI" train --game gomoku "$TMP/tr/data.bin" --validation "$TMP/va/data.bin" --init zero --epochs 30 --seed 1 -o "$TMP/w1.txt"
expect_rc 0 "train --game gomoku exits 0"
expect_out '^game gomoku, model gomoku-patterns-1 \(96 weights\)' "the model named"
# (a set this small overfits: the training loss must fall by 0.01 at least; whether the
# validation loss falls depends on the games, the trainer's own test is train.sh's)
t0=$(awk '/^epoch 0:/{print $5}' "$TMP/out" | tr -d ,); t30=$(awk '/^epoch 30:/{print $5}' "$TMP/out" | tr -d ,)
v0=$(awk '/^epoch 0:/{print $NF}' "$TMP/out")
if awk -v a="$v0" -v c="$t0" -v d="$t30" 'BEGIN{exit !(a > 0.693 && a < 0.6932 && c > 0.693 && c < 0.6932 && d < c - 0.01)}'; then ok
else bad "the training loss falls below the all-zero weights' (train $t0 -> $t30, validation from $v0)"; fi
grep -q '^boyi-weights gomoku-patterns-1$' "$TMP/w1.txt" && ok || bad "the weights file's header"
[ "$(grep -c '^[RF][BWR]_' "$TMP/w1.txt")" -eq 96 ] && ok || bad "every weight written"

# the compiled-in weights, and the header remade from them
run "$BOYI" train --game gomoku "$TMP/tr/data.bin" --epochs 0 -o "$TMP/default.txt"
expect_rc 0 "--epochs 0 writes the engine's weights"
bash "$SRC/tools/gm_weights_header.sh" "$TMP/default.txt" >"$TMP/gm_weights.h"
cmp -s "$TMP/gm_weights.h" "$SRC/engine/gomoku/gm_weights.h" && ok || { RC=0 OUT=$(diff "$TMP/gm_weights.h" "$SRC/engine/gomoku/gm_weights.h" | head); bad "gm_weights_header.sh remakes gm_weights.h from the default weights"; }
run bash "$SRC/tools/gm_weights_header.sh" "$TMP/va/data.bin"
expect_rc 2 "the header tool refuses what is not gomoku weights"

# searching with a weights file: the default's as without, the trained ones otherwise
pos='black: h8 j7 g9; white: h9 i9'
a=$("$BOYI" analyse --game gomoku --rules renju --position "$pos" --depth 5 | sed 's/ nps [0-9]* time [0-9]*//')
b=$("$BOYI" analyse --game gomoku --rules renju --position "$pos" --depth 5 --eval "$TMP/default.txt" | sed 's/ nps [0-9]* time [0-9]*//')
[ -n "$a" ] && [ "$a" = "$b" ] && ok || { RC=0 OUT="$a / $b"; bad "--eval with the default weights searches as without"; }
c=$("$BOYI" analyse --game gomoku --rules renju --position "$pos" --depth 5 --eval "$TMP/w1.txt" | sed 's/ nps [0-9]* time [0-9]*//')
[ "$a" != "$c" ] && ok || bad "--eval with other weights changes the search"

# eval= in a player spec: the default weights play the same games as no weights
run "$BOYI" selfplay --game gomoku --rules renju --games 4 --nodes 400 --random-plies 4 --seed 5 --out "$TMP/sp0"
expect_rc 0 "selfplay without eval="
run "$BOYI" selfplay --game gomoku --rules renju --games 4 --nodes 400 --random-plies 4 --seed 5 \
    --a "eval=$TMP/default.txt" --b "eval=$TMP/default.txt" --out "$TMP/sp1"
expect_rc 0 "selfplay with eval=FILE"
cmp -s "$TMP/sp0/data.bin" "$TMP/sp1/data.bin" && ok || bad "eval= with the default weights plays the same games"
grep -q "eval=$TMP/default.txt" "$TMP/sp1/batch.txt" && ok || bad "batch.txt keeps the spec with eval="
grep -q '^opening per game (the players are the same)$' "$TMP/sp1/batch.txt" && ok || bad "the same weights: an opening per game"
# players that differ only in their weights are not the same: a pair shares an opening,
# colours swapped (they were taken for the same and played each game its own opening)
run "$BOYI" selfplay --game gomoku --rules renju --games 4 --nodes 400 --random-plies 4 --seed 5 \
    --a "eval=$TMP/w1.txt" --out "$TMP/sp2"
expect_rc 0 "selfplay with eval= on one side"
grep -q '^opening per pair$' "$TMP/sp2/batch.txt" && ok || bad "other weights: an opening per pair"
m0=$(sed -n 1p "$TMP/sp2/games.txt" | cut -d';' -f2-5); m1=$(sed -n 2p "$TMP/sp2/games.txt" | cut -d';' -f2-5)
[ -n "$m0" ] && [ "$m0" = "$m1" ] && ok || bad "the pair's two games start alike ($m0 / $m1)"

# refusals
printf 'boyi-weights gomoku-patterns-1\nRB_MOVER_LINE_BLOCK2 0\n' >"$TMP/short.txt"
run "$BOYI" analyse --game gomoku --depth 1 --eval "$TMP/short.txt"
expect_rc 2 "a weights file missing weights is refused"
expect_err 'short.txt: error: RB_MOVER_LINE_FLEX2 is missing' "... naming the first missing"

finish
