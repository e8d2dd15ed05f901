# draughts_pool_spanish.sh -- pool checkers (PDN GameType 23) and Spanish draughts (24)
# through the binary: perft(7) from the start against the published counts (depth 10 in
# draughts_pool_spanish_bench.sh, Release only) (pool: the
# shashki.com "Standard validation generator moves" thread; Spanish: the FMJD forum
# "Perft for all recognized draughts variants" thread; both as collected in
# rhalbersma/dctl's board8x8 traversal test), a hand-derived pool capture (the man that
# passes the far row goes on as a man), self-played games judged valid, and Spanish
# records in the PDN table's N1 numbering (square 1 = h1, white on 1..12) against boyi's
# own (N2).
source "$(dirname "$0")/lib.bash"

check_perft() {   # rules depth count
    run "$BOYI" perft --game draughts --rules "$1" "$2"
    expect_rc 0 "perft $1 $2"
    if [ "$(tail -n 1 "$TMP/out")" = "$3" ]; then ok; else bad "$1 perft $2 = $3"; fi
}
check_perft pool 7 190146
check_perft spanish 7 177532

run "$BOYI" moves --game draughts --rules pool
expect_out '^9-13' "pool: black starts from 1..12 (9-13)"

# English numbering: white man b6 (9) takes c7 (6) onto d8 (2) and goes on backwards over
# e7 (7) to f6 (11) as a man: the only move in pool.  Russian crowns it on d8, and the
# king may land on f6, g5 (16) or h4 (20).
printf '[GameType "23"]\n[FEN "W:W9:B6,7,29"]\n[Result "*"]\n\n1. 9x16 *\n' > "$TMP/pl.pdn"
run "$BOYI" validate --game draughts "$TMP/pl.pdn"
expect_rc 1 "pool: no crowning in mid-capture (9x16 is Russian)"
sed 's/GameType "23"/GameType "25"/' "$TMP/pl.pdn" > "$TMP/ru.pdn"
run "$BOYI" validate --game draughts "$TMP/ru.pdn"
expect_rc 0 "russian: crowned on d8, lands on g5"
sed 's/9x16/9x11/' "$TMP/pl.pdn" > "$TMP/pl11.pdn"
run "$BOYI" validate --game draughts "$TMP/pl11.pdn"
expect_rc 0 "pool: 9x11 as a man"

run "$BOYI" selfplay --game draughts --rules pool --games 1 --a depth=1 --b depth=1 --out "$TMP/pool"
expect_rc 0 "pool self-play"
if grep -q 'GameType "23"' "$TMP/pool/games.pdn"; then ok; else bad "self-play PDN carries GameType 23"; fi
run "$BOYI" validate --game draughts "$TMP/pool/games.pdn"
expect_rc 0 "self-played pool game valid"

# Spanish: boyi writes its own numbering and says so (N2); the same game renumbered to
# the table's default N1 (s -> 33 - s) under [GameType "24"] is valid too, and the N1
# moves read as N2 are not (white's first move would start on a black man).
run "$BOYI" selfplay --game draughts --rules spanish --games 1 --a depth=1 --b depth=1 --out "$TMP/es"
expect_rc 0 "spanish self-play"
if grep -q 'GameType "24,W,8,8,N2,1"' "$TMP/es/games.pdn"; then ok; else bad "self-play PDN carries GameType 24 with N2"; fi
run "$BOYI" validate --game draughts "$TMP/es/games.pdn"
expect_rc 0 "self-played spanish game valid"
awk '/^\[GameType/ { print "[GameType \"24\"]"; next } /^\[/ { print; next }
     { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+([-x][0-9]+)+$/) {
           n = split($i, sq, /[-x]/); sep = ($i ~ /x/) ? "x" : "-"; out = 33 - sq[1]
           for (k = 2; k <= n; k++) out = out sep (33 - sq[k]); $i = out }
       print }' "$TMP/es/games.pdn" > "$TMP/n1.pdn"
run "$BOYI" validate --game draughts "$TMP/n1.pdn"
expect_rc 0 "spanish N1 record valid"
sed 's/GameType "24"/GameType "24,W,8,8,N2,1"/' "$TMP/n1.pdn" > "$TMP/n1as2.pdn"
run "$BOYI" validate --game draughts "$TMP/n1as2.pdn"
expect_rc 1 "N1 moves read as N2: invalid"
expect_out "is black's" "N1 read as N2: reason"
# A Spanish FEN in N1: white men on 1..12 (its own first rows), black on 21..32.
printf '[GameType "24"]\n[FEN "W:W1-12:B21-32"]\n[Result "*"]\n\n1. 11-15 *\n' > "$TMP/n1fen.pdn"
run "$BOYI" validate --game draughts "$TMP/n1fen.pdn"
expect_rc 0 "spanish N1 FEN and move"
finish
