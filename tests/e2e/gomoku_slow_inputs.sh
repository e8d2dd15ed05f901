# gomoku_slow_inputs.sh -- the fuzzing run's slow and hungry Gomoku inputs
# (../shared/findings/README.md), each under a CPU-time and a memory bound that the old
# reader failed by far:
#   - "1." x 20,000 (40 KB) and its 135-byte gzip ("1." x 50,000): the move-list reader
#     rescanned the rest of the token after every move number (quadratic: 2-12 s CPU);
#   - a 64 KB gzip that inflates to 44 MB of "h8 i9 ": the move list was read and stored
#     three times (1.8-2 GB, 15-27 s) though validation ends at move 3.
# Bounds: CPU seconds (user + system, from the shell's `times`, so a loaded machine
# does not make the test flaky) and `ulimit -v`.  Text loading of the 44 MB alone needs
# about 90 MB (two copies of the text); 400 MB leaves room.  Sanitizer builds get ten
# times the CPU and no memory bound (ASan reserves terabytes of address space).
source "$(dirname "$0")/lib.bash"

F="$SHARED/findings"
QUAD="$F/gm-moves-quadratic-movenumbers.txt"
QUADGZ="$F/gm-moves-quadratic-movenumbers-100KB.txt.gz"
BOMB="$F/gzip-bomb-movelist-42MB.txt.gz"

SLOW=1
MEM_KB=400000
if grep -q __asan_init "$BOYI" 2>/dev/null; then SLOW=10; MEM_KB=unlimited; fi

# bounded CPU_LIMIT CMD...: like run, under ulimit -v and a wall-clock guard; $CPU gets
# the CPU seconds the command used.
bounded() {
    local limit=$1; shift
    (
        ulimit -v "$MEM_KB"
        timeout 60 "$@" >"$TMP/out" 2>"$TMP/err"
        echo $? >"$TMP/rc"
        times >"$TMP/times"
    )
    RC=$(cat "$TMP/rc")
    OUT=$(cat "$TMP/out")
    ERR=$(cat "$TMP/err")
    # the second line of `times` is the children's "XmY.YYYs XmZ.ZZZs"
    CPU=$(sed -n 2p "$TMP/times" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); sub("s", "", a[2]); s += a[1] * 60 + a[2] } print s }')
    if awk -v c="$CPU" -v l="$limit" -v k="$SLOW" 'BEGIN { exit !(c <= l * k) }'; then ok
    else bad "$* took $CPU s CPU, more than $limit s (x$SLOW)"; fi
}

for f in "$QUAD" "$QUADGZ"; do
    # sniffing (every game asks), --game gomoku (the reader itself), and convert
    bounded 0.5 "$BOYI" validate "$f"
    expect_rc 2 "$(basename "$f"): no game of any kind"
    expect_err 'cannot tell which game' "$(basename "$f"): said so"
    bounded 0.5 "$BOYI" validate --game gomoku "$f"
    expect_rc 2 "$(basename "$f") --game gomoku: not a Gomoku record"
    expect_err ':1:1: error: not a Gomoku record' "$(basename "$f") --game gomoku: located"
    bounded 0.5 "$BOYI" convert --game gomoku --to sgf "$f"
    expect_rc 2 "$(basename "$f"): convert refuses"
done
# "1)" repeated, the README's other form, made here (40 KB)
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "1)"; print "" }' >"$TMP/paren.txt"
bounded 0.5 "$BOYI" validate --game gomoku "$TMP/paren.txt"
expect_rc 2 '"1)" x 20000: not a Gomoku record'
# numbers run together before real moves are still skipped, in linear time
{ awk 'BEGIN { for (i = 0; i < 20000; i++) printf "1."; print "" }'; echo "h8 i9 1-0"; } >"$TMP/numbers-then-moves.txt"
bounded 0.5 "$BOYI" validate --game gomoku "$TMP/numbers-then-moves.txt"
expect_rc 0 'move numbers then moves: read, result judged (a warning: no five, no reason given)'
expect_out 'game 1: warning: the record says black won' 'move numbers then moves: the two moves were read'

# the bomb: the verdict at move 3, whichever way the file is reached
bounded 4 "$BOYI" validate --game gomoku "$BOMB"
expect_rc 1 "bomb --game gomoku: invalid"
expect_out ':1:7: game 1, move 3 \(black\) h8: illegal: h8 is already occupied by black.s stone of move 1' "bomb: verdict at move 3"
expect_out '^summary: 1 files, 1 games, 2 moves, 0 ok, 1 invalid' "bomb: summary"
bounded 6 "$BOYI" validate "$BOMB"
expect_rc 1 "bomb (sniffed): invalid"
expect_out ':1:7: game 1, move 3 \(black\) h8: illegal' "bomb (sniffed): verdict at move 3"
bounded 4 "$BOYI" convert --game gomoku --to contest "$BOMB"
expect_rc 1 "bomb convert: refused"
expect_err 'game 1 has 14680064 moves, more than a 15x15 board has points' "bomb convert: says why"
# a game that goes on far past the full board is still judged with every move counted:
# the foul message counts the moves that were read but not kept (move 9 j8 is black's
# double-three of tests/gomoku_records/data/forbidden-continues.txt)
{ echo "h8 a1 i8 a3 j9 a5 j10 a7 j8"; awk 'BEGIN { for (i = 0; i < 2000; i++) printf "b2 "; print "" }'; } >"$TMP/long-after-foul.txt"
bounded 0.5 "$BOYI" validate --game gomoku "$TMP/long-after-foul.txt"
expect_out ':1:26: game 1, move 9 \(black\) j8: forbidden: .*yet the record goes on for 2000 more moves' "moves past the kept ones are counted"
finish
