# tigers.sh -- Two Tigers (二虎棋) end to end: records validated with located faults,
# perft, moves, render, analyse, selfplay records that validate, solve --count.
source "$(dirname "$0")/lib.bash"
SAMPLE="$SRC/data/tigers/sample.txt"

run "$BOYI" validate "$SAMPLE"
expect_rc 0 "sample records"
expect_out 'game 1: ok, 15 plies, 1-0 \(six dogs taken\)' "sample game 1"
expect_out 'game 2: ok, 10 plies, 1/2-1/2 \(third repetition\)' "sample game 2: third repetition"

# faults: a wrong stack height, a wrong result, an unclosed game, a point off the board
sed 's/c3xa1(4)/c3xa1(3)/; s/\[平局\]/[先手胜]/' "$SAMPLE" > "$TMP/bad.txt"
printf '{[TG][a][b][先手胜][x][y];b3-a3;b2-a1\n{[TG][a][b][平局][x][y];b3-z9}\n' >> "$TMP/bad.txt"
run "$BOYI" validate "$TMP/bad.txt"
expect_rc 1 "bad records"
expect_out 'bad.txt:2:43: game 1, move 7 \(tigers\) c3xa1\(3\): illegal: .*b2 holds 4' "stack height located"
expect_out 'bad.txt:4:16: game 2: result: the record says .先手胜.' "wrong result located"
expect_out 'game 3: parse: a new game' "unclosed game"
expect_out 'game 4, move 1 \(tigers\) b3-z9: illegal' "point off the board"
expect_out 'summary: 1 files, 4 games' "reading goes on after broken games"

head -c 4096 "$BOYI" > "$TMP/garbage.txt"
run "$BOYI" validate --game tigers "$TMP/garbage.txt"
expect_rc 2 "binary garbage"
no_crash "binary garbage"
{ printf '{[TG][a][b][平局][x][y];'; head -c 1000000 /dev/zero | tr '\0' 'b'; printf '}\n'; } > "$TMP/long.txt"
run "$BOYI" validate --game tigers "$TMP/long.txt"
expect_rc 1 "1 MB move"
no_crash "1 MB move"

# perft from the start: 8 and 224 by hand (tests/tigers/test_tigers_rules.c)
run "$BOYI" perft --game tigers 1
expect_out '^8$' "perft 1"
run "$BOYI" perft --game tigers 2
expect_out '^224$' "perft 2"
run "$BOYI" moves --game tigers
expect_out 'b3xb1\(4\)' "a jump with its stack height"
run "$BOYI" moves --game tigers --position '..2../...../.T.T./...../..... t 0'
expect_rc 2 "a stack off the start points"
expect_err 'c5' "the stack's point is named"

run "$BOYI" render --svg "$TMP/b.svg" "$SAMPLE" --game-index 1 --ply 5
expect_rc 0 "render"
if grep -q '<svg' "$TMP/b.svg" && grep -q '虎' "$TMP/b.svg"; then ok; else bad "render: an SVG with tigers"; fi

run "$BOYI" analyse --game tigers --depth 5
expect_rc 0 "analyse"
expect_out 'bestmove [a-e][1-5]' "analyse gives a move"

run "$BOYI" selfplay --game tigers --games 2 --depth 2 --out "$TMP/sp" --seed 3
expect_rc 0 "selfplay"
run "$BOYI" validate "$TMP/sp/games.txt"
expect_rc 0 "selfplay records validate"

run "$BOYI" solve --game tigers --count
expect_rc 0 "solve --count"
expect_out 'dogs 16: 16571898612 positions' "16 dogs"
expect_out 'total: 62220277980 positions' "all layers"
expect_out 'dogs 11: 3972016368 positions .*521194990 indices up to symmetry' "11 dogs up to symmetry"

# reachable from the start: 1 + 8 tiger moves + 224 two-ply lines (perft 2), all distinct
run "$BOYI" solve --game tigers --count --depth 2
expect_rc 0 "solve --count --depth 2"
expect_out 'reachable within 2 plies: 233 positions' "233 positions within 2 plies"

# the memory cap stops a layer before it starts; the table file gets its header only
run env BOYI_TIGERS_MEMORY_MB=64 "$BOYI" solve --game tigers --max-pieces 11 --table="$TMP/t.bin"
expect_rc 0 "solve under a small memory cap"
expect_out 'stopped: 11 dogs need more than the memory cap of 64 MB' "memory cap named"
expect_out 'solved: every position with at most 0 dogs' "nothing solved"
if [ "$(wc -c < "$TMP/t.bin")" -eq 16 ]; then ok; else bad "table header only"; fi
# a file that is not a table is refused, not overwritten
printf 'not a table at all, certainly' > "$TMP/bad.bin"
run "$BOYI" solve --game tigers --max-pieces 11 --table="$TMP/bad.bin"
expect_rc 2 "a foreign table file"
expect_err 'not a Two Tigers table' "foreign table named"

finish
