# render.sh -- `boyi render`: an SVG per game that an XML parser reads, with one disc
# per piece or stone of the position, written atomically (no temporary file left).
source "$(dirname "$0")/lib.bash"

# xml_ok FILE: python3's XML parser reads it (skipped without python3).
xml_ok() {
    if command -v python3 >/dev/null 2>&1; then
        if python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$1" 2>/dev/null; then ok
        else bad "$1 is not well-formed XML"; fi
    fi
}
# count_of PATTERN FILE N WHAT
count_of() { local n; n=$(grep -c -- "$1" "$2"); if [ "$n" -eq "$3" ]; then ok; else bad "$4: $n, expected $3"; fi; }

run "$BOYI" render --game xiangqi --svg "$TMP/xq.svg"
expect_rc 0 "xiangqi start position drawn"
xml_ok "$TMP/xq.svg"
count_of 'r="26" fill="#f3dfb4"' "$TMP/xq.svg" 32 "xiangqi start: 32 pieces"
if grep -q '帥' "$TMP/xq.svg" && grep -q '將' "$TMP/xq.svg" && grep -q '>楚<' "$TMP/xq.svg" && grep -q '>界<' "$TMP/xq.svg"; then ok; else bad "glyphs and river"; fi

run "$BOYI" render --game gomoku --position 'black: h8 i9 j10 h7; white: g9 g8 i8' --svg "$TMP/gm.svg"
expect_rc 0 "gomoku position drawn"
xml_ok "$TMP/gm.svg"
count_of 'r="16" fill="#111"' "$TMP/gm.svg" 4 "four black stones"
count_of 'r="16" fill="#f7f7f7"' "$TMP/gm.svg" 3 "three white stones"
count_of 'r="4" fill="#222"' "$TMP/gm.svg" 5 "five star points"

run "$BOYI" render --game draughts --fen 'W:W28,31,K45:B19,K3' --svg "$TMP/dr.svg"
expect_rc 0 "draughts position drawn"
xml_ok "$TMP/dr.svg"
count_of 'stroke-width="2"/>' "$TMP/dr.svg" 5 "five pieces"
count_of 'stroke="#d4a017"' "$TMP/dr.svg" 2 "two kings crowned"
count_of '>50</text>' "$TMP/dr.svg" 1 "squares numbered to 50"

# The 8x8 variants on their own board: English (and Russian, Brazilian, Czech) boards
# have a dark square at a1, white's left corner, and number it 29 (the English
# Draughts Association's diagram: 1 is b8, 29 is a1); the Italian board is turned, a1
# light and 29 on b1 (docs/draughts-variants.md).  Cells are 56 units from a margin of
# 24, so a1's cell starts at (24, 416) and b1's at (80, 416).
run "$BOYI" render --game draughts --rules english --svg "$TMP/en.svg"
expect_rc 0 "English start drawn"
xml_ok "$TMP/en.svg"
count_of 'stroke-width="2"/>' "$TMP/en.svg" 24 "24 men at the English start"
count_of '>32</text>' "$TMP/en.svg" 1 "squares numbered to 32"
count_of '>50</text>' "$TMP/en.svg" 0 "no square 50 on 8x8"
count_of '<rect x="24.0" y="416.0" width="56" height="56"' "$TMP/en.svg" 1 "English a1 is a dark square"
if grep -A2 '<rect x="24.0" y="416.0"' "$TMP/en.svg" | grep -q '>29</text>'; then ok; else bad "English 29 is not on a1"; fi
run "$BOYI" render --game draughts --rules italian --fen 'W:W29:B1' --svg "$TMP/it.svg"
expect_rc 0 "Italian position drawn"
count_of '<rect x="24.0" y="416.0" width="56" height="56"' "$TMP/it.svg" 0 "Italian a1 is light"
if grep -A2 '<rect x="80.0" y="416.0"' "$TMP/it.svg" | grep -q '>29</text>'; then ok; else bad "Italian 29 is not on b1"; fi

run "$BOYI" render --game draughts --svg -
expect_out '^<\?xml' "render to stdout"
if ls "$TMP"/*.tmp* >/dev/null 2>&1; then bad "a temporary file was left behind"; else ok; fi

run "$BOYI" render --game xiangqi --fen 'bad fen' --svg "$TMP/bad.svg"
expect_rc 2 "bad position refused"
if [ -e "$TMP/bad.svg" ]; then bad "no file for a bad position"; else ok; fi
run "$BOYI" render --game xiangqi --svg /nonexistent-dir/x.svg
expect_rc 2 "unwritable path"
expect_err 'cannot write' "says it cannot write"
run "$BOYI" render --game xiangqi
expect_rc 2 "--svg is required"

finish
