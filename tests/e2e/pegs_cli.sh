#!/usr/bin/env bash
# pegs_cli.sh -- peg solitaire through the CLI: solution records validated (good ones,
# and bad ones located with their exit codes), positions and move text, the solver's
# answers replayed as records, SVG, and the generic commands on a one-player puzzle.
# The heavy published facts are in pegs_solve_bench.sh (Release only).
. "$(dirname "$0")/lib.bash"

# The shipped samples are valid solutions.
for f in "$SRC"/data/pegs/*.txt; do
    run "$BOYI" validate "$f"; expect_rc 0 "$f validates"; expect_out 'solved' "$f reaches its goal"
done

# A solution found by the solver, written as a record, validates (the engine's replay
# and the record judge are two readings of the same jumps).
run "$BOYI" solve --game pegs --json
expect_rc 0 "solve the English centre game"
expect_out '"solvable":true' "the centre game is solvable"
moves=$(grep -o '"chains":\[[^]]*\]' "$TMP/out" | sed 's/"chains":\[//; s/\]//; s/"//g; s/,/ /g')
printf '[Game "pegs"]\n[Board "english"]\n[Start "d4"]\n[Goal "d4"]\n%s\n' "$moves" > "$TMP/sol.txt"
run "$BOYI" validate "$TMP/sol.txt"; expect_rc 0 "the solver's line validates as a record"

# Bad records: exit 1, located at the faulty move.
cat > "$TMP/bad.txt" <<'R'
[Game "pegs"]
[Board "english"]
[Start "d4"]
[Goal "d4"]
1. d2-d4 2. d4-d2
R
run "$BOYI" validate "$TMP/bad.txt"; expect_rc 1 "an illegal jump"
expect_out 'bad.txt:5:13' "the fault is located at line 5, column 13"
expect_out 'no peg on d3' "the rule broken is named"
printf '[Game "pegs"]\n[Board "english"]\n1. f4-d4 2. f6-f4\n' > "$TMP/bad2.txt"
run "$BOYI" validate "$TMP/bad2.txt"; expect_rc 1 "a jump from a hole that is not on the board"
expect_out 'f6 is not a hole' "named"
printf '[Game "pegs"]\n[Board "english"]\n1. f4-d4 2. c4-e4\n' > "$TMP/short.txt"
run "$BOYI" validate "$TMP/short.txt"; expect_rc 1 "a record that stops short of the goal"
expect_out 'goal .* is not reached' "says the goal is not reached"
printf '[Game "pegs"]\n[Board "square"]\n1. f4-d4\n' > "$TMP/board.txt"
run "$BOYI" validate "$TMP/board.txt"; expect_rc 1 "an unknown board"
expect_out "unknown board 'square'" "named"
# Two records, the first broken: the second is still read and counted.
cat "$TMP/bad.txt" "$SRC/data/pegs/french_d2.txt" > "$TMP/two.txt"
run "$BOYI" validate "$TMP/two.txt"; expect_rc 1 "one bad record of two"
expect_out '2 games.*1 ok, 1 invalid' "both records counted"
run "$BOYI" validate "$TMP/no-such-file.txt"; expect_rc 2 "an unreadable file"
no_crash "unreadable file"

# Positions and moves through the descriptor.
run "$BOYI" perft --game pegs 2; expect_rc 0 "perft"; expect_out '^12$' "perft 2 from the centre start is 4 * 3"
run "$BOYI" moves --game pegs --board french --from c1
expect_rc 0 "moves on the French board"; expect_out '^c3-c1$' "c3-c1 fills the corner hole"
run "$BOYI" moves --game pegs --fen 'english xxx/xx/xxxxxxx/xxx.xxx/xxxxxxx/xxx/xxx'
expect_rc 2 "a bad position"; expect_err 'character 15' "located in the text"
run "$BOYI" solve --game pegs --from z9; expect_rc 2 "a hole off the board"; expect_err 'not a hole' "named"
run "$BOYI" solve --game pegs --board hexagon; expect_rc 2 "an unknown board"; expect_err 'no peg solitaire board' "named"

# Answers: the French centre start has no one-peg finish (position class).
run "$BOYI" solve --game pegs --board french --to any --json
expect_rc 0 "solve French centre"; expect_out '"solvable":false' "French centre: unsolvable"
expect_out '"reason":"position class"' "by the position class"
run "$BOYI" solve --game pegs --from d2 --to d5 --json
expect_out '"solvable":true' "d2 to d5 is allowed by the class and found"
run "$BOYI" solve --game pegs --from d2 --to d4 --json
expect_out '"solvable":false' "d2 to d4 is forbidden by the class"

# Generic commands on a puzzle: analyse gives the solving jump; selfplay refuses.
run "$BOYI" analyse --game pegs --json; expect_rc 0 "analyse"; expect_out '"win_rate":1' "solvable: win rate 1"
run "$BOYI" selfplay --game pegs --games 1 --out "$TMP/sp"; expect_rc 2 "selfplay refuses a puzzle"
expect_err 'one-player puzzle' "and says why"

# SVG from a position and from a record.
run "$BOYI" render --game pegs --svg - ; expect_rc 0 "render the start"; expect_out '</svg>' "an SVG document"
run "$BOYI" render --game pegs --svg - --ply 3 "$SRC/data/pegs/french_d2.txt"; expect_rc 0 "render a record at ply 3"
expect_out '<circle' "holes drawn"
# --table=FILE appears whole or not at all (written under a temporary name, renamed
# when complete): under a 1 KiB file-size limit the write fails with exit 2 and leaves
# neither the file nor a temporary one; without the limit the file is complete.
mkdir -p "$TMP/tab"
run bash -c "ulimit -f 1; exec \"\$0\" solve --game pegs --board french --table=\"\$1\" --nodes 2000" "$BOYI" "$TMP/tab/t.txt"
expect_rc 2 "a table over the file-size limit is a write error"
if [ -z "$(ls -A "$TMP/tab")" ]; then ok; else bad "no partial table left behind: $(ls -A "$TMP/tab")"; fi
run "$BOYI" solve --game pegs --board french --table="$TMP/tab/t.txt" --nodes 2000
expect_rc 0 "the same table without the limit"
if [ "$(grep -c . "$TMP/tab/t.txt")" -gt 37 ] && [ "$(wc -c < "$TMP/tab/t.txt")" -gt 1024 ]; then ok; else bad "the table file is complete"; fi
finish
