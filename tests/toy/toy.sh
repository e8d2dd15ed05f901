#!/usr/bin/env bash
# toy.sh -- the tenth game of docs/adding-a-game.md, followed for a toy: tic-tac-toe
# (tests/toy/ttt_*.c), registered only in the test build's boyi_toy, gets validate,
# perft, moves, analyse, selfplay and standings with no change outside its own files
# and the registration.  Ground truth from outside boyi: brute.c's brute-force counts (which
# must equal the published ones), the verdicts of games.ttt worked out by hand, and
# the game's value (a draw; a win in one where there is one).
# Usage: toy.sh BOYI_TOY TTT_BRUTE BOYI SRC
TOY=$1 BRUTE=$2 PLAIN=$3
set -- "$TOY" "$4" ""
source "$(dirname "$0")/../e2e/lib.bash"

# perft: the descriptor's counts against the brute force, the brute force against the
# published counts (9, 72, ... 127872 positions; 255168 games)
published="9 72 504 3024 15120 54720 148176 200448 127872"
brute=$("$BRUTE")
counts=$(echo "$brute" | sed -n 1p)
games=$(echo "$brute" | sed -n 2p | cut -d' ' -f1)
if [ "$counts" = "$published" ]; then ok; else bad "the brute force counts $counts, published $published"; fi
if [ "$games" = 255168 ]; then ok; else bad "the brute force counts $games games, published 255168"; fi
mine=""
for d in 1 2 3 4 5 6 7 8 9; do
    run "$BOYI" perft --game tictactoe "$d"
    expect_rc 0 "perft $d"
    mine="$mine${mine:+ }$OUT"
done
if [ "$mine" = "$counts" ]; then ok; else bad "perft 1..9 is $mine, the brute force $counts"; fi
# games that end at depth d: the positions there less those that go on (each with 9-d moves)
read -ra p <<< "$mine"
ended=0
for d in 0 1 2 3 4 5 6 7; do ended=$((ended + p[d] - p[d + 1] / (8 - d))); done
ended=$((ended + p[8]))
if [ "$ended" = "$games" ]; then ok; else bad "perft's counts end $ended games, the brute force $games"; fi
run "$BOYI" perft --game tictactoe --divide 2
expect_out '^a1: 8$' "divide: 8 replies to each first move"
expect_out '72' "divide: the total"
run "$BOYI" perft --game tictactoe --fen "xxx/oo./... o" 1
expect_out '^0$' "no move once three are in a row"

# validate: a file of games whose verdicts were worked out by hand
run "$BOYI" validate "$SRC/tests/toy/games.ttt"
expect_rc 1 "invalid games make the file invalid"
expect_out 'summary: 1 files, 8 games, .* 3 ok, 5 invalid' "8 games, 3 of them valid"
expect_out 'game 1: ok, 5 plies, 1-0 \(three in a row\)' "x wins on the diagonal"
expect_out 'game 2: ok, 9 plies, 1/2-1/2 \(the board is full\)' "a draw"
expect_out 'games.ttt:4:[0-9]+: game 3, move 1 \(o\) a1: illegal: a1 is taken' "a taken square, located"
expect_out 'game 4, move 3 \(o\) a3: after-end' "a move after three in a row"
expect_out 'games.ttt:6: game 5: result: the record says 0-1, the board 1-0' "the wrong result"
expect_out "game 6, move 1 \(x\) d4: illegal: 'd4' is no square" "no square"
expect_out 'game 7: ok, 1 plies, \*' "an unfinished game without a claim"
expect_out 'game 8: result: the record says 1-0, the board \*' "a claim on an unfinished game"
printf 'ttt: b2 *\nhello\n' > "$TMP/junk.ttt"
run "$BOYI" validate --game tictactoe "$TMP/junk.ttt"
expect_rc 2 "a line that is no game: the file is unreadable"
expect_err 'junk.ttt:2:1: .*a line is a game' "located"
run "$PLAIN" validate --game tictactoe "$SRC/tests/toy/games.ttt"
expect_rc 2 "the toy is registered only in the test build"

# moves: the empty squares, none once the game is over
run "$BOYI" moves --game tictactoe --fen "xx./oo./... x"
[ "$(echo "$OUT" | tr '\n' ' ')" = "a1 b1 c1 c2 c3 " ] && ok || bad "five empty squares"
run "$BOYI" moves --game tictactoe --fen "xxx/oo./... o"
expect_rc 0 "moves of a finished game"
if [ -z "$OUT" ]; then ok; else bad "a finished game has no moves"; fi

# analyse: the game is a draw; a win in one is found; a threat is parried
run "$BOYI" analyse --game tictactoe --depth 9
expect_rc 0 "analyse the start"
expect_out '^info depth 9 .*score cp 0 ' "the start is a draw"
run "$BOYI" analyse --game tictactoe --fen "xx./oo./... x" --depth 9
expect_out '^bestmove c3$' "x wins at once"
expect_out 'score mate 1 ' "in one"
run "$BOYI" analyse --game tictactoe --fen "xx./.o./... o" --depth 9
expect_out '^bestmove c3$' "o must block"

# selfplay from the start (no random opening plies, which may throw the draw away):
# perfect play against itself draws every game; against random it never
# loses; the records it writes read back valid
run "$BOYI" selfplay --game tictactoe --games 6 --a depth=9 --b depth=9 --random-plies 0 --seed 3 --out "$TMP/draws"
expect_rc 0 "selfplay"
expect_out '\+0 =6 -0' "perfect play draws"
run "$BOYI" selfplay --game tictactoe --games 20 --a depth=9 --b random --random-plies 0 --seed 5 --out "$TMP/random"
expect_rc 0 "selfplay against random"
expect_out 'games 20 ' "twenty games"
expect_out '\+[0-9]+ =[0-9]+ -0 ' "perfect play never loses"
run "$BOYI" validate "$TMP/random/games.ttt"
expect_rc 0 "self-play's records are valid"
expect_out 'summary: 1 files, 20 games, .* 20 ok, 0 invalid' "all twenty"
run "$BOYI" standings "$TMP/random/games.ttt"
expect_rc 0 "standings of self-play's records"
expect_out '^ +[12] depth=9 +[0-9½]+ +20 +[0-9]+ +[0-9]+ +0 ' "the players read back, and perfect play lost none"

finish
