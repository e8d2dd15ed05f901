# engine_protocol.sh -- `boyi engine`: one persistent process driven through the UCI-style
# protocol (docs/engine-xiangqi.md): handshake, games played move by move with
# `position ... moves` and `go`, the moves judged afterwards by `boyi validate` (the
# rules judge, which shares no code with the search), bad input answered on the
# protocol's channel without ending the process.
source "$(dirname "$0")/lib.bash"

coproc ENG { "$BOYI" engine --game xiangqi --hash 4 2>"$TMP/engine.err"; }
ENG_PROC=$ENG_PID   # bash unsets ENG_PID once the process has ended
# say LINE: one command to the engine.
say() { printf '%s\n' "$1" >&"${ENG[1]}"; }
# upto PREFIX: read the engine's lines until one starts with PREFIX (5 s each); the
# lines read are in $LINES, the last in $LAST.
upto() {
    LINES=""
    while IFS= read -r -t 5 LAST <&"${ENG[0]}"; do
        LINES+="$LAST"$'\n'
        case "$LAST" in "$1"*) return 0 ;; esac
    done
    LAST=""
    return 1
}
# check COND DESCRIPTION
check() { if eval "$1"; then ok; else OUT=$LINES; ERR=$(cat "$TMP/engine.err"); RC=0; bad "$2"; fi; }

say uci
upto uciok; check '[ -n "$LAST" ]' "uci answered uciok"
check 'grep -q "^id name boyi" <<<"$LINES"' "uci names the engine"
say isready
upto readyok; check '[ "$LAST" = readyok ]' "isready answered readyok"

# 1. A won position: red (the engine) mates in 2 moves; black answers with the first
# of its general's moves that the validator accepts.  The game must end in mate, as the validator judges.
FEN='4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1'
say ucinewgame
moves=()
for turn in 1 2; do
    say "position fen $FEN${moves:+ moves ${moves[*]}}"
    say "go depth 5"
    upto bestmove; check '[[ "$LAST" =~ ^bestmove\ [a-i][0-9][a-i][0-9]$ ]]' "mate line: bestmove $turn in ICCS"
    check 'grep -q "^info depth .* score mate" <<<"$LINES"' "mate line: info lines with a mate score"
    moves+=("${LAST#bestmove }")
    [ "$turn" = 2 ] && break
    # Black's reply: the first of the general's moves that the validator accepts.
    reply=""
    for cand in e9f9 e9d9 e9e8; do
        printf '[FEN "%s"]\n1. %s %s *\n' "$FEN" "${moves[0]}" "$cand" > "$TMP/tmp.pgn"
        run "$BOYI" validate "$TMP/tmp.pgn"
        if grep -q 'game 1: ok' "$TMP/out"; then reply=$cand; break; fi
    done
    check '[ -n "$reply" ]' "mate line: black has a legal reply"
    moves+=("$reply")
done
printf '[FEN "%s"]\n[Result "1-0"]\n1. %s %s 2. %s 1-0\n' "$FEN" "${moves[0]}" "${moves[1]}" "${moves[2]}" > "$TMP/mate.pgn"
run "$BOYI" validate "$TMP/mate.pgn"
expect_out 'game 1: ok, 3 plies, 1-0 \(checkmate\)' "the engine mated in 2 (judged by validate)"

# 2. Bad input on the protocol channel; the process goes on.
say "position fen not-a-fen"
say "position startpos moves h2e2 zz9"
say "go depth nine"
say "frobnicate"
say isready
upto readyok
check '[ "$(grep -c "^info string error: " <<<"$LINES")" -eq 4 ] && [ "$LAST" = readyok ]' "four errors named, then readyok"
check 'grep -q "zz9" <<<"$LINES"' "the bad move is named"

# 3. Engine against itself from the start position, ten plies at a fixed depth, the
# whole game in one process (the table kept between moves): every move is legal.
say ucinewgame
moves=()
for ply in 1 2 3 4 5 6 7 8 9 10; do
    say "position startpos${moves:+ moves ${moves[*]}}"
    say "go depth 3"
    upto bestmove
    check '[[ "$LAST" =~ ^bestmove\ [a-i][0-9][a-i][0-9]$ ]]' "self-play ply $ply: a move"
    moves+=("${LAST#bestmove }")
done
line=""
for i in 0 2 4 6 8; do line+="$((i / 2 + 1)). ${moves[$i]} ${moves[$((i + 1))]} "; done
printf '[Event "engine"]\n%s*\n' "$line" > "$TMP/self.pgn"
run "$BOYI" validate "$TMP/self.pgn"
expect_out 'game 1: ok, 10 plies' "ten engine moves, all legal (judged by validate)"

# 4. A clock: wtime/btime of 2 s with a 50 ms increment: the answer comes well within it.
say "position startpos moves ${moves[*]}"
start=$(date +%s%N)
say "go wtime 2000 btime 2000 winc 50 binc 50"
upto bestmove
ms=$((($(date +%s%N) - start) / 1000000))
check '[ -n "$LAST" ] && [ "$ms" -lt 1500 ]' "clocked go answered in ${ms} ms"

say quit
wait "$ENG_PROC"
RC=$?
check '[ "$RC" -eq 0 ]' "quit ends the process with 0"
check '! grep -q Sanitizer "$TMP/engine.err"' "no sanitizer report"
# Move Overhead (kept out of the clock for the pipes' and the manager's lag): listed
# by uci and ucci, a bad value refused on the protocol's channel, a good one silent.
out=$(printf 'uci\nsetoption name Move Overhead value 40\nsetoption name Move Overhead value -3\nquit\n' | "$BOYI" uci --game xiangqi --hash 4)
if grep -q '^option name Move Overhead type spin default 30 min 0 max 5000$' <<<"$out"; then ok; else OUT=$out bad "uci lists Move Overhead"; fi
if [ "$(grep -c '^info string error' <<<"$out")" = 1 ] && grep -q '^info string error: Move Overhead takes 0..5000 ms, not -3$' <<<"$out"; then ok
else OUT=$out bad "only the bad Move Overhead is refused"; fi
out=$(printf 'ucci\nsetoption moveoverhead 40\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\ngo time 400 increment 0\nquit\n' | "$BOYI" ucci --game xiangqi --hash 4)
if grep -q '^option moveoverhead type spin min 0 max 5000 default 30$' <<<"$out" && grep -q '^bestmove [a-i][0-9][a-i][0-9]$' <<<"$out" && ! grep -q error <<<"$out"; then ok
else OUT=$out bad "ucci lists moveoverhead, takes it, and moves on a small clock"; fi
finish
