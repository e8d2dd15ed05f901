#!/usr/bin/env bash
# report.sh -- `boyi report` writes one static HTML page for a tournament (record
# files), a match folder or a round robin of them; the page holds the standings as
# `boyi standings` judges them, a section per game with its verdict and final board
# (inline SVG), and the evaluation graph of an annotated game.  A real headless
# browser (Debian's chromium) opens it and must render it: the DOM it builds keeps
# every board, and a screenshot is made.
source "$(dirname "$0")/lib.bash"
CCGC="$SHARED/corpus/xiangqi/ccgc2006"

# 1. A tournament's logs: 20 games, standings, a board per game.
run "$BOYI" report "$CCGC"/*.pgn -o "$TMP/t.html"
expect_rc 0 "report of the CCGC 2006 logs"
expect_out "t.html: 20 games, each with its board" "report: 20 games, counted as games (not as draws)"
page=$(cat "$TMP/t.html" 2>/dev/null)
[[ $page == '<!DOCTYPE html>'* ]] && ok || bad "report: an HTML5 document"
n=$(grep -o '<section class="game">' "$TMP/t.html" | wc -l)
[ "$n" -eq 20 ] && ok || bad "report: 20 game sections, got $n"
n=$(grep -o '<svg' "$TMP/t.html" | wc -l)
[ "$n" -eq 20 ] && ok || bad "report: 20 boards, got $n"
grep -q '<td>相眼竞技</td><td>7½</td><td>20</td>' "$TMP/t.html" && ok || bad "report: the standings row of the engine that played all 20"
[ ! -e "$TMP/t.html.tmp" ] && ok || bad "report: the temporary file is gone"

# 2. A corrected result and an annotated game's graph.
run "$BOYI" report "$SHARED/corpus/xiangqi/ccpd-big5/066.pgn" "$SRC/docs/sample/ccgc2006-game-09-annotated.pgn" -o "$TMP/a.html"
expect_rc 0 "report with an annotated game"
grep -q 'the log says 0-1, scored 1/2-1/2' "$TMP/a.html" && ok || bad "report: the correction is listed"
grep -q '<div class="graph">' "$TMP/a.html" && ok || bad "report: the evaluation graph"
grep -q 'class="verdict invalid"' "$TMP/a.html" && ok || bad "report: the invalid game's verdict"

# 3. A match folder and a round robin of them.
rm -rf "$TMP/rr"
run "$BOYI" match --game draughts --engine "name=one depth=1" --engine "name=two depth=2" --engine "name=three depth=1" \
    --games 2 --out "$TMP/rr"
run "$BOYI" report "$TMP/rr" -o "$TMP/rr.html"
expect_rc 0 "report of a round robin"
n=$(grep -o '<section class="batch">' "$TMP/rr.html" | wc -l)
[ "$n" -eq 3 ] && ok || bad "round robin: 3 batches, got $n"
grep -q '<th>pentanomial</th>' "$TMP/rr.html" && ok || bad "round robin: statistics tables"
n=$(grep -o '<section class="game">' "$TMP/rr.html" | wc -l)
[ "$n" -eq 6 ] && ok || bad "round robin: 6 games, got $n"

# 4. Errors: no output named, a folder that is no batch.
run "$BOYI" report "$CCGC"/game-01.pgn
expect_rc 2 "no -o"
mkdir -p "$TMP/empty"
run "$BOYI" report "$TMP/empty" -o "$TMP/e.html"
expect_rc 2 "empty folder"
expect_err "neither a batch" "empty folder: message"
[ ! -e "$TMP/e.html" ] && ok || bad "empty folder: no page left behind"

# 4b. A folder of record files (issue 37, item 16): read as the files themselves.
run "$BOYI" report "$CCGC" -o "$TMP/f.html"
expect_rc 0 "report of a folder of record files"
expect_out "f.html: 20 games, each with its board" "folder of records: its 20 games"
n=$(grep -o '<section class="game">' "$TMP/f.html" | wc -l)
[ "$n" -eq 20 ] && ok || bad "folder of records: 20 game sections, got $n"
printf 'notes, not a record\n' >"$TMP/README.txt"
mkdir -p "$TMP/logs" && cp "$CCGC"/game-0[12].pgn "$TMP/README.txt" "$TMP/logs/"
run "$BOYI" report "$TMP/logs" -o "$TMP/l.html"
expect_rc 0 "a folder of records with a README beside them"
expect_out "l.html: 2 games" "the README is no record"

# 4c. A 38-player event (one game between each neighbour pair, long names): the
# crosstable scrolls inside its own box, with numbered columns and a legend.
mkdir -p "$TMP/big"
for i in $(seq 1 38); do
    j=$(( i % 38 + 1 ))
    iconv -f GB18030 -t UTF-8 "$CCGC/game-01.pgn" | sed -e "s/^\[Red \".*\"\]/[Red \"Engine number $i of the big event\"]/" \
        -e "s/^\[Black \".*\"\]/[Black \"Engine number $j of the big event\"]/" >"$TMP/big/g$i.pgn"
done
run "$BOYI" report "$TMP/big" -o "$TMP/big.html"
expect_rc 0 "report of a 38-player event"
grep -q '<div class="wide"><table class="crosstable">' "$TMP/big.html" && ok || bad "the crosstable is in a box of its own"
grep -q '\.wide{overflow-x:auto' "$TMP/big.html" && ok || bad "the box scrolls, the page does not"
grep -q 'class="legend"' "$TMP/big.html" && ok || bad "the crosstable has a legend"
grep -q '<th>38</th>' "$TMP/big.html" && ok || bad "38 numbered columns"
grep -q 'title="Engine number 12 of the big event">Engine number 12 o&hellip;' "$TMP/big.html" && ok \
    || bad "long names cut short in the crosstable, whole in the tooltip"

# 5. The browser.
BROWSER=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$BROWSER" ]; then
    if [ "${BOYI_NO_BROWSER:-}" = 1 ]; then echo "note: no chromium: the browser check is skipped (BOYI_NO_BROWSER=1)"
    else bad "no chromium to open the report (install Debian's chromium, or set BOYI_NO_BROWSER=1)"; fi
else
    for page in t rr; do
        timeout 120 "$BROWSER" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --user-data-dir="$TMP/chrome" \
            --dump-dom "file://$TMP/$page.html" >"$TMP/$page.dom" 2>"$TMP/$page.browser.err"
        rc=$?
        [ "$rc" -eq 0 ] && ok || bad "browser: chromium could not open $page.html (exit $rc): $(tail -3 "$TMP/$page.browser.err")"
        want=$(grep -o '<svg' "$TMP/$page.html" | wc -l)
        got=$(grep -o '<svg' "$TMP/$page.dom" | wc -l)
        [ "$want" -gt 0 ] && [ "$got" -eq "$want" ] && ok || bad "browser: $page.html's DOM keeps $got of $want boards"
        grep -q '<h2>Standings</h2>' "$TMP/$page.dom" && ok || bad "browser: $page.html's standings"
    done
    timeout 120 "$BROWSER" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --user-data-dir="$TMP/chrome" \
        --window-size=1200,1600 --screenshot="$TMP/t.png" "file://$TMP/t.html" >/dev/null 2>&1
    [ -s "$TMP/t.png" ] && [ "$(head -c 8 "$TMP/t.png" | od -An -c | tr -d ' ')" = '211PNG\r\n032\n' ] && ok || bad "browser: a screenshot"
fi
finish
