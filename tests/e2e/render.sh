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
if grep -q '帥' "$TMP/xq.svg" && grep -q '將' "$TMP/xq.svg" && grep -q '楚 河' "$TMP/xq.svg"; then ok; else bad "glyphs and river"; fi

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
