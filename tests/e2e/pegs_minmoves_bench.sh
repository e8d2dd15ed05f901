#!/usr/bin/env bash
# pegs_minmoves_bench.sh -- the shortest centre-to-centre solution on the English board
# takes 18 moves, a chain of jumps by one peg counting as one (Bergholt 1912, proved
# minimal by Beasley); the line found validates as a record claiming 18 moves.
# Tens of seconds and ~0.4 GB: named *_bench so that the sanitizer run skips it.
. "$(dirname "$0")/lib.bash"
run "$BOYI" solve --game pegs --min-moves --json
expect_rc 0 "shortest solution"
expect_out '"move_count":18,' "18 moves"
moves=$(grep -o '"chains":\[[^]]*\]' "$TMP/out" | sed 's/"chains":\[//; s/\]//; s/"//g; s/,/ /g')
printf '[Game "pegs"]\n[Board "english"]\n[Start "d4"]\n[Goal "d4"]\n[Moves "18"]\n%s\n' "$moves" > "$TMP/min.txt"
run "$BOYI" validate "$TMP/min.txt"; expect_rc 0 "the 18-move line validates with [Moves \"18\"]"

finish
