#!/usr/bin/env bash
# make.sh -- how data/openings/*.txt were made, with boyi alone:
#   1. candidate openings: K seeded random plies per colour-swapped pair, from the
#      game's candidate moves (boyi selfplay --random-plies K, the batch stopped at
#      once by max_plies=K, so its journal holds just the openings);
#   2. each scored by boyi engine at a fixed depth from the side to move's view;
#   3. kept when |score| <= LIMIT centipawns, the first COUNT of them, in seed order.
# Usage: bash data/openings/make.sh BOYI          (from the repository root)
set -euo pipefail
BOYI=${1:-build/boyi}
out=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# game  plies  depth  limit  count
make_set() {
    local game=$1 plies=$2 depth=$3 limit=$4 count=$5 kept=0
    "$BOYI" selfplay --game "$game" --games 400 --random-plies "$plies" --depth 1 --seed 20261130 \
        --adjudicate "max_plies=$plies" --out "$tmp/$game" 2>/dev/null
    {
        echo "# $game: $count openings of $plies plies, |score| <= $limit at depth $depth (boyi engine),"
        echo "# from seeded random plies (boyi selfplay --random-plies $plies --seed 20261130). data/openings/make.sh"
    } > "$out/$game.txt"
    while IFS=$'\t' read -r index result reason start moves evals; do
        [ $((index % 2)) -eq 0 ] || continue
        score=$(printf 'position startpos moves %s\ngo depth %s\nquit\n' "$moves" "$depth" |
                "$BOYI" engine --game "$game" | grep -o 'score cp -\?[0-9]*' | tail -1 | awk '{print $3}')
        [ -n "$score" ] || continue
        [ "${score#-}" -le "$limit" ] || continue
        echo "moves $moves" >> "$out/$game.txt"
        kept=$((kept + 1))
        [ "$kept" -lt "$count" ] || break
    done < <(sort -n "$tmp/$game/journal.tsv")
    echo "$game: $kept openings"
}

make_set xiangqi 6 6 40 30
make_set draughts 4 8 30 30
make_set gomoku 4 4 150 30
