# common_stream.sh -- validate reads files in slices of whole games: cut as small
# as it goes (BOYI_SLICE_BYTES=1: one game a slice) or a few KB, every
# multi-game file of the corpus and of data/ gives the output of a whole-file
# read byte for byte (line numbers, game numbers, warnings, exit code), plain
# and gzip; a byte that is no text far into a file is located and the games
# after it are still judged.
source "$(dirname "$0")/lib.bash"

C="$SHARED/corpus"
# whole: one slice larger than any of these files
whole() { BOYI_SLICE_BYTES=1000000000 "$BOYI" validate --json "$@"; }

files=(
    "$C/xiangqi/hu-ronghua-1391-iccs.pgn" "$C/xiangqi/xqdb_traditional.pgn" "$C/xiangqi/xqdb_international.pgn"
    "$C/xiangqi/bulk_games_uci.pgn"
    "$C/draughts/archives/ChapionnatSurinam2025.pdn" "$C/draughts/archives/games-10.pdn"
    "$C/draughts/pdn-standard/succeed/"*.pdn "$C/draughts/pdn-standard/fail/"*.pdn
    "$SRC/data/xiangqi/"* "$SRC/data/gomoku/"* "$SRC/data/draughts/"*
    "$SRC/tests/gomoku_records/data/"*.txt
)
# under the sanitizers (BOYI_SANITIZED) only the one-game slices, the extreme case:
# the Release run compares both sizes
slices="1 3000"
[ -n "${BOYI_SANITIZED:-}" ] && slices=1
n=0
for f in "${files[@]}"; do
    whole "$f" > "$TMP/whole.json" 2>&1; rw=$?
    for slice in $slices; do
        BOYI_SLICE_BYTES=$slice "$BOYI" validate --json "$f" > "$TMP/sliced.json" 2>&1; rs=$?
        RC=$rs; OUT=$(diff "$TMP/whole.json" "$TMP/sliced.json" | head -10); ERR="exit $rw whole"
        if [ "$rw" -eq "$rs" ] && cmp -s "$TMP/whole.json" "$TMP/sliced.json"; then ok; else bad "slices of $slice bytes: $f"; fi
    done
    n=$((n + 1))
done
[ "$n" -gt 80 ] && ok || bad "only $n files compared"

# through gzip, in slices, the same as the plain file read whole
for f in "$C/xiangqi/hu-ronghua-1391-iccs.pgn" "$C/draughts/archives/games-10.pdn"; do
    gzip -c "$f" > "$TMP/g.gz"
    whole "$f" 2>&1 | sed "s#$f#FILE#g" > "$TMP/whole.json"
    BOYI_SLICE_BYTES=2000 "$BOYI" validate --json "$TMP/g.gz" 2>&1 | sed "s#$TMP/g.gz#FILE#g" > "$TMP/sliced.json"
    RC=0; OUT=$(diff "$TMP/whole.json" "$TMP/sliced.json" | head -10); ERR=""
    cmp -s "$TMP/whole.json" "$TMP/sliced.json" && ok || bad "gzip in slices: $f"
done

# The one-game-per-line archive: the whole-file PDN reader stops reading games
# after a fault in one of them (a reader defect: docs/reading.md); in slices no
# game is lost: at least as many games as read whole.
f="$C/draughts/archives/48th_Polish_Team_Championship.pdn"
gw=$(whole "$f" 2>/dev/null | grep -c '"status":"\(ok\|invalid\|skipped\)"')
gs=$(BOYI_SLICE_BYTES=1 "$BOYI" validate --json "$f" 2>/dev/null | grep -c '"status":"\(ok\|invalid\|skipped\)"')
RC=0; OUT="whole $gw, sliced $gs"; ERR=""
[ "$gs" -ge "$gw" ] && [ "$gw" -gt 0 ] && ok || bad "one-line PDN games in slices"

# A byte that is no UTF-8, 100 KB into a file: said where it is (exit 2), read as
# U+FFFD, and every game after it still judged.
{ cat "$C/xiangqi/hu-ronghua-1391-iccs.pgn" | head -c 100000; printf '\n\n[Game "Chinese Chess"]\n{bad \xff byte}\n1. h2e2 h9g7 *\n\n'; cat "$C/xiangqi/xqdb_traditional.pgn"; } > "$TMP/badbyte.pgn"
run "$BOYI" validate "$TMP/badbyte.pgn"
no_crash "bad byte far into a file"
expect_rc 2 "bad byte far into a file"
line=$(LC_ALL=C grep -an '^{bad' "$TMP/badbyte.pgn" | cut -d: -f1)
expect_err "badbyte.pgn:$line:6: error: byte 0xFF is not UTF-8 text" "bad byte located"
games=$(grep -c ': game [0-9]*' "$TMP/out")
whole_games=$(BOYI_SLICE_BYTES=1000000000 "$BOYI" validate "$TMP/badbyte.pgn" 2>/dev/null | grep -c ': game [0-9]*')
[ "$games" -eq "$whole_games" ] && [ "$games" -gt 150 ] && ok || bad "games after the bad byte lost ($games vs $whole_games)"
expect_out 'summary: 1 files, [0-9]+ games' "summary after a bad byte"

# A file cut inside its last character, far from its start: read up to it, said.
{ cat "$C/xiangqi/hu-ronghua-1391-iccs.pgn"; head -c 998 "$C/xiangqi/xqdb_traditional.pgn"; } > "$TMP/cut.pgn"
run "$BOYI" validate "$TMP/cut.pgn"
no_crash "cut inside a character after 1 MB"
expect_out 'cut.pgn:[0-9]+:[0-9]+: game 1392: warning: the file ends inside a character' "cut said, on the last game"
expect_out 'game 1392, move 31 \(red\) 车九平: parse' "the cut move located"
# as a whole-file read prints it: the warning, then the last game's verdict
tail -3 "$TMP/out" | head -1 | grep -q 'game 1392: warning: the file ends inside a character' && ok || bad "cut warning before the last verdict"
tail -2 "$TMP/out" | head -1 | grep -q 'game 1392, move 31' && ok || bad "last verdict after the cut warning"

# stdin is read in slices too
BOYI_SLICE_BYTES=1 "$BOYI" validate --json - < "$C/xiangqi/xqdb_traditional.pgn" > "$TMP/stdin.json" 2>&1
whole "$C/xiangqi/xqdb_traditional.pgn" 2>&1 | sed "s#$C/xiangqi/xqdb_traditional.pgn#-#g" > "$TMP/whole.json"
RC=0; OUT=$(diff "$TMP/whole.json" "$TMP/stdin.json" | head); ERR=""
cmp -s "$TMP/whole.json" "$TMP/stdin.json" && ok || bad "stdin in slices"

finish
