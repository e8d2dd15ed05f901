# draughts_variants.sh -- the 8x8 variants through the binary: perft from each start
# (published counts: Aart Bik's checkers perft; the shashki.com and FMJD forum threads,
# see tests/draughts_engine/test_variants.c), moves, and PDN games judged under their
# GameType or --rules (tests/draughts_pdn/data/variants: real games, sources in its README).
source "$(dirname "$0")/lib.bash"
DATA="$SRC/tests/draughts_pdn/data/variants"
SUCCEED="$SHARED/corpus/draughts/pdn-standard/succeed"

check_perft() {   # rules depth count
    run "$BOYI" perft --game draughts --rules "$1" "$2"
    expect_rc 0 "perft $1 $2"
    if [ "$(tail -n 1 "$TMP/out")" = "$3" ]; then ok; else bad "$1 perft $2 = $3"; fi
}
check_perft english 7 179740
check_perft russian 7 190146
check_perft brazilian 7 187302
check_perft italian 7 177532
check_perft american 5 7361

run "$BOYI" moves --game draughts --rules english
expect_rc 0 "english moves"
expect_out '^9-13' "english: black starts from 1..12 (9-13)"
run "$BOYI" perft --game draughts --rules russian --fen "W:W9:B6,11" 1
if [ "$(tail -n 1 "$TMP/out")" = 2 ]; then ok; else bad "russian: crowned mid-capture, 2 captures"; fi
run "$BOYI" perft --game draughts --rules english --fen "W:W40:B1" 1
expect_rc 2 "a square beyond 32 in an 8x8 FEN"
expect_err "does not exist" "bad 8x8 FEN: reason"

for v in english russian italian; do
    run "$BOYI" validate --game draughts "$DATA/$v.pdn"
    expect_rc 0 "$v game under its GameType"
    expect_out '1 ok, 0 invalid' "$v game valid"
done

# Without its GameType, the Russian game judged by English rules, and the Italian one
# as international draughts: both invalid (exit 1).
grep -v GameType "$DATA/russian.pdn" > "$TMP/ru.pdn"
run "$BOYI" validate --game draughts --rules russian "$TMP/ru.pdn"
expect_rc 0 "russian game under --rules russian"
run "$BOYI" validate --game draughts --rules english "$TMP/ru.pdn"
expect_rc 1 "russian game under english rules"
grep -v GameType "$DATA/italian.pdn" > "$TMP/it.pdn"
run "$BOYI" validate --game draughts "$TMP/it.pdn"
expect_rc 1 "italian game as international"
sed 's/GameType "22"/GameType "31"/' "$DATA/italian.pdn" > "$TMP/th.pdn"
run "$BOYI" validate --game draughts "$TMP/th.pdn"
expect_out 'game type 31 is not supported' "an unplayed game type is skipped with a reason"
# A move to a square the 8x8 board lacks.
sed 's/21-17 12-15/21-17 12-35/' "$DATA/italian.pdn" > "$TMP/bad.pdn"
run "$BOYI" validate --game draughts "$TMP/bad.pdn"
expect_rc 1 "square 35 in italian"
expect_out 'square 35 does not exist' "square 35: reason"

# A self-played Italian game is written with its GameType and judged valid.
run "$BOYI" selfplay --game draughts --rules italian --games 1 --a depth=1 --b depth=1 --out "$TMP/sp"
expect_rc 0 "italian self-play"
if grep -q 'GameType "22"' "$TMP/sp/games.pdn"; then ok; else bad "self-play PDN carries GameType 22"; fi
run "$BOYI" validate --game draughts "$TMP/sp/games.pdn"
expect_rc 0 "self-played italian game valid"

# Frisian (GameType 40): perft from the start (FMJD forum thread, duplicates removed),
# a real game (playstrategy.dev, README in the data folder) valid under its GameType and
# under --rules frisian, invalid as international (13x33 is an orthogonal capture); the
# king three-move limit and the value rule in hand-built games; self-play round trip.
check_perft frisian 6 102431
run "$BOYI" validate --game draughts "$DATA/frisian.pdn"
expect_rc 0 "frisian game under its GameType"
expect_out '1 ok, 0 invalid' "frisian game valid"
expect_out 'no legal move' "frisian game ends with black blocked"
grep -v GameType "$DATA/frisian.pdn" > "$TMP/fr.pdn"
run "$BOYI" validate --game draughts --rules frisian "$TMP/fr.pdn"
expect_rc 0 "frisian game under --rules frisian"
run "$BOYI" validate --game draughts "$TMP/fr.pdn"
expect_rc 1 "frisian game as international"
expect_out '13x33' "as international, the orthogonal capture is refused"
# White's king on 46 moves three times in a row while white has a man (36): the fourth
# king move is illegal; black (only a king) is not limited.
printf '[GameType "40"]\n[FEN "W:WK46,36:BK1"]\n[Result "*"]\n\n1. 46-41 1-7 2. 41-46 7-1 3. 46-41 1-7 4. 41-46 *\n' > "$TMP/k3.pdn"
run "$BOYI" validate --game draughts "$TMP/k3.pdn"
expect_rc 1 "frisian: a fourth king move in a row"
expect_out 'move 4 \(white\) 41-46: illegal: the king on 41 has made three moves' "frisian king limit: reason"
sed 's/4\. 41-46/4. 36-31/' "$TMP/k3.pdn" > "$TMP/k3ok.pdn"
run "$BOYI" validate --game draughts "$TMP/k3ok.pdn"
expect_rc 0 "frisian: the man moves instead"
# White man 28 must take the king on 22 (-> 17), not the man on 23.
printf '[GameType "40"]\n[FEN "W:W28:BK22,23"]\n[Result "*"]\n\n1. 28x19 *\n' > "$TMP/val.pdn"
run "$BOYI" validate --game draughts "$TMP/val.pdn"
expect_rc 1 "frisian value rule"
expect_out 'highest value' "frisian value rule: reason"
run "$BOYI" selfplay --game draughts --rules frisian --games 1 --a depth=1 --b depth=1 --out "$TMP/frsp"
expect_rc 0 "frisian self-play"
if grep -q 'GameType "40"' "$TMP/frsp/games.pdn"; then ok; else bad "self-play PDN carries GameType 40"; fi
run "$BOYI" validate --game draughts "$TMP/frsp/games.pdn"
expect_rc 0 "self-played frisian game valid"

# The PDN standard's English games (no GameType tag) under --rules english.
if [ -f "$SUCCEED/OCA_2.0.pdn" ]; then
    run "$BOYI" validate --game draughts --rules english "$SUCCEED/OCA_2.0.pdn"
    expect_out '43 games, [0-9]+ moves, 43 ok, 0 invalid' "OCA 2.0 under english rules"
fi
finish
