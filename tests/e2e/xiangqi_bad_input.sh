# xiangqi_bad_input.sh -- broken and hostile Xiangqi input: each gets a clear,
# located error and the right exit code, never a crash (CI runs this under the
# sanitizers too).
source "$(dirname "$0")/lib.bash"

CORPUS="$SHARED/corpus/xiangqi"
XQ=(--game xiangqi)

# --- truncated files ------------------------------------------------------------
# Cut inside a move's last character (UTF-8): read up to there, the broken move
# is reported where it starts.
head -c 998 "$CORPUS/xqdb_traditional.pgn" > "$TMP/cut-utf8.pgn"
run "$BOYI" validate "$TMP/cut-utf8.pgn"
no_crash "cut inside a UTF-8 character"
expect_rc 1 "cut inside a UTF-8 character"
expect_out 'cut-utf8.pgn:5:416: game 1, move 31 \(red\) 车九平: parse: ' "the cut move is located"
expect_out 'warning: the file ends inside a character' "the cut is said"

# The same in a GBK file with CRLF line ends.
head -c 701 "$CORPUS/ccgc2006/game-05.pgn" > "$TMP/cut-gbk.pgn"
run "$BOYI" validate "$TMP/cut-gbk.pgn"
no_crash "cut inside a GBK character"
expect_rc 1 "cut inside a GBK character"
expect_out 'cut-gbk.pgn:30:11: game 1, move 17 \(black\) 炮２进: parse: ' "the cut GBK move is located"

# Cut between a tag's quotes.
head -c 40 "$CORPUS/sample.pgn" > "$TMP/cut-tag.pgn"
run "$BOYI" validate "$TMP/cut-tag.pgn"
no_crash "cut inside a tag"
expect_rc 1 "cut inside a tag"
expect_out 'cut-tag.pgn:2:1: game 1: parse: the value of tag \[Event\] is not closed' "cut tag located"

# A cut XQF file: the header is cut short -> unreadable.
head -c 300 "$CORPUS/xqfexama.xqf" > "$TMP/cut.xqf"
run "$BOYI" validate "$TMP/cut.xqf"
no_crash "cut XQF"
expect_rc 2 "cut XQF header"
expect_err 'cut.xqf' "cut XQF named"

# --- garbage, empty, long lines, encodings -------------------------------------------
LC_ALL=C awk 'BEGIN { srand(7); for (i = 0; i < 8192; i++) printf "%c", int(rand() * 256) }' > "$TMP/garbage.bin"
run "$BOYI" validate "${XQ[@]}" "$TMP/garbage.bin"
no_crash "binary garbage as xiangqi"
expect_rc 2 "binary garbage as xiangqi"
expect_err 'garbage.bin:[0-9]+:[0-9]+: error: byte 0x[0-9A-F]{2} is not UTF-8 or GBK text' "garbage located"
run "$BOYI" convert "$TMP/garbage.bin" --game xiangqi --to pgn
no_crash "convert garbage"
expect_rc 2 "convert garbage"

: > "$TMP/empty.pgn"
run "$BOYI" validate "${XQ[@]}" "$TMP/empty.pgn"
no_crash "empty file"
expect_rc 2 "empty file"
expect_err 'empty.pgn: error: the file is empty' "empty file said"

printf '\n  \n\t\n' > "$TMP/blank.pgn"
run "$BOYI" validate "${XQ[@]}" "$TMP/blank.pgn"
expect_rc 2 "blank file"
expect_err 'no Xiangqi game in the file' "blank file said"

# A 1 MB line: one giant token, and a million characters of moves.
awk 'BEGIN { printf "[Game \"Chinese Chess\"]\n1. "; for (i = 0; i < 1048576; i++) printf "x"; printf "\n" }' > "$TMP/long-token.pgn"
run "$BOYI" validate "$TMP/long-token.pgn"
no_crash "1 MB token"
expect_rc 1 "1 MB token"
expect_out 'long-token.pgn:2:4: game 1, move 1 \(red\) x{60}\.\.\.: parse: ' "1 MB token located and cut short in the report"
awk 'BEGIN { printf "[Game \"Chinese Chess\"]\n"; for (i = 0; i < 40000; i++) printf "%d. h2e2 h7e7 %d. e2h2 e7h7 ", 2*i+1, 2*i+2; printf "\n" }' > "$TMP/long-line.pgn"
run "$BOYI" validate "$TMP/long-line.pgn"
no_crash "1 MB line of moves"
expect_rc 1 "1 MB line of moves"
expect_out 'long-line.pgn:2:56: game 1, move 5 \(red\) h2e2: after-end: .*third time after move 4 \(black\)' "long line stops at the repetition"
awk 'BEGIN { printf "[Game \"Chinese Chess\"]\n1. h2e2 "; for (i = 0; i < 1048576; i++) printf "("; printf "\n" }' > "$TMP/parens.pgn"
run "$BOYI" validate "$TMP/parens.pgn"
no_crash "a million open parentheses"
expect_rc 1 "a million open parentheses"
expect_out 'parens.pgn:2:9: game 1: parse: the variation opened here with .\(. is never closed' "unclosed variation located"

# Unknown glyphs in a move.
printf '[Game "Chinese Chess"]\n1. 炮二平五 马８进Ⅶ\n' > "$TMP/glyph.pgn"
run "$BOYI" validate "$TMP/glyph.pgn"
no_crash "unknown glyph"
expect_rc 1 "unknown glyph"
expect_out 'glyph.pgn:2:9: game 1, move 1 \(black\) 马８进Ⅶ: parse: ' "unknown glyph located"

# Bytes that are neither UTF-8 nor GBK, inside an otherwise good record.
printf '[Game "Chinese Chess"]\n1. 炮二平五 \xff\xfe 马8进7\n' > "$TMP/badenc.pgn"
run "$BOYI" validate "$TMP/badenc.pgn"
no_crash "bad encoding"
expect_rc 2 "bad encoding"
expect_err 'badenc.pgn:2:9: error: byte 0xFF is not UTF-8 or GBK text' "bad byte located"
printf '[Game "Chinese Chess"]\n1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 \xff\xfe\n' > "$TMP/badgbk.pgn"
run "$BOYI" validate "$TMP/badgbk.pgn"
no_crash "bad byte in GBK"
expect_rc 2 "bad byte in GBK"
expect_err 'badgbk.pgn:2:9: error: byte 0xFF' "bad byte located in GBK terms"

# --- records that break the rules -----------------------------------------------------
printf '[Game "Chinese Chess"]\n[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKKBNR w - - 0 1"]\n1. h2e2 *\n' > "$TMP/fen.pgn"
run "$BOYI" validate "$TMP/fen.pgn"
expect_rc 1 "bad FEN tag"
expect_out 'fen.pgn:2:1: game 1: position: impossible start position .*: red has two generals' "bad FEN located and explained"
printf '[Game "Chinese Chess"]\n[FEN "not a fen"]\n*\n' > "$TMP/fen2.pgn"
run "$BOYI" validate "$TMP/fen2.pgn"
no_crash "garbled FEN"
expect_rc 1 "garbled FEN"
expect_out 'fen2.pgn:2:1: game 1: position: ' "garbled FEN located"

printf '[Game "Chinese Chess"]\n1. 炮二平五 马8进7\n2. 马二进三 车9平8\n3. 马八进七 马2进3\n4. 兵七进一 卒7进1\n5. 马三进四\n' > "$TMP/illegal.pgn"
run "$BOYI" validate "$TMP/illegal.pgn"
expect_rc 1 "illegal move"
expect_out 'illegal.pgn:6:4: game 1, move 5 \(red\) 马三进四: illegal: the horse.s leg at g3 is blocked' "illegal move located"

printf '[Game "Chinese Chess"]\n[Result "0-1"]\n[FEN "4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1"]\n1. 车九进九\n' > "$TMP/claim.pgn"
run "$BOYI" validate "$TMP/claim.pgn"
expect_rc 1 "wrong result claim"
expect_out 'claim.pgn:2:1: game 1: result: the record claims 0-1, but the moves give 1-0: black was checkmated after move 1 \(red\)' \
    "wrong claim located at the Result tag"

printf '[Game "Chinese Chess"]\n[FEN "4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1"]\n1. 车九进九 将5进1 1-0\n' > "$TMP/aftermate.pgn"
run "$BOYI" validate "$TMP/aftermate.pgn"
expect_rc 1 "move after mate"
expect_out 'aftermate.pgn:3:9: game 1, move 1 \(black\) 将5进1: after-end: the game was already over: black was checkmated after move 1 \(red\)' \
    "move after mate located"

printf '[Game "Chinese Chess"]\n[FEN "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"]\n1. a0a9 e9e8 2. a9a8 e8e9 3. a8a9 e9e8 4. a9a8 e8e9 5. a8a9 e9e8 6. a9a8\n' > "$TMP/perpetual.pgn"
run "$BOYI" validate "$TMP/perpetual.pgn"
expect_rc 1 "move after a perpetual-check loss"
expect_out 'perpetual.pgn:3:61: game 1, move 5 \(black\) e9e8: after-end: the game was already over: red lost by perpetual check' \
    "perpetual check loss located"
printf '[Game "Chinese Chess"]\n[Result "1-0"]\n[FEN "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"]\n1. a0a9 e9e8 2. a9a8 e8e9 3. a8a9 e9e8 4. a9a8 e8e9 5. a8a9\n' > "$TMP/perpetual2.pgn"
run "$BOYI" validate "$TMP/perpetual2.pgn"
expect_rc 1 "perpetual checker claims the win"
expect_out 'perpetual2.pgn:2:1: game 1: result: the record claims 1-0, but the moves give 0-1' "perpetual claim contradicted"

# Unbalanced brackets in the move text.
printf '[Game "Chinese Chess"]\n1. h2e2 {never closed\n\n[Game "Chinese Chess"]\n1. h2e2 h9g7 ) *\n' > "$TMP/brackets.pgn"
run "$BOYI" validate "$TMP/brackets.pgn"
expect_rc 1 "unbalanced brackets"
expect_out 'brackets.pgn:2:9: game 1: parse: the comment opened here with .\{. is never closed' "open comment located"
expect_out 'brackets.pgn:5:14: game 2: warning: .\). here closes no variation; ignored' "stray paren: a located warning"
expect_out 'brackets.pgn: game 2: ok, 2 plies' "stray paren: the moves are kept"
run "$BOYI" validate --strict "$TMP/brackets.pgn"
expect_out 'brackets.pgn:5:14: game 2: parse: .\). here closes no variation; ignored \(refused under --strict\)' "stray paren refused under --strict"

# A broken contest frame.
printf '{[XQ][a R][b B][先手胜][2019.07.20][CCGC];1.炮二平五 马8进7;2.马二进三\n' > "$TMP/frame.txt"
run "$BOYI" validate "$TMP/frame.txt"
no_crash "unclosed frame"
expect_rc 1 "unclosed frame"
expect_out 'frame.txt:1:1: game 1: parse: the record opened here with .\{. is never closed' "unclosed frame located"

# JSON output of a fault carries the location.
run "$BOYI" validate --json "$TMP/illegal.pgn"
expect_out '"line":6,"col":4,"move_no":5,"side":"red","move":"马三进四","kind":"illegal"' "JSON fault fields"

finish
