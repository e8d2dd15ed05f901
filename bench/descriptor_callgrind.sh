#!/usr/bin/env bash
# descriptor_callgrind.sh -- the descriptor's cost on perft in instructions (valgrind's
# callgrind), which a loaded machine does not blur as it blurs seconds:
#   bench/descriptor_callgrind.sh BOYI [GAME DEPTH]...  (default: xiangqi 4 draughts 7 gomoku 4)
# Runs `boyi bench --game G descriptor --depth D` twice under callgrind, collecting
# once only inside the game's own perft (the descriptor's perft function) and once only
# inside bo_game_perft; each runs three rounds, so the counts are three perfts' worth.
set -eu
BOYI=$1
shift
[ $# -gt 0 ] || set -- xiangqi 4 draughts 7 gomoku 4
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
while [ $# -ge 2 ]; do
    game=$1 depth=$2
    shift 2
    case $game in
        xiangqi) own=xq_d_perft ;;
        draughts) own=dr_d_perft ;;
        gomoku) own=gm_d_perft ;;
        *) echo "unknown game $game" >&2; exit 2 ;;
    esac
    ir() {
        valgrind --tool=callgrind --callgrind-out-file="$OUT/cg" --toggle-collect="$1" \
            "$BOYI" bench --game "$game" descriptor --depth "$depth" >"$OUT/stdout" 2>/dev/null
        sed -n 's/^summary: *//p' "$OUT/cg" | head -1
    }
    a=$(ir "$own")
    b=$(ir bo_game_perft)
    leaves=$(sed -n 's/.*perft([0-9]*): \([0-9]*\) leaves/\1/p' "$OUT/stdout")
    awk -v g="$game" -v d="$depth" -v a="$a" -v b="$b" -v n="$leaves" 'BEGIN {
        printf "%s perft(%d), %d leaves, 3 rounds: own %.0f instructions (%.1f per leaf), descriptor %.0f (%.1f per leaf), descriptor/own %.2f\n",
               g, d, n, a, a / 3 / n, b, b / 3 / n, b / a }'
done
