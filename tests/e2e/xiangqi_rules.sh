# xiangqi_rules.sh -- the rule sets of `--rules` for Xiangqi (docs/xiangqi.md,
# "Rule sets"): ccgc (the default) ends the game at a third repetition, human
# warns of it and plays on; unknown names are usage errors naming the known.
source "$(dirname "$0")/lib.bash"

# A drawn repetition (the start position a third time after black's 4th move),
# then mate.
printf '[Game "Chinese Chess"]\n[FEN "4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1"]\n1. a0a1 e9f9 2. a1a0 f9e9 3. a0a1 e9f9\n4. a1a0 f9e9 5. a0a9 1-0\n' > "$TMP/rep.pgn"

run "$BOYI" validate "$TMP/rep.pgn"
expect_rc 1 "ccgc by default: a move after the repetition"
expect_out 'rep.pgn:4:17: game 1, move 5 \(red\) a0a9: after-end: the game was already over: the same position came for the third time after move 4 \(black\): a draw by repetition \(under --rules human a repetition does not end the game\)$' \
    "after-end names the human rule set"
for r in ccgc CCGC standard; do
    run "$BOYI" validate --rules "$r" "$TMP/rep.pgn"
    expect_rc 1 "--rules $r is the default"
done
for r in human continue; do
    run "$BOYI" validate --game xiangqi --rules "$r" "$TMP/rep.pgn"
    expect_rc 0 "--rules $r: play goes on"
    expect_out '^.*rep.pgn:4:9: game 1: warning: position repeated a third time \(plies 1\.\.8\) by move 4 \(black\) f9e9; under the contest rules \(--rules ccgc\) this ends the game: a draw by repetition, 1/2-1/2; under --rules human play goes on$' \
        "--rules $r: the repetition is a warning at its move"
    expect_out 'rep.pgn: game 1: ok, 9 plies, 1-0 \(checkmate\)$' "--rules $r: the mate decides"
    expect_out 'summary: 1 files, 1 games, 9 moves, 1 ok, 0 invalid, 0 skipped, 1 warnings' "--rules $r: summary"
done
run "$BOYI" validate --rules human --json "$TMP/rep.pgn"
expect_out '^\{"file":"[^"]*rep.pgn","game":1,"line":4,"col":9,"status":"warning","message":"position repeated a third time' "JSON warning"

# The perpetual checker claims the win where the record ends: a result fault
# under ccgc; under human the game is not over on the board, and the ending
# says what the contest rules would score.
printf '[Game "Chinese Chess"]\n[Result "1-0"]\n[FEN "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"]\n1. a0a9 e9e8 2. a9a8 e8e9 3. a8a9 e9e8 4. a9a8 e8e9 5. a8a9\n' > "$TMP/perp.pgn"
run "$BOYI" validate "$TMP/perp.pgn"
expect_rc 1 "ccgc: perpetual checker's claim contradicted"
expect_out 'perp.pgn:2:1: game 1: result: the record claims 1-0, but the moves give 0-1: red lost by perpetual check' "result fault"
run "$BOYI" validate --rules human "$TMP/perp.pgn"
expect_rc 0 "human: no fault"
expect_out 'perp.pgn:4:56: game 1: warning: position repeated a third time \(plies 2\.\.9\) by move 5 \(red\) a8a9; .*red loses by perpetual check, 0-1 \(every move of the cycle by that side gave check\)' \
    "human: the perpetual check is a warning"
expect_out 'perp.pgn: game 1: ok, 9 plies, \* \(not over on the board; it ends in a repetition, which the contest rules score: red loses by perpetual check, 0-1; the record says 1-0\)$' \
    "human: the ending shows the contest's score and the claim"

# Unknown rule sets: a usage error (exit 2) naming the known ones, for
# validate, convert, perft and moves.
run "$BOYI" validate --game xiangqi --rules renju "$TMP/rep.pgn"
expect_rc 2 "validate: unknown rule set"
expect_err "unknown xiangqi rule set 'renju'; known: ccgc \(default; also 'standard'\), human \(also 'continue'\)" "validate: the known rule sets"
run "$BOYI" convert --rules bogus "$TMP/rep.pgn" --to iccs
expect_rc 2 "convert: unknown rule set"
expect_err "unknown xiangqi rule set 'bogus'; known: ccgc" "convert: the known rule sets"
run "$BOYI" perft --game xiangqi --rules bogus 1
expect_rc 2 "perft: unknown rule set"
expect_err "unknown xiangqi rule set 'bogus'; known: ccgc" "perft: the known rule sets"
run "$BOYI" perft --game xiangqi --rules human 2
expect_rc 0 "perft: any known rule set"
expect_out '^1920$' "perft: the rule sets move alike"

# convert follows the rule set: under human the whole game is written.
run "$BOYI" convert "$TMP/rep.pgn" --to iccs
expect_rc 1 "convert under ccgc stops at the repetition"
expect_err 'after-end' "convert under ccgc reports the fault"
run "$BOYI" convert --rules human "$TMP/rep.pgn" --to iccs
expect_rc 0 "convert under human writes the game"
expect_out '5\. a0-a9 1-0$' "convert under human writes the mate"
expect_err 'warning: position repeated a third time' "convert under human warns of the repetition"

# The help text names the rule sets.
run "$BOYI" validate --help
expect_out 'Xiangqi ccgc \(default: a third repetition ends the game' "validate --help: ccgc"
expect_out 'human \(a third repetition and the 60-move limit are warnings: play goes on\)' "validate --help: human"

# The natural limit (60 moves each without a capture) under human rules is a
# warning, as repetition is: ccpd-big5/023.pgn (Big5; a UTF-8 copy here) plays
# on past it, a draw under ccgc after black's move 103.
iconv -f BIG5 -t UTF-8 "$SHARED/corpus/xiangqi/ccpd-big5/023.pgn" > "$TMP/limit.pgn"
run "$BOYI" validate "$TMP/limit.pgn"
expect_rc 1 "natural limit ends the game under ccgc"
expect_out 'limit.pgn:117:6: game 1, move 104 \(red\) 兵三進一: after-end: .*a draw by the natural limit' "ccgc: after the limit"
run "$BOYI" validate --rules human "$TMP/limit.pgn"
expect_rc 0 "natural limit is a warning under human rules"
expect_out 'limit.pgn:116:11: game 1: warning: 60 moves by each side without a capture are complete with move 103 \(black\) 卒２進１; under the contest rules \(--rules ccgc\) this ends the game: a draw by the natural limit' "human: the limit warned of"
expect_out 'limit.pgn: game 1: ok, 209 plies' "human: every move replayed"

finish
