# records_one_read.sh -- the records interface (notation/common/records.h) reads each file
# once per command: annotate keeps the games of its one read and writes them after the
# analysis, and report draws its boards from the games its standings read, so a file
# that can be read only once (standard input) gives what the same file named on the
# command line gives (both used to read the file a second time, and from standard input
# that second read found nothing: nothing annotated, no board, exit 0).
source "$(dirname "$0")/lib.bash"

# same_from_stdin WHAT FILE ARGS...: annotate of FILE and of '-' fed FILE agree.
same_from_stdin() {
    local what=$1 file=$2; shift 2
    run "$BOYI" annotate "$@" -o "$TMP/named.out" "$file"
    expect_rc 0 "$what: annotate FILE"
    "$BOYI" annotate "$@" -o "$TMP/stdin.out" - <"$file" >"$TMP/out" 2>"$TMP/err"
    RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
    expect_rc 0 "$what: annotate - (standard input)"
    if [ -s "$TMP/named.out" ] && cmp -s "$TMP/named.out" "$TMP/stdin.out"; then ok
    else bad "$what: the records annotated from standard input differ from the file's ($(wc -c <"$TMP/stdin.out" 2>/dev/null || echo no) bytes)"; fi
}

same_from_stdin "xiangqi PGN" "$SRC/data/xiangqi/endings.pgn" --depth 1
same_from_stdin "xiangqi PGN, replay only" "$SRC/data/xiangqi/hu-ronghua-wxf.pgn" --depth 0
same_from_stdin "line-game contest records" "$SRC/data/yizi/contest.txt" --depth 2

# --json from standard input: one summary per game, as for the file.
n_named=$("$BOYI" annotate --depth 0 --json "$SRC/data/xiangqi/endings.pgn" 2>/dev/null | grep -c '"summary"')
n_stdin=$("$BOYI" annotate --depth 0 --json - <"$SRC/data/xiangqi/endings.pgn" 2>/dev/null | grep -c '"summary"')
RC=0; OUT=""; ERR=""
if [ "$n_named" -gt 0 ] && [ "$n_named" -eq "$n_stdin" ]; then ok; else bad "annotate --json: $n_named summaries from the file, $n_stdin from standard input"; fi

# report from standard input: the same page (the boards too) as from the file.
for f in "$SRC/data/xiangqi/ccgc2006-round13.pgn" "$SRC/data/xiangqi/endings.pgn" "$SRC/data/yizi/contest.txt"; do
    run "$BOYI" report "$f" -o "$TMP/named.html"
    "$BOYI" report - -o "$TMP/stdin.html" <"$f" >"$TMP/out" 2>"$TMP/err"
    RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
    expect_rc 0 "report - ($(basename "$f"))"
    n=$(grep -c 'class="game"' "$TMP/named.html")
    if [ "$n" -gt 0 ] && sed "s#$f#-#g" "$TMP/named.html" | cmp -s - "$TMP/stdin.html"; then ok
    else bad "report of $(basename "$f") from standard input differs from the file's ($n boards from the file, $(grep -c 'class="game"' "$TMP/stdin.html") from standard input)"; fi
done

finish
