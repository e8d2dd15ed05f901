#!/usr/bin/env bash
# positions.sh -- ten positions per game from real records, one per line, for the
# thread measurements of docs/engines-speed.md:
#   bench/positions.sh BOYI SHARED GAME
# xiangqi: the position after 16 plies of the first ten games of the shared corpus's
#   hu-ronghua-1391-iccs.pgn (ICCS moves replayed here: a move takes what stands on
#   its target square); gomoku: the sample game data/gomoku/game.sgf after 10, 14, ...,
#   46 stones; draughts: the ten distinct FEN tags with the most pieces in the corpus's
#   pdn-standard/succeed files (10x10 ones: some square above 32).
set -eu
BOYI=$1 SHARED=$2 GAME=$3
SRC=$(cd "$(dirname "$0")/.." && pwd)
case $GAME in
xiangqi)
    python3 - "$SHARED/corpus/xiangqi/hu-ronghua-1391-iccs.pgn" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
start = ["rnbakabnr", "9", "1c5c1", "p1p1p1p1p", "9", "9", "P1P1P1P1P", "1C5C1", "9", "RNBAKABNR"]
def board():
    b = {}
    for r, row in enumerate(start):       # row 0 is rank 9
        f = 0
        for ch in row:
            if ch.isdigit(): f += int(ch)
            else: b[(f, 9 - r)] = ch; f += 1
    return b
def fen(b, side):
    rows = []
    for rank in range(9, -1, -1):
        s, empty = "", 0
        for f in range(9):
            if (f, rank) in b:
                if empty: s += str(empty); empty = 0
                s += b[(f, rank)]
            else: empty += 1
        rows.append(s + (str(empty) if empty else ""))
    return "/".join(rows) + (" w" if side == 0 else " b") + " - - 0 1"
games = re.split(r"\n\s*\n(?=\[)", text)
n = 0
for g in games:
    moves = re.findall(r"\b([a-i][0-9])([a-i][0-9])\b", re.sub(r"\[.*?\]", "", g))
    if len(moves) < 16: continue
    b = board()
    for (a, c) in moves[:16]:
        fa, fc = (ord(a[0]) - 97, int(a[1])), (ord(c[0]) - 97, int(c[1]))
        b[fc] = b.pop(fa)
    print(fen(b, 0)); n += 1
    if n == 10: break
PY
    ;;
gomoku)
    moves=$("$BOYI" convert "$SRC/data/gomoku/game.sgf" --to moves | grep -v '^#' | tr -s ' \n' ' ')
    for k in 10 14 18 22 26 30 34 38 42 46; do
        echo $moves | awk -v k=$k '{ b = ""; w = ""; for (i = 1; i <= k; i++) if (i % 2) b = b " " $i; else w = w " " $i;
                                     printf "black:%s; white:%s\n", b, w }'
    done
    ;;
draughts)
    grep -h '^\[FEN' "$SHARED"/corpus/draughts/pdn-standard/succeed/*.pdn | sed -E 's/^\[FEN "([^"]*)"\].*/\1/' | tr -d '\r' |
        awk -F'[:,]' '!seen[$0]++ { top = 0; for (i = 1; i <= NF; i++) { v = $i; gsub(/[^0-9]/, "", v); if (v + 0 > top) top = v + 0 }
                                   if (top > 32) print NF "\t" $0 }' | sort -t"$(printf '\t')" -k1,1rn -k2 | head -10 | cut -f2
    ;;
esac
