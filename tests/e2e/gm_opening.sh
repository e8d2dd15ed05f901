#!/bin/bash
# gm_opening.sh -- boyi validate under the Gomoku / Renju opening rules: the sample
# games of each rule are ok with the colour each player ended with; each hand-built
# invalid opening gives its fault at its place (the move as written, or the tag's line).
source "$(dirname "$0")/lib.bash"
D=$SRC/data/gomoku/openings-rules
I=$D/invalid

# valid games: the rule, the swaps, and who played black
run "$BOYI" validate --game gomoku "$D/rif.txt"
expect_rc 0 "rif game is valid"
expect_out "ok, 15 plies, 1-0 .*opening rif: 0 swaps, so its first player \(Ann\) played black" "rif: first player black"
run "$BOYI" validate --game gomoku "$D/soosorv8.txt"
expect_rc 0 "soosorv8 game is valid"
expect_out "opening soosorv8: 1 swap, so its first player \(Ann\) played white" "soosorv8: one swap"
run "$BOYI" validate --game gomoku "$D/taraguchi10.txt"
expect_rc 0 "taraguchi10 games (choice 1 and 2) are valid"
expect_out "game 2: ok, 15 plies, 1-0" "taraguchi10 choice 2 (offers) ok"
run "$BOYI" validate --game gomoku "$D/swap2.txt"
expect_rc 0 "swap2 games valid under renju with the first stone off h8"
expect_out "game 3: ok.*opening swap2: 1 swap, so its first player \(Ann\) played white" "swap2 put2 then swap"
run "$BOYI" validate --game gomoku "$D/swap.txt"
expect_rc 0 "swap game valid"

# the same swap2 game without its Opening tag is judged under the contest's free
# opening (renju: first stone on h8) -- and --opening-rule overrides the tag
grep -v '^# opening' "$D/swap2.txt" > "$TMP/noopen.txt"
run "$BOYI" validate --game gomoku "$TMP/noopen.txt"
expect_rc 1 "without its opening rule a swap2 renju game breaks the h8 rule"
expect_out "noopen.txt:[0-9]+:1: game 1, move 1 \(black\) c4: illegal: .*H8" "h8 rule located"
run "$BOYI" validate --game gomoku --opening-rule swap2 "$TMP/noopen.txt"
expect_rc 0 "--opening-rule swap2 makes it valid"
run "$BOYI" validate --game gomoku --opening-rule rif "$D/swap2.txt"
expect_rc 1 "--opening-rule overrides the record's Opening tag"
expect_out "move 1 \(black\) c4: opening: under the rif opening the 1st stone goes on h8" "override located"
run "$BOYI" validate --game gomoku --opening-rule swap9 "$D/swap2.txt"
expect_rc 2 "unknown --opening-rule is a usage error"
expect_err "unknown opening rule 'swap9'" "unknown rule named"

# per player: standings count each game for the player who ended with the winning
# colour (swap2: Ann black wins game 1, Ben black wins games 2 and 3 after the swaps;
# soosorv8: Ben black wins after Ann's swap) -- Ben 3 of 4, Ann 1 of 4
run "$BOYI" standings --game gomoku "$D/swap2.txt" "$D/soosorv8.txt"
expect_rc 0 "standings over opening-rule games"
expect_out "1 Ben +3 +4 +3 +0 +1" "Ben scores 3 of 4 by his final colours"
expect_out "2 Ann +1 +4 +1 +0 +3" "Ann scores 1 of 4"

# each invalid opening (all in one run): FILE:LINE[:COL] and the rule broken
run "$BOYI" validate --game gomoku "$I"/*.txt
expect_rc 1 "the invalid openings are invalid"
expect_out "summary: 20 files, 20 games, .* 0 ok, 20 invalid" "every one of them"
check() {  # file, expected location prefix, regex of the message
    expect_out "/$1:$2: game 1.*opening: .*$3" "$1: located fault"
}
check rif-first-not-centre.txt "2:1" "the 1st stone goes on h8, the centre"
check rif-second-outside.txt "2:4" "2nd stone must lie in the central 3x3 square \(g7-i9\); h10"
check rif-third-outside.txt "2:7" "3rd stone must lie in the central 5x5 square \(f6-j10\); j11"
check taraguchi10-fourth-outside.txt "3:11" "4th stone must lie in the central 7x7 square \(e5-k11\); l11"
check taraguchi10-fifth-outside.txt "3:15" "5th stone must lie in the central 9x9 square \(d4-l12\); m4"
check rif-one-offer.txt "3" "tag Offers: under rif black offers exactly 2 fifth moves; the record lists 1"
check rif-three-offers.txt "3" "tag Offers: under rif black offers exactly 2 fifth moves; the record lists 3"
check taraguchi10-nine-offers.txt "2" "tag Offers: under taraguchi10 black offers exactly 10 fifth moves; the record lists 9"
check soosorv8-declared-nine.txt "3" "tag Declared: under soosorv8 white declares 1 to 8"
check soosorv8-fewer-than-declared.txt "4" "tag Offers: white declared 3 fifth-move offers, so black offers 3; the record lists 2"
check rif-fifth-not-offered.txt "3" "tag Offers: move 5, j8, is not one of the 2 fifth-move offers"
check rif-symmetric-offers.txt "3" "tag Offers: fifth-move offers 1 \(g8\) and 2 \(i8\) are symmetrical"
check rif-offer-occupied.txt "3" "tag Offers: fifth-move offer 2, a15, is on the stone of move 4"
check rif-black-chooses.txt "6" "tag ChosenBy: the record says the black player chose the fifth move"
check soosorv8-one-decision.txt "2" "tag Swap: the Swap tag gives 1 decision, but under soosorv8 a player decides after move 4"
check swap2-put2-no-choice.txt "2" "tag Swap: .* under swap2 a player decides after move 5 too"
check swap-put2.txt "2" "tag Swap: decision 1 is put2"
check free-swap.txt "2" "tag Swap: the Swap tag gives 1 decision, but the free opening has no swap"
check swap2-offers.txt "3" "tag Offers: the swap2 opening has no fifth-move offers"
check bad-decision-word.txt "2" "tag Swap: 'maybe' is not a swap decision"
finish
