#!/usr/bin/env bash
# tigers_openings.sh -- openings of Two Tigers for games played from a partly solved
# table: seeded random games from the start (boyi selfplay, random against random),
# each cut at its first position with at most K dogs on the board, kept when the
# table (BOYI_TIGERS_TABLE) gives that position the value asked for.
#
#   tools/tigers_openings.sh BOYI TABLE K COUNT SEED VALUE > openings.txt
#
# VALUE: draw, win or loss (for the side to move), or any.  Each line is an opening
# as `boyi selfplay --openings` reads it: `moves M1 M2 ...` from the start.
set -euo pipefail
boyi=$1 table=$2 k=$3 count=$4 seed=$5 want=$6
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$boyi" selfplay --game tigers --a random --b random --games $((count * 8)) --random-plies 0 --seed "$seed" \
    --out "$tmp/r" > /dev/null
# the moves of each record up to the first position with at most K dogs (a jump takes one)
tr -d '\n' < "$tmp/r/games.txt" | tr '}' '\n' | sed 's/^.*\]\;//' | awk -F';' -v k="$k" '{
    line = "moves"; dogs = 16
    for (i = 1; i <= NF; i++) {
        if ($i == "") continue
        line = line " " $i
        if (index($i, "x") > 0) dogs--
        if (dogs <= k) { if (dogs > 10) print line; break }
    }
}' > "$tmp/cut.txt"
start='...../.4.4./.T.T./.4.4./..... t 0'
n=0
while read -r line && [ "$n" -lt "$count" ]; do
    json=$(BOYI_TIGERS_TABLE="$table" "$boyi" analyse --game tigers --position "$start | ${line#moves }" --depth 1 --json | tail -n 1)
    wr=$(printf '%s' "$json" | sed -n 's/.*"win_rate":\([0-9.]*\).*/\1/p')
    case "$wr" in 1|1.0*) v=win ;; 0.5*) v=draw ;; 0|0.0*) v=loss ;; *) continue ;; esac
    if [ "$want" = any ] || [ "$want" = "$v" ]; then echo "$line"; n=$((n + 1)); fi
done < "$tmp/cut.txt"
