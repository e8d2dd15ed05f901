# draughts_bad_input.sh -- bad PDN input: located errors, the right exit code, no crash.
source "$(dirname "$0")/lib.bash"
SAMPLE="$SRC/data/draughts/sample_game.pdn"

# truncated in the middle of a move: the move "3" alone is not a move
head -c 200 "$SAMPLE" > "$TMP/truncated.pdn"
run "$BOYI" validate --game draughts "$TMP/truncated.pdn"
no_crash "truncated file"
if [ "$RC" -eq 0 ] || [ "$RC" -eq 1 ]; then ok; else bad "truncated: exit 0 or 1"; fi
head -c 330 "$SAMPLE" > "$TMP/cut.pdn"      # ends inside "32-28" -> "32-"
printf '3' >> "$TMP/cut.pdn"
run "$BOYI" validate --game draughts "$TMP/cut.pdn"
no_crash "cut file"
head -c 12 "$SAMPLE" > "$TMP/tag.pdn"        # inside the first tag's value: [Event "boyi
run "$BOYI" validate --game draughts "$TMP/tag.pdn"
expect_rc 1 "cut inside a tag"
expect_out 'tag.pdn:1:8: game 1: parse: unterminated string' "cut inside a tag: located"

# binary garbage (bytes of this very test's binary)
head -c 4096 "$BOYI" > "$TMP/garbage.pdn"
run "$BOYI" validate --game draughts "$TMP/garbage.pdn"
expect_rc 2 "binary garbage"
no_crash "binary garbage"
expect_err 'garbage.pdn:[0-9]+:[0-9]+: error: byte 0x' "binary garbage: located"
run "$BOYI" validate "$TMP/garbage.pdn"
expect_rc 2 "binary garbage without --game"

# a 1 MB line: a long comment (fine), then a million digits (not a square)
{ printf '1. 32-28 {'; head -c 1000000 /dev/zero | tr '\0' 'a'; printf '} 19-23 *\n'; } > "$TMP/long.pdn"
run "$BOYI" validate --game draughts "$TMP/long.pdn"
expect_rc 0 "1 MB comment line"
expect_out 'ok, 2 plies' "1 MB comment line: read"
{ printf '1. 32-28 '; head -c 1000000 /dev/zero | tr '\0' '7'; printf ' *\n'; } > "$TMP/digits.pdn"
run "$BOYI" validate --game draughts "$TMP/digits.pdn"
expect_rc 1 "1 MB number"
expect_out 'digits.pdn:1:10: game 1: parse: .* is not a square' "1 MB number: located"
{ printf '1. 32-28 '; head -c 1000000 /dev/zero | tr '\0' '('; printf '\n'; } > "$TMP/parens.pdn"
run "$BOYI" validate --game draughts "$TMP/parens.pdn"
expect_rc 1 "1 MB of '('"
no_crash "1 MB of '('"
expect_out 'parens.pdn:1:[0-9]+: game 1: parse: variations nested too deeply' "deep nesting: located"

# unbalanced braces and parentheses
printf '[Event "x"]\n1. 32-28 { no end\n19-23 *\n' > "$TMP/brace.pdn"
run "$BOYI" validate --game draughts "$TMP/brace.pdn"
expect_rc 1 "unterminated comment"
expect_out "brace.pdn:2:10: game 1: parse: unterminated comment" "unterminated comment: located"
printf '1. 32-28 19-23 } 2. 28x19 *\n' > "$TMP/brace2.pdn"
run "$BOYI" validate --game draughts "$TMP/brace2.pdn"
expect_out "brace2.pdn:1:16: game 1: parse: '}' without '\{'" "stray brace: located"
printf '1. 32-28 (19-24 2. 28x19 *\n' > "$TMP/paren.pdn"
run "$BOYI" validate --strict --game draughts "$TMP/paren.pdn"
expect_rc 1 "unclosed variation (--strict)"
expect_out "paren.pdn:1:26: game 1: parse: '\)' to close the variation opened at 1:10" "unclosed variation: located"
run "$BOYI" validate --game draughts "$TMP/paren.pdn"
expect_out "paren.pdn:1:26: game 1: warning: the variation opened at 1:10 is not closed" "unclosed variation: lenient warning"
expect_out "paren.pdn: game 1: ok, 1 plies" "unclosed variation: the main line stands"
printf '1. 32-28 19-23) *\n' > "$TMP/paren2.pdn"
run "$BOYI" validate --game draughts "$TMP/paren2.pdn"
expect_out "paren2.pdn:1:15: game 1: parse: '\)' closes no variation" "stray ')': located"

# empty files
: > "$TMP/empty.pdn"
run "$BOYI" validate --game draughts "$TMP/empty.pdn"
expect_rc 2 "empty file"
expect_err "empty.pdn: error: the file is empty" "empty file: said"
printf '%% only a comment\n\n' > "$TMP/blank.pdn"
run "$BOYI" validate --game draughts "$TMP/blank.pdn"
expect_rc 2 "no game"
run "$BOYI" validate "$TMP/empty.pdn"
expect_rc 2 "empty file without --game"

# bad FEN, illegal move, wrong result
printf '[FEN "W:W31-50:B1-20:X"]\n1. 32-28 *\n' > "$TMP/fen.pdn"
run "$BOYI" validate --game draughts "$TMP/fen.pdn"
expect_rc 1 "bad FEN"
expect_out 'fen.pdn:1:1: game 1: position: bad FEN' "bad FEN: located"
printf '[Event "x"]\n1. 32-28 19-23 2. 33-29 *\n' > "$TMP/illegal.pdn"
run "$BOYI" validate "$TMP/illegal.pdn"
expect_rc 1 "illegal move"
expect_out 'illegal.pdn:2:19: game 1, move 2 \(white\) 33-29: illegal: a capture is compulsory' "illegal move: located"
printf '[FEN "W:W28:B23"]\n[Result "0-2"]\n1. 28x19 0-2\n' > "$TMP/result.pdn"
run "$BOYI" validate --game draughts "$TMP/result.pdn"
expect_rc 1 "wrong result"
expect_out 'result.pdn:3:10: game 1: result: the result 0-2 contradicts the moves' "wrong result: located"

# several files: one unreadable one does not stop the others
run "$BOYI" validate --game draughts "$TMP/empty.pdn" "$SAMPLE"
expect_rc 2 "unreadable file among good ones"
expect_out 'sample_game.pdn: game 1: ok' "the good file is still validated"

# stdin
run bash -c "'$BOYI' validate --game draughts - < '$SAMPLE'"
expect_rc 0 "stdin"

finish
