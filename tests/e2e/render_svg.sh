#!/usr/bin/env bash
# render_svg.sh -- the pictures as a reader sees them (issue 37, item 20), checked on
# the SVG's geometry: the Xiangqi glyphs stand on the centre of their discs (placed
# by the baseline, not by dominant-baseline, which renderers treat differently), the
# words 楚河 汉界 are never under a piece on the river banks, the SVG names the
# common CJK fonts, every board has a caption (game, ply, move), and the draughts
# evaluation graph counts men, not pawns.  (docs/render.md: the PNGs looked at.)
source "$(dirname "$0")/lib.bash"
expect_eq() { if [ "$1" = "$2" ]; then ok; else bad "$3 (got '$1', want '$2')"; fi; }
xml_ok() {
    if command -v python3 >/dev/null 2>&1; then
        if python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$1" 2>/dev/null; then ok
        else bad "$1 is not well-formed XML"; fi
    fi
}

# Every bank point taken: pieces on both sides of the river on all nine files.
BANKS="4k4/9/9/9/prpnpcprp/PRPNPCPRP/9/9/9/4K4 w - - 0 1"
run "$BOYI" render --game xiangqi --fen "$BANKS" --svg "$TMP/banks.svg"
expect_rc 0 "xiangqi with every bank point taken"
if grep -q 'dominant-baseline' "$TMP/banks.svg"; then bad "no dominant-baseline (librsvg ignores it, browsers differ)"; else ok; fi
for font in 'Noto Sans CJK SC' 'WenQuanYi Zen Hei' 'Microsoft YaHei' 'PingFang SC'; do
    grep -q "font-family=\"[^\"]*'$font'" "$TMP/banks.svg" && ok || bad "the SVG names the CJK font '$font'"
done
# discs: circle r=26 fill #f3dfb4; glyphs: text size 30 (pieces) and 22 (the river)
geometry=$(awk '
    /<circle / && /r="26" fill="#f3dfb4"/ { match($0, /cx="[0-9.]+"/); cx = substr($0, RSTART + 4, RLENGTH - 5)
        match($0, /cy="[0-9.]+"/); cy = substr($0, RSTART + 4, RLENGTH - 5); n++; X[n] = cx + 0; Y[n] = cy + 0 }
    /<text / { match($0, /x="[0-9.]+"/); x = substr($0, RSTART + 3, RLENGTH - 4)
        match($0, /y="[0-9.]+"/); y = substr($0, RSTART + 3, RLENGTH - 4)
        match($0, /font-size="[0-9.]+"/); s = substr($0, RSTART + 11, RLENGTH - 12)
        t++; TX[t] = x + 0; TY[t] = y + 0; TS[t] = s + 0 }
    END {
        pieces = 0; centred = 0; river = 0; clear = 0
        for (k = 1; k <= t; k++) {
            if (TS[k] == 30) {   # a piece glyph: its disc has the same centre x, and the glyph middle (y - 0.35 em) is its cy
                pieces++
                for (i = 1; i <= n; i++) if (X[i] == TX[k] && (TY[k] - 10.5 - Y[i]) ^ 2 < 0.01) centred++
            }
            if (TS[k] == 22) {   # a river glyph: its box (half 11 px) clear of every disc
                river++; ok = 1; cy = TY[k] - 0.35 * 22
                for (i = 1; i <= n; i++) if ((TX[k] - X[i]) ^ 2 + (cy - Y[i]) ^ 2 < (26 + 11) ^ 2) ok = 0
                clear += ok
            }
        }
        printf "%d %d %d %d %d\n", n, pieces, centred, river, clear
    }' "$TMP/banks.svg")
read -r discs pieces centred river clear <<<"$geometry"
expect_eq "$discs" 20 "20 discs"
expect_eq "$pieces" 20 "20 piece glyphs"
expect_eq "$centred" 20 "each glyph on the centre of its disc"
expect_eq "$river" 4 "楚 河 汉 界: four river glyphs"
expect_eq "$clear" 4 "no river glyph under a piece on the banks"
grep -q '>楚<' "$TMP/banks.svg" && grep -q '>界<' "$TMP/banks.svg" && ok || bad "the river's words"
xml_ok "$TMP/banks.svg"

# Captions: from a record the game, the ply and the move; from a position, the position.
run "$BOYI" render "$SRC/data/xiangqi/ccgc2006-round13.pgn" --ply 30 --svg "$TMP/r.svg"
expect_rc 0 "a board from a record"
grep -q 'class="caption".*xiangqi · game 1 · ply 30: 炮３退３ · red to move' "$TMP/r.svg" && ok \
    || bad "the caption: game, ply, move in the record's notation, side to move"
xml_ok "$TMP/r.svg"
grep -q 'class="caption".*position · red to move' "$TMP/banks.svg" && ok || bad "a position's caption"
run "$BOYI" render --game draughts --svg "$TMP/d.svg"
grep -q 'class="caption".*draughts · start position · white to move' "$TMP/d.svg" && ok || bad "draughts: a caption"

# The draughts evaluation graph counts men.
run "$BOYI" annotate --depth 1 "$SRC/data/draughts/sample_game.pdn" -o "$TMP/d.pdn"
run "$BOYI" render "$TMP/d.pdn" --eval-graph "$TMP/dg.svg"
expect_rc 0 "the draughts evaluation graph"
grep -q ">men, white&apos;s view<" "$TMP/dg.svg" && ok || bad "the draughts axis says men"
if grep -q '>pawns' "$TMP/dg.svg"; then bad "no pawns on a draughts graph"; else ok; fi
run "$BOYI" render "$SRC/docs/sample/ccgc2006-game-09-annotated.pgn" --eval-graph "$TMP/xg.svg"
grep -q ">pawns, red&apos;s view<" "$TMP/xg.svg" && ok || bad "the Xiangqi axis still says pawns"

finish
