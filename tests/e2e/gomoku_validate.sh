# gomoku_validate.sh -- `boyi validate` on Gomoku / Renju records: the samples in every
# format are ok; each fault file is reported with its kind at FILE:LINE:COL; options.
source "$(dirname "$0")/lib.bash"

D="$SRC/data/gomoku"
T="$SRC/tests/gomoku_records/data"

for f in contest-utf8.txt contest-gbk.txt game.psq game.sgf game-moves.txt; do
    run "$BOYI" validate "$D/$f"
    expect_rc 0 "sample $f validates"
    expect_out "^$D/$f: game 1: ok, [0-9]+ plies, (1-0|0-1|1/2-1/2)" "sample $f: ok with a result"
    expect_out '^summary: 1 files, [0-9]+ games, [0-9]+ moves, [0-9]+ ok, 0 invalid' "sample $f: summary"
done
run "$BOYI" validate "$D/contest-gbk.txt"
expect_out 'ok, 225 plies, 1/2-1/2 \(the board is full' "full-board draw"
run "$BOYI" validate "$D/contest-utf8.txt"
expect_out 'game 2: ok, 92 plies, 0-1 \(five in a row: white h10-h14' "second game of a file"

# file, kind, LINE:COL, what the message must say
check() {
    local file=$1 kind=$2 where=$3 words=$4
    shift 4
    run "$BOYI" validate "$@" "$T/$file"
    no_crash "$file"
    expect_rc 1 "$file: exit 1 (a record breaks a rule)"
    expect_out "^$T/$file:$where: game 1.*: $kind: .*$words" "$file: $kind at $where"
}
check occupied.txt illegal 1:70 "i9 is already occupied"
check off-board.txt illegal 1:63 "p16 is off the board"
check a0.txt illegal 1:7 "a0 is off the board"
check wrong-colour.txt illegal 1:63 "it is white's turn"
check first-not-h8.txt illegal 2:1 "must go on H8"
check forbidden-continues.txt forbidden 3:2 "double-three: open threes on the row \(h8-j8\) and the column \(j8-j10\).*goes on"
check forbidden-black-claims.txt forbidden 3:2 "says black won"
check double-four.txt forbidden 2:1 "double-four"
check overline.txt forbidden 2:1 "overline"
check after-end.txt after-end 1:119 "over after move 9"
check result-wrong-winner.txt result 1:19 "black made five"
# a win claimed with no five and no reason: a warning by default (docs/exit-codes.md),
# a fault under --strict and under the contest's rules named
check result-no-five.txt result 1:19 "no five" --strict
check result-no-five.txt result 1:19 "no five" --rules renju
run "$BOYI" validate "$T/result-no-five.txt"
expect_rc 0 "result-no-five.txt: by default a warning"
expect_out "result-no-five.txt:1:19: game 1: warning: the record says black won" "result-no-five.txt: the warning located"
check time.psq time 5:1 "16.500 s, more than the 15 s.*white loses on time, yet the record goes on for 1 more move"
check truncated.txt parse 1:74 "truncated"
check unknown-colour.txt parse 1:63 "unknown colour 'X'"
check extra-brace.txt parse 1:68 "without a matching"
check unclosed-brace.txt parse 1:69 "not closed"

# the move, its number and colour are named
run "$BOYI" validate "$T/forbidden-continues.txt"
expect_out 'game 1, move 9 \(black\) B\(J,8\): forbidden' "the foul's number, colour and text"

# a foul that ends the game as white's win is a consistent record
run "$BOYI" validate "$T/forbidden-white-wins.txt"
expect_rc 0 "foul ending the game"
expect_out "ok, 9 plies, 0-1 \(black's forbidden move 9 j8: double-three" "white wins by black's foul"

# a move over the time limit that ends the record: white lost on time, a finished game
run "$BOYI" validate "$T/time-ends.psq"
expect_rc 0 "time forfeit ending the record"
expect_out 'ok, 4 plies, 1-0 \(time forfeit: move 4 took 16.500 s \(limit 15 s\)\)' "time forfeit ending"
run "$BOYI" validate --move-time-limit 17 "$T/time-ends.psq"
expect_out 'ok, 4 plies, \*$' "within a 17 s limit: no result"
# black's slow last move: white wins on time (a claimed result that is not the mover's
# loss stays a time fault: PSQ has no result field, test_validate.c checks that)
printf 'Piskvorky 15x15, 11:11, 0\n8,8,1000\n9,7,2000\n7,9,20000\na\nb\n-1\n' >"$TMP/black-slow.psq"
run "$BOYI" validate "$TMP/black-slow.psq"
expect_out 'ok, 3 plies, 0-1 \(time forfeit: move 3 took 20.000 s' "black's slow last move: white wins"

# sloppy files: warnings, still judged
run "$BOYI" validate "$T/sloppy.txt"
expect_rc 0 "sloppy record reads"
expect_out 'warning: game code is \[C1\]' "wrong game code named"
expect_out "warning: colour letter 'H'" "H for white named"

# options
run "$BOYI" validate --rules freestyle "$T/first-not-h8.txt"
expect_rc 0 "freestyle: black may start anywhere"
run "$BOYI" validate --rules freestyle "$T/overline.txt"
expect_out 'ok, 11 plies, 1-0' "freestyle: an overline wins"
run "$BOYI" validate --move-time-limit 20 "$T/time.psq"
expect_rc 0 "--move-time-limit 20"
run "$BOYI" validate --move-time-limit 2.5 "$T/time.psq"
expect_out 'move 3 \(black\).*time: .*3.000 s' "--move-time-limit 2.5"
run "$BOYI" validate --rules nonsense "$T/time.psq"
expect_rc 2 "unknown rule set"

# JSON, one object per game and a summary
run "$BOYI" validate --json "$T/occupied.txt" "$D/game.sgf"
expect_rc 1 "json run"
expect_out '^\{"file":"[^"]*occupied.txt","game":1,"status":"invalid","moves":2,.*"line":1,"col":70,"move_no":3,"side":"black","move":"B\(I,9\)","kind":"illegal"' "json fault"
expect_out '"status":"ok".*"result":"0-1"' "json ok"
expect_out '^\{"summary":\{"files":2,"games":2,"moves":94,"ok":1,"invalid":1' "json summary"

# a whole tournament at once, and stdin
run "$BOYI" validate "$D"/*.txt "$D/game.psq" "$D/game.sgf"
expect_rc 0 "all samples together"
run bash -c "cat '$D/game.sgf' | '$BOYI' validate -"
expect_rc 0 "stdin"

finish
