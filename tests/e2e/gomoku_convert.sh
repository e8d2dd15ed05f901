# gomoku_convert.sh -- `boyi convert` between the Gomoku formats: every sample through
# every format and back gives the same moves; the output validates the same way.
source "$(dirname "$0")/lib.bash"

D="$SRC/data/gomoku"
formats="contest psq sgf moves"

# The moves of a file as one line "h8 h7 ... 1-0 h8 ..." (via the plain list writer).
moves_of() {
    local line all=""
    while IFS= read -r line; do
        case "$line" in "#"*) ;; *) all+=" $line" ;; esac
    done < <("$BOYI" convert "$1" --to moves)
    echo "${all# }"
}
# The points alone, games separated by '|' (PSQ has no result to end a game with).
points_only() {
    local w out="" words
    read -ra words <<< "$1"
    for w in "${words[@]}"; do case "$w" in 1-0|0-1|1/2-1/2|"*") out+=" |" ;; *) out+=" $w" ;; esac; done
    echo "${out# }"
}
verdicts_of() { "$BOYI" validate "$1" | grep -o 'ok, [0-9]* plies, [^ ]*' | tr '\n' ' '; }

# (test_formats.c runs every sample through every format in-process; here the CLI:
# three samples of different formats, one of them deeply.)
for f in contest-utf8.txt contest-gbk.txt game.psq; do
    want=$(moves_of "$D/$f")
    [ -n "$want" ] && ok || bad "$f: no moves read"
    deep=false
    case "$f" in contest-utf8.txt) deep=true; verdict=$(verdicts_of "$D/$f") ;; esac
    for to in $formats; do
        ext=$to; [ "$to" = moves ] && ext=txt
        run "$BOYI" convert "$D/$f" --to "$to" -o "$TMP/out.$ext"
        expect_rc 0 "$f -> $to"
        got=$(moves_of "$TMP/out.$ext")
        # PSQ keeps no result: compare the points only there
        if [ "$to" = psq ]; then want_cmp=$(points_only "$want"); got_cmp=$(points_only "$got")
        else want_cmp=$want; got_cmp=$got; fi
        if [ "$got_cmp" = "$want_cmp" ]; then ok; else bad "$f -> $to -> moves differ"; echo "  want: ${want_cmp:0:200}"; echo "  got:  ${got_cmp:0:200}"; fi
        $deep || continue
        # a second round gives the same file (writers are deterministic)
        run "$BOYI" convert "$TMP/out.$ext" --to "$to" -o "$TMP/again.$ext"
        if cmp -s "$TMP/out.$ext" "$TMP/again.$ext"; then ok; else bad "$f -> $to -> $to changes the file"; fi
        if [ "$to" != psq ]; then
            v2=$(verdicts_of "$TMP/out.$ext")
            if [ "$v2" = "$verdict" ]; then ok; else bad "$f -> $to: verdict '$v2' differs from '$verdict'"; fi
        fi
    done
done

# PSQ keeps thinking times through a round trip
run "$BOYI" convert "$D/game.psq" --to psq
expect_rc 0 "psq to psq"
if [ "$OUT" = "$(cat "$D/game.psq")" ]; then ok; else bad "psq -> psq must keep the file as it is"; fi

# contest output of the GBK sample is UTF-8 and keeps the header
run "$BOYI" convert "$D/contest-gbk.txt" --to contest
expect_out '^\{\[C5\]\[大连理工大学 B\]\[东北大学 W\]\[平局\]\[2019.07.21 09:00 沈阳\]\[2019 CCGC\];B\(H,8\)' "GBK contest to UTF-8 contest"
run "$BOYI" convert "$D/game.sgf" --to sgf
expect_out 'RU\[renju\]' "SGF keeps its rule set"
expect_out 'PB\[东北大学\]' "SGF keeps the players"

# errors: unknown target, a move that cannot be written
run "$BOYI" convert "$D/game.sgf" --to pgn
expect_rc 2 "unknown target format"
expect_err "contest, psq, sgf or moves" "the formats are named"
run "$BOYI" convert "$SRC/tests/gomoku_records/data/off-board.txt" --to sgf
expect_rc 1 "off-board move cannot be written"
expect_err "off-board.txt:1:63: error: .*off the 15x15 board" "off-board move located"
run "$BOYI" convert "$SRC/tests/gomoku_records/data/truncated.txt" --to moves
expect_rc 1 "truncated record is not converted"
expect_err "truncated.txt:1:74: error: game 1: .*truncated" "truncation located"

finish
