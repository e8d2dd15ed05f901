# gomoku_variations.sh -- SGF variations (issue 7, item 5): read into the record's
# variation tree, each replayed from its branch point under the game's rules; a fault in
# a variation is a located warning marked as the variation's, and the main line's verdict
# stands, unless --variation-errors; convert --to sgf keeps them, other formats say they
# drop them.
source "$(dirname "$0")/lib.bash"

# Main line: h8 a1 i8 a3 j9 a5 j10 a7, then g8 a8(ao) k8 a6(ai) l8.  At move 9 three
# variations replace g8: the main continuation, j8 (black's double-three of
# tests/gomoku_records/data/forbidden-continues.txt) played on, and g8 then white on h8
# (occupied since move 1).
cat >"$TMP/v.sgf" <<'SGF'
(;GM[4]FF[4]SZ[15]PB[甲]PW[乙]
;B[hh];W[ah];B[ih];W[aj];B[jg];W[al];B[jf];W[an]
(;B[gh];W[ao];B[kh];W[ai];B[lh]C[the main line])
(;B[jh];W[ao]C[foul played on])
(;B[gh];W[hh]))
SGF
run "$BOYI" validate "$TMP/v.sgf"
expect_rc 0 "faults in variations do not change the main line's verdict"
expect_out "^$TMP/v.sgf: game 1: ok, 13 plies" "main line ok"
expect_out "^$TMP/v.sgf:4:3: game 1: warning: in the variation that replaces move 9: move 9 \(black\) B\[jh\]: forbidden: black's move 9 j8 is forbidden — double-three" "foul in a variation: located warning"
expect_out "^$TMP/v.sgf:5:9: game 1: warning: in the variation that replaces move 9: move 10 \(white\) W\[hh\]: illegal: h8 is already occupied" "illegal move in a variation: located warning"
expect_out '^summary: 1 files, 1 games, 13 moves, 1 ok, 0 invalid, 0 skipped, 2 warnings' "summary"

run "$BOYI" validate --variation-errors "$TMP/v.sgf"
expect_rc 1 "--variation-errors: the game is invalid"
expect_out "^$TMP/v.sgf:4:3: game 1, move 9 \(black\) B\[jh\]: forbidden: in the variation that replaces move 9: black's move 9 j8" "--variation-errors: the first variation fault is the verdict, marked"
expect_out "^$TMP/v.sgf:5:9: game 1: warning: in the variation .*W\[hh\]: illegal" "--variation-errors: the other stays a warning"

run "$BOYI" validate --json --variation-errors "$TMP/v.sgf"
expect_out '"status":"invalid".*"line":4,"col":3,"move_no":9,"side":"black","move":"B\[jh\]","kind":"forbidden"' "--json: the variation's fault"

# a variation that goes on after its own five is after the end; the main line stands
printf '(;GM[4]SZ[15];B[hh];W[aa];B[ih];W[ab];B[jh];W[ac];B[kh];W[ad](;B[lh])(;B[gh];W[ae]))\n' >"$TMP/after.sgf"
run "$BOYI" validate "$TMP/after.sgf"
expect_out "^$TMP/after.sgf: game 1: ok, 9 plies, 1-0" "main line: black's five"
expect_out "^$TMP/after.sgf:1:[0-9]+: game 1: warning: in the variation that replaces move 9: move 10 \(white\) W\[ae\]: after-end: the game was over after move 9 \(black's five g8-k8\)" "variation after its five"

# convert keeps variations (and comments) in sgf, and reads its own output the same
run "$BOYI" convert "$TMP/v.sgf" --to sgf -o "$TMP/back.sgf"
expect_rc 0 "convert to sgf"
run grep -c '(;B\[jh\];W\[ao\]C\[foul played on\])' "$TMP/back.sgf"
expect_out '^1$' "the variation and its comment are written"
run "$BOYI" validate "$TMP/back.sgf"
expect_out "^$TMP/back.sgf:[0-9]+:[0-9]+: game 1: warning: in the variation that replaces move 9: move 9 \(black\) B\[jh\]: forbidden" "written variations are read and judged again"
expect_out '^summary: 1 files, 1 games, 13 moves, 1 ok, 0 invalid, 0 skipped, 2 warnings' "same summary after the trip"
for to in contest psq moves; do
    run "$BOYI" convert "$TMP/v.sgf" --to $to
    expect_rc 0 "convert to $to"
    expect_err "game 1: warning: 2 variations not written: the $to format cannot hold variations" "convert to $to says it drops the variations"
done
finish
