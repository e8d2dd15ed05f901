#!/usr/bin/env bash
# yizi.sh -- the line game (一字棋) end to end: records validated (the samples, one
# file of faults each located, a hand-typed messy file read with warnings), bad
# positions and moves refused, solve (text, --json, --table) against facts derived
# by hand in docs/yizi.md, render, annotate marking the move that threw a win away.
source "$(dirname "$0")/lib.bash"
D=$SRC/tests/yizi/data

run "$BOYI" validate "$SRC/data/yizi/contest.txt"
expect_rc 0 "the sample records are valid"
expect_out 'summary: 1 files, 3 games, 65 moves, 3 ok' "three games, 30+22+13 plies"

run "$BOYI" validate "$D/faults.txt"
expect_rc 1 "a file of faults is invalid"
expect_out 'summary: 1 files, 11 games, .* 1 ok, 10 invalid' "ten faulty games counted, the one after a broken game read"
expect_out 'faults.txt:1:[0-9]+: game 1, move 1 .*point 10 holds 1 coin, not 2' "too many coins, located"
expect_out 'game 2, move 1 .*marked S \(second\), but it is F \(first\).s turn' "the wrong side"
expect_out 'game 3, .*toward the goal' "away from the goal"
expect_out 'game 4, move 3 .*after-end' "a move after the end"
expect_out 'game 5: result: the record says 先手胜, but S \(second\) won' "the wrong result"
expect_out 'game 6: result: .*no draw' "no draw"
expect_out 'game 7, .*no more placements' "a placement under rule 1"
expect_out 'game 8, move 2 .*still to be placed' "a move during the placements"
expect_out 'faults.txt:9:[0-9]+: game 9: parse' "an unreadable move, located"
expect_out 'game 10: parse: a new game begins' "an unclosed game"

run "$BOYI" validate "$D/messy.txt"
expect_rc 0 "a messy hand-typed file is read"
expect_out 'messy.txt:3:1: game 1: warning: full-width' "full-width punctuation warned, located"
expect_out 'game 1: warning: no rules field: rule 1' "rules inferred"
expect_out 'game 2: warning: .*engine.s notation' "engine notation warned"
expect_out "game 3: warning: no ';' after move 1" "a missing ';'"
expect_out 'game 3: warning: no rules field: rule 2' "rule 2 inferred from a move of two coins from point 6"
expect_out '3 ok, 0 invalid' "all three games valid"

# convert writes the canonical form, the inferred rules filled in: it reads back clean
run "$BOYI" convert "$D/messy.txt" --to contest -o "$TMP/clean.txt"
expect_rc 0 "convert the messy file"
run "$BOYI" validate "$TMP/clean.txt"
expect_out '3 ok, 0 invalid, 0 skipped, [0-9]+ warnings' "the converted file reads back"
# no warning left but the result policy's (short games with a result and no reason)
if grep 'warning:' "$TMP/out" | grep -vq 'gives no reason'; then bad "the converted file has no warning left"; else ok; fi
grep -q '\[R2 normal\];F(6,2,0);S(7,1,6)}' "$TMP/clean.txt" && ok || bad "rule 2 written for the game that needs it"

# positions and moves
run "$BOYI" moves --game yizi --position "0,1,1,1,1,1,1,1,1,1 f"
expect_rc 2 "ten counts are no position"
expect_err 'expected .,. before the count of point 10' "the error says what is missing"
run "$BOYI" moves --game yizi --position "1,1,1,1,1,1,1,1,1,0,0 f 1"
expect_rc 2 "a coin on the goal before all are placed"
run "$BOYI" perft --game yizi --rules 1 --depth 2
expect_out '^2805$' "rule 1 perft 2 (hand count in tests/core/test_conformance.c)"
run "$BOYI" perft --game yizi --rules 3 --depth 2
expect_out '^5050$' "rule 3 perft 2 (hand count)"
run "$BOYI" moves --game 一字棋 --rules 2
expect_rc 0 "the Chinese name"

# solve: rule 1 normal is lost for the first player (the pairing argument);
# parity (hand): under normal play the last mover wins, so a side-to-move loss
# ends after an even number of plies and a win after an odd one; under misère the
# reverse.  A loss has no winning move, a win at least one.
for rules in 1 2 3; do
  for mis in "" --misere; do
    run "$BOYI" solve --game yizi --rules $rules $mis --json
    expect_rc 0 "solve rule $rules $mis"
    res=$(sed -E 's/.*"result":"([a-z]+)".*/\1/' "$TMP/out")
    plies=$(sed -E 's/.*"plies":([0-9]+).*/\1/' "$TMP/out")
    nwin=$(grep -o '"from":\|"point":' "$TMP/out" | wc -l)
    par=$((plies % 2))
    if [ -z "$mis" ]; then want=$([ "$res" = win ] && echo 1 || echo 0); else want=$([ "$res" = win ] && echo 0 || echo 1); fi
    if [ "$par" = "$want" ]; then ok; else bad "rule $rules $mis: $res in $plies plies has the wrong parity"; fi
    if { [ "$res" = win ] && [ "$nwin" -gt 0 ]; } || { [ "$res" = loss ] && [ "$nwin" -eq 0 ]; }; then ok; else bad "rule $rules $mis: $res with $nwin winning moves"; fi
  done
done
run "$BOYI" solve --game yizi --rules 1 --json
expect_out '"result":"loss"' "rule 1, normal play: the first player loses (pairing)"
run "$BOYI" solve --game yizi --rules 2 --json
expect_out '"winning_moves":\[.*\{"from":6,"coins":1,"to":5\}' "rule 2: 6:1-5 pairs the points and wins"
run "$BOYI" solve --game yizi --rules 3 --json
expect_out '"winning_moves":\[\{"point":' "placements are given as point and coins"
run "$BOYI" solve --game yizi --position "9,0,0,0,0,0,0,0,0,0,1 f 0" --misere --json
expect_out '"result":"win","plies":2,"winning_moves":\[\{"from":10,"coins":1,"to":1\}' "misère: one coin left, step it to point 1"

# the table: every position of rule 3, C(20,10) + C(19,10) = 277134, two header lines
run "$BOYI" solve --game yizi --rules 3 --table "$TMP/table.txt"
expect_rc 0 "solve --table"
n=$(wc -l < "$TMP/table.txt")
if [ "$n" -eq 277136 ]; then ok; else RC=0; bad "table has $n lines, expected 277134 positions + 2"; fi
grep -q '^0,0,0,0,0,0,0,0,0,0,0 10 win' "$TMP/table.txt" && ok || bad "the empty board is in the table"

# render and annotate
run "$BOYI" render --game yizi --rules 3 --svg "$TMP/b.svg"
expect_rc 0 "render the empty board"
grep -q 'unplaced' "$TMP/b.svg" && ok || bad "the unplaced coins are drawn"
run "$BOYI" annotate "$SRC/data/yizi/contest.txt" --json
expect_rc 0 "annotate the samples"
run "$BOYI" annotate "$SRC/data/yizi/contest.txt"
# game 3: after F(1,1,0) the second player was winning (S(2,1,0) pairs the points
# again, docs/yizi.md); S(7,1,4) gave the win away
expect_out 'S\(7,1,4\)\[[^;]*blunder' "the move that threw the win away is a blunder"
expect_err 'game 1: 30 plies; first: .*blunder 0; second: .*blunder 0' "perfect play has no blunder"

# self-play from the shipped openings: the perfect player against a random one
run "$BOYI" selfplay --game yizi --rules 1 --openings "$SRC/data/yizi/openings-rule1.txt" --a depth=1 --b random --games 4 --seed 3 --out "$TMP/sp"
expect_rc 0 "selfplay from the openings"
run "$BOYI" validate "$TMP/sp/games.txt"
expect_out '4 games, .* 4 ok, 0 invalid' "its records validate"
grep -q '"wins": 4' "$TMP/sp/stats.json" && ok || bad "the perfect player wins every game against a random one"

finish
