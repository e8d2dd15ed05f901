# junqi.sh -- Junqi end to end: hand-made records (one valid, ten invalid, each fault
# located), a referee-run match between the engine and the rule-based player whose
# records validate, each side's view derived from a record, the board drawing, and
# bad input (exit codes, no crash).
source "$(dirname "$0")/lib.bash"
REC=$SRC/tests/junqi/records

run "$BOYI" validate "$REC/valid.txt"
expect_rc 0 "the hand-made valid record validates"
expect_out 'game 1: ok, 6 plies, 0-1 \(resignation\)' "its result is black's, by resignation"

run "$BOYI" validate "$REC/invalid.txt"
expect_rc 1 "the invalid records are invalid"
expect_out 'invalid.txt:2:24: game 1: position: .*bomb may not stand on the first row \(e1\)' "bomb on the first row, located"
expect_out 'invalid.txt:5:64: game 2: position: .*landmine may only stand on the last two rows, not on e3' "landmine on row 3, located"
expect_out 'invalid.txt:8:19: game 3: position: .*camp \(d3\)' "a piece in a camp, located"
expect_out 'invalid.txt:13:2: game 4, move 1 \(red\) a6-a9\+: illegal: the railway from a6 to a9 passes through a piece on a7' "through a piece on a rail"
expect_out 'invalid.txt:17:16: game 5, move 3 \(red\) b6-a7: illegal: only an engineer turns' "a non-engineer turning"
expect_out 'invalid.txt:21:2: game 6, move 1 \(red\) a1-a2: illegal: the landmine on a1 never moves' "a landmine moving"
expect_out "invalid.txt:25:2: game 7, move 1 \(red\) c6-c7\+: collision: the referee's outcome is '='" "a wrong collision outcome"
expect_out 'invalid.txt:26:28: game 8: result: the record says 先手胜' "a wrong result"
expect_out "invalid.txt:34:2: game 9: parse: a move is FROM-TO \(b2-c2\), not 'c6_c7'" "an unreadable move"
expect_out 'invalid.txt:36:.*game 10: position: red deploys 2 flags' "two flags"
expect_out 'summary: 1 files, 10 games, .* 0 ok, 10 invalid' "every broken record counted, reading went on"

# A match (bench match: the one runner, selfplay's): engine against the rule-based
# player, records written and judged.
run "$BOYI" bench --game junqi match --a "engine samples=4 depth=1" --b rules --games 2 --seed 3 -o "$TMP/match.txt"
expect_rc 0 "the match runs"
expect_out 'A=engine samples=4 depth=1 vs B=rules' "the match names its players"
expect_out 'A scores \+[0-9]+ =[0-9]+ -[0-9]+ = [0-9.]+% \(95%: [0-9.]+%\.\.[0-9.]+%\)' "the match reports a score with its interval"
run "$BOYI" validate "$TMP/match.txt"
expect_rc 0 "the match's records validate"
expect_out 'summary: 1 files, 2 games, .* 2 ok, 0 invalid' "both games judged valid"

# The generic self-play runs Junqi through the descriptor (the engine from its views).
run "$BOYI" selfplay --game junqi --games 2 --a depth=1 --b random --seed 3 --out "$TMP/sp"
expect_rc 0 "selfplay runs junqi"
run "$BOYI" validate "$TMP/sp/games.txt"
expect_out 'summary: 1 files, 2 games, .* 2 ok, 0 invalid' "selfplay's records validate"

# Each side's view of a record.
run "$BOYI" convert --game junqi --to red "$REC/valid.txt"
expect_rc 0 "red's view"
expect_out '^R\(a1=L b1=F' "red sees its own deployment"
expect_out '^1\. red c6-c7: both were removed' "and the referee's report"
expect_out 'view: .* red-view .*b12=F( |$)' "black's flag is shown once its marshal fell"
run "$BOYI" convert --game junqi --to black "$REC/valid.txt"
expect_out '^B\(a7=D' "black sees its own deployment"
if grep -q 'R(a1=L' "$TMP/out"; then bad "black's view must not hold red's deployment"; else ok; fi

# The board and moves through the generic commands.
run "$BOYI" render --game junqi --svg "$TMP/board.svg"
expect_rc 0 "the board renders"
if grep -q '<svg' "$TMP/board.svg" && grep -q '大本营' "$TMP/board.svg"; then ok; else bad "an SVG with headquarters"; fi
run "$BOYI" perft --game junqi 4
expect_out '^168$' "perft 4 of the deployment"
run "$BOYI" moves --game junqi --fen "2lf1/5/5/5/5/2g2/E4/5/5/5/2M2/1F3 r 0"
expect_rc 0 "moves from a position"

# Bad input.
printf '{[JQ][a][b][*][?][?];R(a1=L' >"$TMP/cut.txt"
run "$BOYI" validate --game junqi "$TMP/cut.txt"
expect_rc 1 "a record cut short"
no_crash "a record cut short"
run "$BOYI" moves --game junqi --fen "5/5/5 r 0"
expect_rc 2 "a bad position text"
no_crash "a bad position text"
run "$BOYI" convert --game junqi --to blue "$REC/valid.txt"
expect_rc 2 "an unknown view"
finish
