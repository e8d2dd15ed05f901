# gomoku_bad_input.sh -- broken Gomoku input: a clear located error, the right exit
# code, never a crash or a hang (CI runs this under the sanitizers too).
source "$(dirname "$0")/lib.bash"

T="$SRC/tests/gomoku_records/data"

# file content, expected exit code, stderr/stdout pattern
bad_file() {
    local name=$1 rc=$2 pattern=$3
    run "$BOYI" validate --game gomoku "$TMP/$name"
    no_crash "$name"
    expect_rc "$rc" "$name: exit $rc"
    if grep -Eq -- "$pattern" "$TMP/out" "$TMP/err"; then ok; else bad "$name: output should match /$pattern/"; fi
    # convert reads the same way; run it on one file of each kind of fault
    case "$name" in empty.txt|garbage.bin|trunc1.txt|trunc.psq|trunc.sgf|colour.txt|open.txt|close.txt|deep.sgf|p16.txt)
        run "$BOYI" convert --game gomoku "$TMP/$name" --to sgf
        no_crash "$name (convert)"
        [ "$RC" -ne 0 ] && ok || bad "$name: convert must fail" ;;
    esac
}

: > "$TMP/empty.txt"
# no record at all: located at the file's start, like every other fault
bad_file empty.txt 2 "empty.txt:1:1: error: the file is empty: no Gomoku record"
printf '\n   \n\n' > "$TMP/blank.txt"
bad_file blank.txt 2 "blank.txt:1:1: error: the file is empty"

LC_ALL=C awk 'BEGIN { srand(7); for (i = 0; i < 8192; i++) printf "%c", int(rand() * 256) }' > "$TMP/garbage.bin"
bad_file garbage.bin 2 "garbage.bin:1:1: error: .*not a Gomoku record"
run "$BOYI" validate "$TMP/garbage.bin"
no_crash "garbage without --game"
expect_rc 2 "garbage is not claimed"

printf 'the quick brown fox\n' > "$TMP/prose.txt"
bad_file prose.txt 2 "prose.txt:1:1: error: .*not a Gomoku record"

printf '{[C5][a B][b W][先手胜][2019][x];B(H,8);W(I,9);B(J,' > "$TMP/trunc1.txt"
bad_file trunc1.txt 1 "trunc1.txt:1:49: game 1: parse: .*truncated"
printf '{[C5][a B][b W][先手胜' > "$TMP/trunc2.txt"
bad_file trunc2.txt 1 "trunc2.txt:1:16: game 1: parse: header field not closed"
printf 'Piskvorky 15x15, 11:11, 0\n8,8,100\n9,' > "$TMP/trunc.psq"
bad_file trunc.psq 1 "trunc.psq:3:1: game 1: parse: malformed move line"
printf '(;GM[4]SZ[15];B[hh];W[i' > "$TMP/trunc.sgf"
bad_file trunc.sgf 1 "trunc.sgf:1:.*: game 1: parse: value not closed"
printf '(;GM[4]SZ[15];B[hh];W[ii]' > "$TMP/unclosed.sgf"
bad_file unclosed.sgf 1 "unclosed.sgf:1:26: game 1: parse: game tree not closed"

printf '{[C5][a B][b W][*][2019][x];B(H,8);W(P,16)}\n' > "$TMP/p16.txt"
bad_file p16.txt 1 "p16.txt:1:36: game 1, move 2 \(white\) W\(P,16\): illegal: p16 is off the board"
printf 'h8 i9 a 0\n' > "$TMP/a0.txt"
bad_file a0.txt 1 "a0.txt:1:7: game 1, move 3 \(black\) a 0: illegal: a0 is off the board"
printf 'Piskvorky 15x15, 11:11, 0\n8,8,100\n16,1,100\n-1\n' > "$TMP/off.psq"
bad_file off.psq 1 "off.psq:3:1: game 1, move 2 \(white\) 16,1,100: illegal: p15 is off the board"
printf '(;GM[4]SZ[15];B[hh];W[zz])' > "$TMP/off.sgf"
bad_file off.sgf 1 "off.sgf:1:21: game 1, move 2 \(white\) W\[zz\]: illegal: .* is off the board"

printf '{[C5][a B][b W][*][2019][x];B(H,8);Q(I,9)}\n' > "$TMP/colour.txt"
bad_file colour.txt 1 "colour.txt:1:36: game 1: parse: .*unknown colour 'Q'"
printf '{[C5][a B][b W][*][2019][x];B(H,8);W(I,9)\n' > "$TMP/open.txt"
bad_file open.txt 1 "open.txt:2:1: game 1: parse: record not closed"
printf '{[C5][a B][b W][*][2019][x];B(H,8);W(I,9)}}\n' > "$TMP/close.txt"
bad_file close.txt 1 "close.txt:1:43: game 1: parse: '}' without a matching"
printf '{{{{{{{{{{{{{{{{{{{{[C5];B(H,8)}' > "$TMP/nested.txt"
bad_file nested.txt 1 "nested.txt:1:2: game 1: parse: record not closed"
printf '{[C5][a B][b W][*][2019][x];B(H 8);W(I,9)}\n' > "$TMP/comma.txt"
bad_file comma.txt 1 "comma.txt:1:33: game 1: parse: .*',' expected"

# deep nesting and long lines must not hurt
awk 'BEGIN { printf "(;GM[4]"; for (i = 0; i < 100000; i++) printf "("; print "" }' > "$TMP/deep.sgf"
bad_file deep.sgf 1 "deep.sgf:1:1007: game 1: parse: variations nested deeper than 1000 levels"
awk 'BEGIN { printf "{[C5][a B][b W][*][2019][x]"; for (i = 0; i < 50000; i++) printf ";"; print "B(H,8)}" }' > "$TMP/long.txt"
run "$BOYI" validate "$TMP/long.txt"
no_crash "long line"
expect_rc 0 "a long line of separators reads"

# the position option
run "$BOYI" moves --game gomoku --position 'black: h8 p16'
no_crash "position off board"
expect_rc 2 "position off board: exit 2"
expect_err -- "--position:1:11: error: p16 is off the 15x15 board" "position error located"
run "$BOYI" moves --game gomoku --position "$(printf 'black: h8\nwhite: h8')"
expect_rc 2 "stone twice"
expect_err -- "--position:2:8: error: h8 is given twice" "second line located"
run "$BOYI" moves --game gomoku --position 'red: h8'
expect_rc 2 "unknown colour in a position"
expect_err "unknown part 'red'" "unknown part named"
run "$BOYI" moves --game gomoku
expect_rc 0 "moves without --position: the start"
expect_eq_out() { if [ "$OUT" = "$1" ]; then ok; else bad "$2"; fi; }
expect_eq_out h8 "renju opens on h8 (RULES.md 2): the start's only move"
run "$BOYI" moves --game gomoku --rules freestyle --forbidden --position 'black: h8'
expect_rc 2 "--forbidden needs renju"
run "$BOYI" moves --game gomoku --rules nosuch --position 'black: h8'
expect_rc 2 "unknown rule set"

finish
