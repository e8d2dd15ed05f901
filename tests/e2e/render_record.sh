# render_record.sh -- `boyi render FILE`: a record's position after K plies (the same
# picture as the position written out by hand, plus the last-move marks; Renju stones
# numbered), and `--eval-graph`: a hand-annotated game's evaluations as SVG that
# python3's XML parser reads, with one point per evaluated ply, one dot per
# inaccuracy, mistake and blunder, and the clamped scale (a mate and +25 pawns on the
# same edge, 0.00 on the zero line); bad indexes and games without evaluations refused.
source "$(dirname "$0")/lib.bash"

HAVE_PY=0
if command -v python3 >/dev/null 2>&1; then HAVE_PY=1; else echo "note: no python3: XML not parsed"; fi
expect_eq() { if [ "$1" = "$2" ]; then ok; else bad "$3 (got '$1', want '$2')"; fi; }
# svg_query FILE: python3 parses FILE as XML and prints, one per line: the number of
# circles of class ply, inaccuracy, mistake, blunder; then each ply circle's cy.
svg_query() {
    python3 - "$1" <<'PY'
import sys, xml.dom.minidom
doc = xml.dom.minidom.parse(sys.argv[1])
circles = doc.getElementsByTagName("circle")
for cls in ("ply", "inaccuracy", "mistake", "blunder"):
    print(sum(1 for c in circles if c.getAttribute("class") == cls))
for c in circles:
    if c.getAttribute("class") == "ply":
        print(c.getAttribute("cy"))
PY
}

# ---- a hand-annotated Xiangqi game: the comments boyi annotate writes ----------------
cat >"$TMP/ann.pgn" <<'PGN'
[Game "Chinese Chess"]
[Event "Hand-annotated test game"]
[Red "Red Player"]
[Black "Black Player"]
[Result "*"]
[Format "ICCS"]

1. H2-E2 {[%eval 0.30]} H9-G7 {[%eval 0.25]} 2. H0-G2 {[%eval 0.35]} I9-H9
{[%eval 0.40] inaccuracy} 3. I0-H0 {[%eval #3] [%best A0-A1] mistake} B9-C7
{[%eval 25.0] [%pv A0-A1] blunder} 4. B2-B6 {[%eval 0.00] blunder} C9-E7 {[%eval #-2] blunder}
5. B0-C2 {a comment without an evaluation} *
PGN
run "$BOYI" render "$TMP/ann.pgn" --eval-graph "$TMP/graph.svg"
expect_rc 0 "eval graph drawn"
if grep -q 'Red Player' "$TMP/graph.svg" && grep -q 'Black Player' "$TMP/graph.svg" && grep -q 'Hand-annotated test game' "$TMP/graph.svg"; then ok; else bad "title from the tags"; fi
if [ "$HAVE_PY" -eq 1 ]; then
    if q=$(svg_query "$TMP/graph.svg" 2>&1); then ok; else bad "graph is not well-formed XML: $q"; fi
    mapfile -t Q <<<"$q"
    expect_eq "${Q[0]}/${Q[1]}/${Q[2]}/${Q[3]}" "8/1/1/3" "one point per evaluated ply (8 of 9), one dot per inaccuracy, mistake, blunder"
    # Q[4..11]: cy of plies 1..8.  Mate #3 and +25 pawns both on the top edge; #-2 the bottom.
    expect_eq "${Q[9]}" "${Q[8]}" "a mate and +25 pawns clamped to the same edge"
    if awk -v a="${Q[8]}" -v z="${Q[10]}" -v b="${Q[11]}" 'BEGIN { exit !(a < z && z < b && (z - a) - (b - z) < 0.2 && (b - z) - (z - a) < 0.2) }'; then ok
    else bad "0.00 midway between the edges (top ${Q[8]}, zero ${Q[10]}, bottom ${Q[11]})"; fi
    if awk -v p="${Q[4]}" -v z="${Q[10]}" -v t="${Q[8]}" 'BEGIN { exit !(p < z && p > t) }'; then ok; else bad "+0.30 above the zero line, below the edge"; fi
fi
run "$BOYI" render "$TMP/ann.pgn" --eval-graph -
expect_out '^<\?xml' "eval graph to stdout"

# a game without evaluations: exit 2, the file named
sed -e 's/\[%eval[^]]*\]//g' "$TMP/ann.pgn" >"$TMP/plain.pgn"
run "$BOYI" render "$TMP/plain.pgn" --eval-graph "$TMP/none.svg"
expect_rc 2 "no evaluations: exit 2"
expect_err 'plain.pgn.*no evaluations' "no evaluations: said, with the file"
if [ -e "$TMP/none.svg" ]; then bad "no graph file for a game without evaluations"; else ok; fi

# ---- positions from a record equal the positions written by hand ----------------------
# same_board A B DESC: the two SVGs differ only in the last-move marks (colour #1f6fd1
# for Xiangqi; the tinted squares for draughts) and the captions (which say the ply).
same_board() {
    if diff <(grep -v '#1f6fd1\|class="caption"' "$1" | sed 's/#8f7a2a/#8b6b4a/') <(grep -v '#1f6fd1\|class="caption"' "$2" | sed 's/#8f7a2a/#8b6b4a/') >/dev/null; then ok
    else bad "$3"; fi
}
run "$BOYI" render "$TMP/ann.pgn" --ply 2 --svg "$TMP/xq2.svg"
expect_rc 0 "xiangqi after 2 plies"
run "$BOYI" render --game xiangqi --fen "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2" --svg "$TMP/xq2-fen.svg"
same_board "$TMP/xq2.svg" "$TMP/xq2-fen.svg" "xiangqi: after h2e2 h9g7 = that FEN"
expect_eq "$(grep -c '#1f6fd1' "$TMP/xq2.svg")" 2 "xiangqi: the last move's two squares marked"
run "$BOYI" render "$TMP/ann.pgn" --ply 0 --svg "$TMP/xq0.svg"
run "$BOYI" render --game xiangqi --svg "$TMP/xq0-start.svg"
if cmp -s <(grep -v 'class="caption"' "$TMP/xq0.svg") <(grep -v 'class="caption"' "$TMP/xq0-start.svg"); then ok; else bad "xiangqi --ply 0: the start, nothing marked"; fi
run "$BOYI" render "$TMP/ann.pgn" --svg "$TMP/xqend.svg"
run "$BOYI" render "$TMP/ann.pgn" --ply 9 --svg "$TMP/xq9.svg"
if cmp -s "$TMP/xqend.svg" "$TMP/xq9.svg"; then ok; else bad "xiangqi: no --ply is the end of the main line"; fi

printf '[Event "t"]\n[White "w"]\n[Black "b"]\n[Result "*"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n' >"$TMP/dr.pdn"
run "$BOYI" render "$TMP/dr.pdn" --game-index 1 --ply 4 --svg "$TMP/dr4.svg"
expect_rc 0 "draughts after 4 plies"
run "$BOYI" render --game draughts --fen "W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23" --svg "$TMP/dr4-fen.svg"
same_board "$TMP/dr4.svg" "$TMP/dr4-fen.svg" "draughts: after 32-28 19-23 28x19 14x23 = that FEN"
expect_eq "$(grep -c '#8f7a2a' "$TMP/dr4.svg")" 2 "draughts: the last move's two squares tinted"

# Renju: every stone of the line numbered (numbers on stones are 14 px; labels 15 px)
printf 'h8 h9 i8 i9 j8 j9\n' >"$TMP/gm.txt"
run "$BOYI" render "$TMP/gm.txt" --game gomoku --ply 5 --svg "$TMP/gm5.svg"
expect_rc 0 "renju after 5 plies"
expect_eq "$(grep -c 'font-size="14.0"' "$TMP/gm5.svg")" 5 "renju: five stones, five numbers"
for k in 1 2 3 4 5; do grep -q "font-size=\"14.0\"[^>]*>$k<" "$TMP/gm5.svg" && ok || bad "renju: stone $k numbered"; done
expect_eq "$(grep -c 'stroke="#d62020"' "$TMP/gm5.svg")" 1 "renju: the last stone ringed"

# ---- bad indexes: exit 2, the file and the range named, no file written --------------
run "$BOYI" render "$TMP/ann.pgn" --game-index 2 --svg "$TMP/bad.svg"
expect_rc 2 "game index out of range"
expect_err 'ann.pgn: error: --game-index 2 is out of range: the file holds 1 game \(1\.\.1\)' "game index: file and range"
run "$BOYI" render "$TMP/ann.pgn" --ply 10 --svg "$TMP/bad.svg"
expect_rc 2 "ply out of range"
expect_err 'ann.pgn:1: error: game 1: --ply 10 is out of range: the game has plies 0\.\.9' "ply: file and range"
if [ -e "$TMP/bad.svg" ]; then bad "no file for a bad index"; else ok; fi
run "$BOYI" render "$TMP/ann.pgn" --ply -1 --svg "$TMP/bad.svg"
expect_rc 2 "negative ply"
run "$BOYI" render "$TMP/nonexistent.pgn" --svg "$TMP/bad.svg"
expect_rc 2 "unreadable file"
run "$BOYI" render "$TMP/ann.pgn" --fen "x" --svg "$TMP/bad.svg"
expect_rc 2 "a record and --fen together"
run "$BOYI" render --game xiangqi --ply 3 --svg "$TMP/bad.svg"
expect_rc 2 "--ply without a record"

finish
