# draughts_variations.sh -- variations through the boyi binary: an illegal move in a
# variation is a located warning ("in a variation:") and the main line's verdict stands;
# --variation-errors makes it the verdict; convert keeps the variations (what it writes
# is judged the same).  Also the FEN policy: a position no game reaches (a man on its own
# promotion row, 21 pieces) is a warning, and --strict refuses it, in records and --fen.
source "$(dirname "$0")/lib.bash"

printf '[Event "v"]\n1. 32-28 19-23 (1... 18-24 2. 38-32) 2. 28x19 14x23 *\n' > "$TMP/var.pdn"
run "$BOYI" validate --game draughts "$TMP/var.pdn"
expect_rc 0 "illegal variation: the main line stands"
expect_out 'var.pdn:2:22: game 1: warning: in a variation: move 1 \(black\) 18-24: ' "illegal variation: located warning"
expect_out 'var.pdn: game 1: ok, 4 plies' "illegal variation: main line ok"
run "$BOYI" validate --variation-errors --game draughts "$TMP/var.pdn"
expect_rc 1 "--variation-errors"
expect_out 'var.pdn:2:22: game 1, move 1 \(black\) 18-24: illegal: in a variation: ' "--variation-errors: the verdict, located"

run "$BOYI" convert --game draughts --to pdn "$TMP/var.pdn"
expect_rc 0 "convert with a variation"
expect_out '\(1\.\.\. 18-24 2\. 38-32\)' "convert keeps the variation"
cp "$TMP/out" "$TMP/var2.pdn"
run "$BOYI" validate --game draughts "$TMP/var2.pdn"
expect_out 'game 1: warning: in a variation: move 1 \(black\) 18-24: ' "converted: the same warning"
expect_out 'var2.pdn: game 1: ok, 4 plies' "converted: the same verdict"

# The standard's variation sample and two real games with variations: all legal.
S="$SHARED/corpus/draughts/pdn-standard/succeed"
run "$BOYI" validate --game draughts "$S/variation.pdn" "$S/nk ronde 01.pdn" "$S/nk ronde 02.pdn"
expect_rc 0 "corpus variations"
if grep -q 'in a variation' "$TMP/out"; then bad "corpus variations are legal"; else ok; fi
run "$BOYI" convert --game draughts --to pdn "$S/nk ronde 01.pdn"
n_in=$(grep -o '(' "$S/nk ronde 01.pdn" | wc -l)
n_out=$(grep -o '(' "$TMP/out" | wc -l)
if [ "$n_in" -gt 0 ] && [ "$n_in" -eq "$n_out" ]; then ok; else bad "convert keeps all $n_in variations of nk ronde 01 (wrote $n_out)"; fi

# FEN policy: the same for both unreachable kinds.
printf '[FEN "W:W3,31:B20"]\n1. 31-27 20-24 *\n\n[FEN "W:W30-50:B1-20"]\n1. 32-28 *\n' > "$TMP/fen.pdn"
run "$BOYI" validate --game draughts "$TMP/fen.pdn"
expect_rc 0 "unreachable FENs: read"
expect_out "fen.pdn:1:1: game 1: warning: FEN 'W:W3,31:B20' cannot occur in a game: a white man on 3, white's promotion row" \
    "man on its promotion row: warning"
expect_out "fen.pdn:4:1: game 2: warning: FEN 'W:W30-50:B1-20' cannot occur in a game: white has 21 pieces" "21 men: warning"
expect_out '^summary: 1 files, 2 games, 3 moves, 2 ok' "unreachable FENs: games ok"
run "$BOYI" validate --strict --game draughts "$TMP/fen.pdn"
expect_rc 1 "unreachable FENs: --strict"
expect_out "fen.pdn:1:1: game 1: position: FEN 'W:W3,31:B20' cannot occur in a game" "--strict: promotion row refused"
expect_out "fen.pdn:4:1: game 2: position: FEN 'W:W30-50:B1-20' cannot occur in a game" "--strict: 21 men refused"
run "$BOYI" moves --game draughts --fen 'W:W5:B10'
expect_rc 0 "moves --fen with a man on its promotion row"
expect_out '^5x14$' "that man takes"
expect_err "warning: FEN 'W:W5:B10' cannot occur in a game" "moves --fen: warning"
run "$BOYI" moves --strict --game draughts --fen 'W:W30-50:B1-20'
expect_rc 2 "moves --fen --strict refuses 21 men"

finish
