# data_relabel_gomocup.sh -- a Gomocup engine told a position as stones (BOARD): `boyi
# data relabel` of Gomoku training data and `boyi analyse --fen` with `--engine
# proto=gomocup` (docs/training-data.md, "Relabelling"; docs/annotate.md, "Outside
# engines").  The engine is tests/fake_engines/gomocup_board.sh, whose score is a sum
# over the stones it was told (the side to move's count plus, the other's minus) and
# whose depth is the INFO max_depth it was sent: the truth is computed here from each
# record's position text alone.  A list of stones not in turns (which Rapfi reads
# wrongly) gets no score from it, so every record written says the stones went in
# turns, each with its owner.
source "$(dirname "$0")/lib.bash"
ENG="name=B cmd=$SRC/tests/fake_engines/gomocup_board.sh proto=gomocup"

records() { grep -c '^e$' "$1"; }
field() { sed -n "s/^$2 //p" "$1"; }
# expected FEN: the fake's score of a position text "black: h8 i9; white: j10; to-move: white"
expected() {
    awk -v t="$1" 'BEGIN {
        n = split(t, part, ";"); own = "black"
        for (i = 1; i <= n; i++) if (part[i] ~ /to-move: *white/) own = "white"
        s = 0
        for (i = 1; i <= n; i++) {
            if (part[i] !~ /^ *(black|white):/) continue
            c = part[i] ~ /^ *black:/ ? "black" : "white"
            sub(/^ *(black|white): */, "", part[i])
            m = split(part[i], st, " ")
            for (k = 1; k <= m; k++) {
                x = index("abcdefghijklmnopqrst", substr(st[k], 1, 1)) - 1; y = substr(st[k], 2) - 1
                s += (c == own ? 1 : -1) * (x + 15 * y + 1)
            }
        }
        print s }'
}

"$BOYI" selfplay --game gomoku --rules freestyle --games 2 --depth 2 --seed 2 --out "$TMP/sp" >/dev/null 2>&1
bin=$TMP/sp/data.bin
"$BOYI" data export "$bin" --format plain -o "$TMP/exp" 2>/dev/null
n=$(records "$TMP/exp")
[ "$n" -gt 10 ] && ok || { RC=0; OUT=""; ERR=""; bad "the self-play batch has positions ($n)"; }

# --- every position told as stones, in turns, each stone its owner's ---------------
run "$BOYI" data relabel "$bin" --game gomoku --depth 3 --engine "$ENG" -o "$TMP/r1"
expect_rc 0 "relabel with a Gomocup engine exits 0"
expect_err "$n positions read, $n in the slice from position 0; $n written to .*, 0 without a score" "every position scored"
[ "$(records "$TMP/r1")" = "$n" ] && ok || bad "a record per position"
for f in fen ply result; do
    if [ "$(field "$TMP/r1" $f)" = "$(field "$TMP/exp" $f)" ]; then ok; else bad "the ${f}s are data export's"; fi
done
wrong=0 checked=0
while IFS=$'\t' read -r fen score; do
    want=$(expected "$fen")
    checked=$((checked + 1))
    [ "$score" = "$want" ] || { wrong=$((wrong + 1)); echo "  '$fen': scored $score, the stones say $want"; }
done < <(paste <(field "$TMP/r1" fen) <(field "$TMP/r1" score))
[ "$wrong" = 0 ] && [ "$checked" = "$n" ] && ok || { RC=0; OUT=""; ERR=""; bad "each score is the stones' sum ($wrong of $checked wrong)"; }
"$BOYI" data relabel "$TMP/exp" --game gomoku --rules freestyle --depth 3 -j 2 --engine "$ENG" -o "$TMP/r2" 2>/dev/null
if cmp -s "$TMP/r1" "$TMP/r2"; then ok; else RC=0; OUT=$(diff "$TMP/r1" "$TMP/r2" | head -6); ERR=""; bad "the export at -j 2 relabels as the data.bin at -j 1"; fi

# --- analyse --fen: a bare position, the depth sent as max_depth --------------------
fen="black: h8 g7 j9; white: h9 g9; to-move: white"
run "$BOYI" analyse --game gomoku --fen "$fen" --depth 4 --json --engine "$ENG"
expect_rc 0 "analyse --fen with a Gomocup engine"
expect_out "\"score\":\\{\"cp\":$(expected "$fen")\\},\"depth\":4," "analyse: the stones' score at the depth sent"
# the same position reached by moves from the empty board: the same stones, the same score
run "$BOYI" analyse --game gomoku --position '| h8 h9 g7 g9 j9' --depth 4 --json --engine "$ENG"
expect_out "\"score\":\\{\"cp\":$(expected "$fen")\\}" "analyse: the moves' position scores as its text"
# stones with the moves played after them: a start of three stones, then two moves
run "$BOYI" analyse --game gomoku --position 'black: h8 g7; white: h9 | g9 j9' --depth 4 --json --engine "$ENG"
expect_out "\"score\":\\{\"cp\":$(expected "$fen")\\}" "analyse: a start's stones and the moves after them"

finish
