#!/usr/bin/env bash
# result_policy.sh -- one policy, for every game whose records have results, on a result
# the record claims but the board does not reach (issue 36, 2; docs/exit-codes.md
# "A result not reached on the board"): explained by the record (SGF RE suffixes,
# PGN/PDN Termination, the contest formats' words) it is ok with a note naming the
# reason; unexplained it is a warning, and a "result" fault under --strict (and under
# the contest's rules named: --rules ccgc, --rules renju); a claim the board
# contradicts stays a fault.  Every sample is written here, in each game's format.
source "$(dirname "$0")/lib.bash"

# policy NAME FILE NOTE_RE [ARGS...]: FILE (whose claim is unexplained) warns by
# default and is refused under --strict; FILE.why (the same with a reason) is ok with
# NOTE_RE in its verdict, under --strict too.
policy() {
    local name=$1 file=$2 note=$3
    shift 3
    run "$BOYI" validate "$@" "$file"
    expect_rc 0 "$name: an unexplained claim is not invalid by default"
    expect_out "game 1: warning: .*the game is not over on the board and the record gives no reason" "$name: ... but a warning"
    run "$BOYI" validate --strict "$@" "$file"
    expect_rc 1 "$name: --strict refuses it"
    expect_out "game 1: result: .*gives no reason" "$name: --strict: a result fault"
    run "$BOYI" validate --strict "$@" "$file.why"
    expect_rc 0 "$name: a claim with its reason is ok, under --strict too"
    expect_out "game 1: ok, .*$note" "$name: the note names the reason"
    if grep -q 'gives no reason' "$TMP/out"; then bad "$name: no warning once the reason is given"; else ok; fi
}

# --- Gomoku and Renju: SGF RE suffixes, the contest's words, a five the other way ---
G="$TMP/re.sgf"
printf '(;GM[4]FF[4]SZ[15]RU[renju]PB[a]PW[b]RE[W+];B[hh];W[ii];B[hi];W[ij])\n' > "$G"
for re in W+Resign W+R W+T W+Time W+F; do
    sed "s/RE\[W+\]/RE[$re]/" "$G" > "$G.why"
    case $re in W+R*) why=resignation ;; W+T*) why=time ;; *) why=forfeit ;; esac
    policy "gomoku RE[$re]" "$G" "0-1 \\(not over on the board; the record says white won \\(后手胜\\) by $why"
done
run "$BOYI" validate --rules renju "$G"
expect_rc 1 "gomoku: --rules renju named refuses an unexplained claim"
printf '{[C5][a B][b W][后手胜][][t];B(H,8);W(I,9);B(H,9);W(I,10)}\n' > "$TMP/c5.txt"
sed 's/后手胜/后手胜(超时)/' "$TMP/c5.txt" > "$TMP/c5.txt.why"
policy "gomoku contest [后手胜(超时)]" "$TMP/c5.txt" "by time \\('超时'\\)"
# contradicted: white has a five, the record says black won
printf '(;GM[4]FF[4]SZ[15]RU[freestyle]RE[B+R];B[aa];W[hh];B[ab];W[hi];B[ac];W[hj];B[ad];W[hk];B[af];W[hl])\n' > "$TMP/five.sgf"
run "$BOYI" validate "$TMP/five.sgf"
expect_rc 1 "gomoku: a claim the board contradicts stays a fault, whatever its reason"
expect_out 'game 1: result: the record says black won' "gomoku: the contradiction named"

# --- Xiangqi: PGN Termination --------------------------------------------------------
X="$TMP/x.pgn"
printf '[Event "t"]\n[Red "a"]\n[Black "b"]\n[Result "0-1"]\n\n1. h2e2 h9g7 2. h0g2 0-1\n' > "$X"
sed 's/^\[Result "0-1"\]/[Result "0-1"]\n[Termination "time forfeit"]/' "$X" > "$X.why"
policy "xiangqi Termination" "$X" "not over on the board; the record says 0-1 by time \\(Termination \"time forfeit\"\\)"
run "$BOYI" validate --rules ccgc "$X"
expect_rc 1 "xiangqi: --rules ccgc named refuses an unexplained claim"
run "$BOYI" validate --rules human "$X"
expect_rc 0 "xiangqi: --rules human does not"

# --- Draughts: PDN Termination -------------------------------------------------------
D="$TMP/d.pdn"
printf '[Event "t"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n' > "$D"
sed 's/^\[Result "2-0"\]/[Result "2-0"]\n[Termination "black resigns"]/' "$D" > "$D.why"
policy "draughts Termination" "$D" "by resignation \\(Termination \"black resigns\"\\)"
# a draw the board does not reach is a claim like a win: an agreement explains it
printf '[Event "t"]\n[Result "1-1"]\n\n1. 32-28 19-23 2. 28x19 14x23 1-1\n' > "$TMP/dd.pdn"
sed 's/^\[Result "1-1"\]/[Result "1-1"]\n[Termination "draw by agreement"]/' "$TMP/dd.pdn" > "$TMP/dd.pdn.why"
policy "draughts draw" "$TMP/dd.pdn" "by agreement \\(Termination \"draw by agreement\"\\)"

# --- NoGo: SGF RE suffix, the contest's words ------------------------------------------
N="$TMP/n.sgf"
printf '(;GM[1]FF[4]SZ[9]RU[NoGo]PB[a]PW[b]RE[W+];B[ee];W[aa];B[cc])\n' > "$N"
sed 's/RE\[W+\]/RE[W+R]/' "$N" > "$N.why"
policy "nogo RE[W+R]" "$N" "the record says white won by resignation"
printf '{[NG][a B][b W][后手胜][][t];B(E,5);W(A,9);B(C,7)}\n' > "$TMP/ng.txt"
sed 's/后手胜/后手胜(认输)/' "$TMP/ng.txt" > "$TMP/ng.txt.why"
policy "nogo contest [后手胜(认输)]" "$TMP/ng.txt" "by resignation"

# --- Einstein würfelt nicht: WTN header words ----------------------------------------
E="$TMP/e.txt"
head -12 "$SRC/data/einstein/sample_game.txt" > "$E"
sed '1s/\[红方胜\]/[红方胜(超时)]/' "$E" > "$E.why"
policy "einstein [红方胜(超时)]" "$E" "the header says 红方胜 by time"
sed '1s/\[红方胜\]/[红方胜][超时判负]/' "$E" > "$E.why"
policy "einstein [超时判负]" "$E" "the header says 红方胜 by time \\(超时判负\\)"

# --- Junqi: END(...) or the contest's words -------------------------------------------
J="$TMP/j.txt"
sed '/END(resign)/d; s/c8-c7;a5-a8=;e8-e5=/c8-c7;a5-a8=;e8-e5=}/' "$SRC/tests/junqi/records/valid.txt" > "$J"
sed 's/\[后手胜\]/[后手胜(认输)]/' "$J" > "$J.why"
policy "junqi [后手胜(认输)]" "$J" "the record says 后手胜 by resignation"
run "$BOYI" validate --strict "$SRC/tests/junqi/records/valid.txt"
expect_rc 0 "junqi: END(resign) explains the result"

# --- Two Tigers and the line game (yizi): the contest's words --------------------------
T2="$TMP/t.txt"
printf '{[TG][a T][b D][后手胜][2026.11.30][t];\nd3-c3;d4-d5}\n' > "$T2"
sed 's/\[后手胜\]/[后手胜(超时)]/' "$T2" > "$T2.why"
policy "tigers [后手胜(超时)]" "$T2" "by time"
Y="$TMP/y.txt"
printf '{[YZ][a F][b S][后手胜][2026.07.20][t][R1 normal];F(1,1,0);S(2,1,0)}\n' > "$Y"
sed 's/\[后手胜\]/[后手胜(认输)]/' "$Y" > "$Y.why"
policy "yizi [后手胜(认输)]" "$Y" "the record says 后手胜 by resignation"
finish
