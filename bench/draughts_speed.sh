#!/usr/bin/env bash
# draughts_speed.sh -- the draughts search's speed on the first N openings of
# data/openings/draughts.txt (default 12), each searched from the start to a fixed depth
# with one thread and a 16 MB table:
#   bench/draughts_speed.sh BOYI DEPTH [N]
# One line per opening (nodes, best move, score), then the node total, the CPU seconds
# of the searches (user and system, from bash's time) and nodes per user second.  The
# nodes and moves are exact: a change meant only to be faster must leave them as they
# were (docs/engine-draughts.md, "Speed"); the seconds depend on the machine's load, so
# compare two binaries run in turn, several times.
set -eu
BOYI=$1 DEPTH=$2 N=${3:-12}
DIR=$(cd "$(dirname "$0")/.." && pwd)
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
TIMEFORMAT='%U %S'
cpu=$({ time grep '^moves ' "$DIR/data/openings/draughts.txt" | head -n "$N" | while read -r _ line; do
    "$BOYI" analyse --game draughts --position "W:W31-50:B1-20 | $line" --depth "$DEPTH" --hash 16 --json \
        | grep '"bestmove"' >>"$OUT"
done; } 2>&1)
total=0
while IFS= read -r last; do
    nodes=$(echo "$last" | sed -E 's/.*"nodes":([0-9]+).*/\1/')
    best=$(echo "$last" | sed -E 's/.*"bestmove":"([^"]*)".*/\1/')
    score=$(echo "$last" | sed -E 's/.*"score":\{([^}]*)\}.*/\1/')
    printf 'draughts depth %s: %10s nodes  %-8s %s\n' "$DEPTH" "$nodes" "$best" "$score"
    total=$((total + nodes))
done <"$OUT"
read -r user sys <<<"$cpu"
echo "draughts depth $DEPTH, $N openings: $total nodes, $user s user, $sys s system, $(awk -v n="$total" -v u="$user" 'BEGIN { printf "%.0f", (u > 0 ? n / u : 0) }') nodes per user second"
