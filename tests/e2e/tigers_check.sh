# tigers_check.sh -- Two Tigers' solved table through the command line: the sample
# check's refusals (`boyi solve --game tigers --check-sample N`), and the game's own
# players `table` and `alphabeta` in self-play (records that validate; a table player
# without a table says why).  The check itself and games from a table are tested on a
# reduced game whose every value a brute force knows (tests/tigers/test_tigers_sample.c):
# a table of the real game takes an hour or more to solve.
source "$(dirname "$0")/lib.bash"

run "$BOYI" solve --game tigers --check-sample 1000
expect_rc 2 "--check-sample without a table"
expect_err 'needs --table=FILE' "the table is asked for"
run "$BOYI" solve --game tigers --check-sample 0 --table="$TMP/t.bin"
expect_rc 2 "--check-sample 0"
expect_err 'positive whole number' "the count's rule named"
run "$BOYI" solve --game tigers --check-sample 1000 --table="$TMP/missing.bin"
expect_rc 2 "a missing table"
expect_err 'missing.bin.*not a readable Two Tigers table' "the missing table named"
printf 'not a table at all, certainly' > "$TMP/bad.bin"
run "$BOYI" solve --game tigers --check-sample 1000 --table="$TMP/bad.bin"
expect_rc 2 "a foreign file"
expect_err 'bad.bin.*not a readable Two Tigers table' "the foreign file named"
# a table file with its header only (no layer solved) is no table to check
run env BOYI_TIGERS_MEMORY_MB=64 "$BOYI" solve --game tigers --max-pieces 11 --table="$TMP/t.bin"
expect_rc 0 "a header-only table"
run "$BOYI" solve --game tigers --check-sample 1000 --table="$TMP/t.bin"
expect_rc 2 "a table without layers"
run "$BOYI" solve --game tigers --check-sample 1000 --table="$TMP/t.bin" --fen '...../.4.4./.T.T./.4.4./..Z.. t 0'
expect_rc 2 "a bad start"
expect_err 'fen' "the start named"

# the players: the alpha-beta that never reads a table, in self-play from the start
run "$BOYI" selfplay --game tigers --games 2 --a 'alphabeta depth=1' --b 'alphabeta depth=2' --random-plies 0 \
    --out "$TMP/ab" --seed 5
expect_rc 0 "alphabeta players"
run "$BOYI" validate "$TMP/ab/games.txt"
expect_rc 0 "their records validate"
expect_out 'summary: 1 files, 2 games' "two games"
run "$BOYI" selfplay --game tigers --games 2 --a 'alphabeta random=1' --random-plies 0 --out "$TMP/ab2"
expect_rc 2 "random= is the table player's"
expect_err 'alphabeta' "the player named"
# the table player refuses to play without a table, and says so
run env -u BOYI_TIGERS_TABLE "$BOYI" selfplay --game tigers --games 2 --a 'table random=1' --b 'alphabeta depth=1' \
    --random-plies 0 --out "$TMP/tb" --seed 5
expect_rc 2 "a table player without a table"
expect_err 'BOYI_TIGERS_TABLE' "the missing table is named"

# the games the table played in the session of issue 39 (data/tigers/table-games.txt)
run "$BOYI" validate "$SRC/data/tigers/table-games.txt"
expect_rc 0 "the table's games validate"
expect_out 'summary: 1 files, 71 games, 6629 moves, 71 ok' "all 71"

finish
