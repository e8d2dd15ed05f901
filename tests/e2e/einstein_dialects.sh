# einstein_dialects.sh -- EWN logs as contest programs write them (issue 36, 1): a first
# line that is the log's own path or none, "R: A5-3;...;" arrangements, moves written
# square to square "N:D;(FROM,TO)", either colour first, no written result.  Each is
# read with a located warning, each roll's piece, direction and the winner are judged,
# the winner the board gives is reported, and --strict refuses every departure.
# The samples in tests/einstein/data/dialect-*.txt were written for this test (the real
# logs are not public): a blue-first game in which red's own pieces take 5 (ply 4), 4
# (ply 8) and 3 (ply 10), and ply 14 rolls a 5: the nearest higher piece, 6, moves.
source "$(dirname "$0")/lib.bash"

T="$SRC/tests/einstein/data"
D18="$T/dialect-2018.txt"

run "$BOYI" validate "$D18"
expect_rc 0 "the program's log validates"
expect_out 'game 1: ok, 21 plies, 1-0 \(blue reached A5 at ply 21; blue moved first\)' "the board's winner, blue moving first"
expect_out ":1:1: game 1: warning: line 1 is no WTN header but the log's name: Alpha moves first against Beta, and the name says Alpha won" "the name line: located warning"
expect_out ':2:33: game 1: warning: a .;. after the last piece of an arrangement.*\(2 times\)' "trailing ';': located"
expect_out ':2:1: game 1: warning: blanks in an arrangement line' "blank after the colon: located"
expect_out ':4:1: game 1: warning: moves written square to square \(1:2;\(D2,D3\)\)' "square-to-square moves: located"
run "$BOYI" validate --strict "$D18"
expect_rc 1 "--strict refuses the dialect"
expect_out ':1:1: game 1: parse: line 1 is no WTN header.*\(--strict\)' "--strict names the first departure"

# No first line at all, red first, blue wins.
run "$BOYI" validate "$T/dialect-headerless.txt"
expect_rc 0 "headerless log validates"
expect_out 'game 1: ok, 18 plies, 0-1 \(blue reached A5 at ply 18; red moved first\)' "headerless: red first, blue wins"
expect_out ':1:1: game 1: warning: no WTN header' "headerless: warned"
run "$BOYI" validate --strict "$T/dialect-headerless.txt"
expect_rc 1 "--strict refuses the headerless log"

# Only the departures of each line are warned: a standard file is silent, under --strict too.
run "$BOYI" validate --strict "$SRC/data/einstein/sample_game.txt"
expect_rc 0 "a standard WTN file passes --strict"
expect_out '0 warnings' "a standard WTN file: no warning"

# The family of variants: blanks inside moves, ';' after them, CRLF, two moves on a line,
# a path with a backslash and the contest's file-name form.
{ echo 'C:\logs\WTN-Alpha vs Beta-先手胜-2018.07.15 1400-2018CCGC.txt'
  sed -n '2,3p' "$D18"
  sed -n '4,5p' "$D18" | sed 's/:/ : /; s/;(/; ( /; s/,/ , /; s/$/;/'
  sed -n '6,7p' "$D18" | paste -d';' - -
  sed -n '8,$p' "$D18"; } | sed 's/$/\r/' > "$TMP/variants.txt"
run "$BOYI" validate "$TMP/variants.txt"
expect_rc 0 "the variants validate"
expect_out 'game 1: ok, 21 plies, 1-0 \(blue reached A5' "variants: the same game"
expect_out ':4:1: game 1: warning: blanks inside a move' "variants: blanks inside a move"
expect_out ':4:[0-9]+: game 1: warning: a .;. after a move' "variants: ';' after a move"
expect_out ':6:[0-9]+: game 1: warning: several moves on one line' "variants: two moves on a line"
expect_out "log's name: Alpha moves first against Beta, and the name says 先手胜 won" "variants: the contest's file-name form"

# Two logs in one stream: the name line starts the second game.
cat "$D18" "$T/dialect-headerless.txt" "$D18" > "$TMP/cat.txt"
run "$BOYI" validate "$TMP/cat.txt"
expect_rc 0 "concatenated logs validate"
expect_out 'summary: 1 files, 3 games, 60 moves, 3 ok' "concatenated logs: three games"

# The judge on the dialect: each roll's piece, each direction, the winner.
check() {
    local sedexpr=$1 kind=$2 where=$3 words=$4 file=${5:-$D18}
    sed "$sedexpr" "$file" > "$TMP/bad.txt"
    run "$BOYI" validate "$TMP/bad.txt"
    no_crash "$words"
    expect_rc 1 "$words: exit 1"
    expect_out "bad.txt:$where: game 1.*: $kind: .*$words" "$words: $kind at $where"
}
check '4s/1:2;/1:3;/' illegal 4:1 "the die shows 3, so piece 3 must move"
check '17s/14:5;/14:1;/' illegal 17:1 "the die shows 1, so piece 1 must move"
check '17s/(B4,C4)/(B4,A4)/' illegal 17:1 "red moves one square right, down or down-right"
check '5s/(C5,C4)/(C3,C4)/' illegal 5:1 "no piece on C3"
check '5s/(C5,C4)/(E2,D2)/' illegal 5:1 "it is red's move, not blue's"
check '1s/-Alpha-2018/-Beta-2018/' result 1 "the log's name says Beta, but blue, the first player, won"
check '5s/(C5,C4)/(R1,C4)/' parse 5:1 "this move names a piece, the game's earlier moves a square"
check '24s/$/\n22:3;(B5,C5)/' after-end 25:1 "the game was won by blue at ply 21"
# The nearest lower piece may move too: ply 14's 5 moves piece 2 (A2 to A1); the game
# then breaks only at ply 16, which moves piece 6 from C4, where it did not go.
sed '17s/(B4,C4)/(A2,A1)/' "$D18" > "$TMP/near.txt"
run "$BOYI" validate "$TMP/near.txt"
expect_rc 1 "nearest lower: the later fault"
expect_out "near.txt:19:1: game 1, move 16 .*illegal: no piece on C4 to move" "the nearest lower piece is allowed at ply 14"

# A foreign line followed by no record is still no record.
printf './chess_log/WTN-a-b-a\nhello\n' > "$TMP/x.txt"
run "$BOYI" validate --game einstein "$TMP/x.txt"
expect_rc 2 "a name line and nothing: exit 2"
finish
