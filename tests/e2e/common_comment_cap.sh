# common_comment_cap.sh -- issue 31 section 4: a game with a huge comment is
# read in bounded memory and still judged (oom-partial-game-ok.pgn.gz: a 400 MB
# comment, then an illegal move, took 394-785 MB).  validate's stream cuts a
# comment to 1 MB once a game outgrows the slice (text_stream.h,
# BO_STREAM_COMMENT_CAP), with a located warning, and reads the rest over.
#  1. Xiangqi PGN, a 40 MB comment on one line (gzip): the illegal move after it
#     is found, the cut is said at the comment's opener, memory stays small.
#  2. The same for PDN (draughts) and an SGF property value (NoGo, Gomoku).
#  3. A 40 MB comment of 400,000 lines: the move after it keeps its line number;
#     a comment of 3 million line ends: the next game's lines are right.
#  4. An unclosed comment in a 3 MB game: the next game is still read.
#  5. The reproducer itself, under 100 MB.
#  6. convert and annotate read a file whole (the comment kept): under a ulimit -v
#     sweep, running out of memory is said as such (it was "byte 0x00 is not
#     UTF-8 or GBK text" when decoding ran out), and -o OLD stays as it was;
#     annotate with an unreadable file no longer empties -o OLD.
# Memory bounds are not checked under the sanitizers.
source "$(dirname "$0")/lib.bash"
F="$SHARED/findings/2026-12"
sanitized=$(boyi_sanitized)   # memory bounds: peak/bound in lib.bash
# aaa N: N bytes of 'a'
aaa() { head -c "$1" /dev/zero | tr '\0' 'a'; }

# ---- 1. Xiangqi PGN, 40 MB comment, then an illegal move
{ printf '[Game "Chinese Chess"]\n\n1. h2e2 {'; aaa 40000000; printf '} h9g7 2. a0a9 a9a0 1-0\n'; } \
    | gzip -1 > "$TMP/big.pgn.gz"
BOYI_REPORT_PEAK=1 run "$BOYI" validate "$TMP/big.pgn.gz"
expect_rc 1 "PGN: the illegal move after a 40 MB comment makes the file invalid"
expect_out '^[^ ]*big\.pgn\.gz:3:[0-9]+: game 1, move 2 \(red\) a0a9: illegal' "PGN: the illegal move is found, on line 3"
expect_out 'big\.pgn\.gz:3:9: game 1: warning: comment of 40000002 bytes cut to 1 MB' "PGN: the cut is said where the comment opens"
expect_out 'summary: 1 files, 1 games, 2 moves, 0 ok, 1 invalid' "PGN: one game, read and judged"
bound "PGN 40 MB comment" 20000

# ---- 2. PDN and SGF
{ printf '[GameType "20"]\n\n1. 32-28 {'; aaa 40000000; printf '} 19-23 2. 32-27 1-0\n'; } > "$TMP/big.pdn"
BOYI_REPORT_PEAK=1 run "$BOYI" validate "$TMP/big.pdn"
expect_rc 1 "PDN: invalid"
expect_out 'big\.pdn:3:[0-9]+: game 1, move 2 \(white\) 32-27: illegal' "PDN: the illegal move after the comment is found"
expect_out 'big\.pdn:3:10: game 1: warning: comment of 40000002 bytes cut to 1 MB' "PDN: the cut is said"
bound "PDN 40 MB comment" 20000
{ printf '(;GM[1]FF[4]SZ[9]RU[NoGo]\n;B[ee]C['; aaa 40000000; printf '];W[ee])\n'; } > "$TMP/big.sgf"
BOYI_REPORT_PEAK=1 run "$BOYI" validate "$TMP/big.sgf"
expect_rc 1 "NoGo SGF: invalid"
expect_out 'big\.sgf:2:[0-9]+: game 1, move 2 \(white\) W\[ee\]: illegal' "NoGo SGF: the illegal move after C[...] is found"
expect_out 'big\.sgf:2:8: game 1: warning: comment of 40000002 bytes cut to 1 MB' "NoGo SGF: the cut is said"
bound "NoGo SGF 40 MB comment" 20000
{ printf '(;GM[4]FF[4]SZ[15]RU[freestyle]\n;B[hh]C['; aaa 40000000; printf '];W[hh])\n'; } > "$TMP/gm.sgf"
BOYI_REPORT_PEAK=1 run "$BOYI" validate --game gomoku "$TMP/gm.sgf"
expect_out 'gm\.sgf:2:[0-9]+: game 1, move 2 .*illegal' "Gomoku SGF: the illegal move after C[...] is found"
expect_out 'gm\.sgf:2:8: game 1: warning: comment of 40000002 bytes cut to 1 MB' "Gomoku SGF: the cut is said"
bound "Gomoku SGF 40 MB comment" 20000

# ---- 3. line numbers
{ printf '[Game "Chinese Chess"]\n\n1. h2e2 {'
  awk 'BEGIN { s = sprintf("%99s", ""); gsub(/ /, "a", s); for (i = 0; i < 400000; i++) print s }'
  printf '} h9g7\n2. a0a9 a9a0 1-0\n'; } > "$TMP/lines.pgn"
BOYI_REPORT_PEAK=1 run "$BOYI" validate "$TMP/lines.pgn"
expect_out 'lines\.pgn:400004:4: game 1, move 2 \(red\) a0a9: illegal' "a 400,000-line comment: the move after it keeps its line"
bound "PGN 40 MB comment of 400,000 lines" 20000
{ printf '[Game "Chinese Chess"]\n\n1. h2e2 {'; head -c 3000000 /dev/zero | tr '\0' '\n'
  printf '} h9g7 1-0\n\n[Game "Chinese Chess"]\n\n1. a0a9 *\n'; } > "$TMP/nl.pgn"
BOYI_REPORT_PEAK=1 run "$BOYI" validate "$TMP/nl.pgn"
expect_out 'nl\.pgn:3:9: game 1: warning: comment of 3000002 bytes cut to 1 MB.*line ends dropped' "3 million line ends: the cut says its lines are dropped"
expect_out 'nl\.pgn:3000007:[0-9]+: game 2, move 1 \(red\) a0a9: illegal' "3 million line ends: the next game's line is right"
bound "PGN comment of 3 million line ends" 20000

# ---- 4. an unclosed comment in a big game does not swallow the next game
{ printf '[Game "Chinese Chess"]\n\n1. h2e2 {'; aaa 3000000
  printf '\n\n[Game "Chinese Chess"]\n\n1. a0a9 *\n'; } > "$TMP/open.pgn"
run "$BOYI" validate "$TMP/open.pgn"
expect_out 'open\.pgn:7:[0-9]+: game 2, move 1 \(red\) a0a9: illegal' "an unclosed comment: the next game is still judged"
expect_out 'summary: 1 files, 2 games' "an unclosed comment: both games counted"

# ---- 5. the reproducer
if [ -f "$F/oom-partial-game-ok.pgn.gz" ]; then
    BOYI_REPORT_PEAK=1 run "$BOYI" validate "$F/oom-partial-game-ok.pgn.gz"
    expect_rc 1 "oom-partial-game-ok.pgn.gz: invalid"
    expect_out ':3:[0-9]+: game 1, move 2 \(red\) a0a9: illegal' "oom-partial-game-ok.pgn.gz: the illegal move is found"
    expect_out ':3:9: game 1: warning: comment of 400000002 bytes cut to 1 MB' "oom-partial-game-ok.pgn.gz: the cut is said"
    bound "oom-partial-game-ok.pgn.gz" 100000
fi

# ---- 6. convert and annotate (whole reads)
if [ "$sanitized" -eq 0 ]; then
    for v in $(seq 60000 10000 160000); do
        echo OLD > "$TMP/old.pgn"
        RC=0
        (ulimit -v "$v"; exec "$BOYI" convert "$TMP/big.pgn.gz" --to pgn -o "$TMP/old.pgn") > "$TMP/out" 2> "$TMP/err"
        RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
        if grep -q "is not UTF-8" "$TMP/err"; then bad "convert under ulimit -v $v: out of memory said as bad bytes"; else ok; fi
        if [ "$RC" -eq 2 ]; then
            [ "$(cat "$TMP/old.pgn")" = OLD ] && ok || bad "convert under ulimit -v $v failed and changed -o OLD"
        else
            expect_err "illegal: a chariot cannot jump" "convert under ulimit -v $v: read whole, the illegal move found"
        fi
    done
    echo OLD > "$TMP/old.pgn"
    RC=0
    (ulimit -v 100000; exec "$BOYI" annotate --depth 1 -o "$TMP/old.pgn" "$TMP/big.pgn.gz") > "$TMP/out" 2> "$TMP/err"
    RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
    expect_rc 2 "annotate under ulimit -v 100000: out of memory is exit 2"
    expect_err "out of memory" "annotate under ulimit -v 100000: out of memory said"
    [ "$(cat "$TMP/old.pgn")" = OLD ] && ok || bad "annotate out of memory emptied -o OLD"
fi
echo OLD > "$TMP/old.pgn"
run "$BOYI" annotate --depth 1 -o "$TMP/old.pgn" "$TMP/no-such-file.pgn"
expect_rc 2 "annotate of a file that cannot be opened: exit 2"
[ "$(cat "$TMP/old.pgn")" = OLD ] && ok || bad "annotate of an unreadable file emptied -o OLD"

finish
