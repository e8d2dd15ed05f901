#!/usr/bin/env bash
# search_nodes.sh -- the nodes and time of a fixed-depth search (one thread) on the ten
# positions of bench/positions.sh: what a search change does to the tree (the nodes are
# exact and load-independent) and to the speed (nodes per second, load-dependent).
#   bench/search_nodes.sh BOYI SHARED GAME DEPTH
# One line per position (nodes, ms, best move), then the totals and nodes per second.
set -eu
BOYI=$1 SHARED=$2 GAME=$3 DEPTH=$4
DIR=$(dirname "$0")
opt=--fen
[ "$GAME" = gomoku ] && opt=--position
tn=0 tms=0
while IFS= read -r pos; do
    out=$("$BOYI" analyse --game "$GAME" "$opt" "$pos" --depth "$DEPTH" --hash 16 --json)
    last=$(echo "$out" | grep '"bestmove"' | tail -1)
    nodes=$(echo "$last" | sed -E 's/.*"nodes":([0-9]+).*/\1/')
    ms=$(echo "$out" | grep '"time_ms"' | tail -1 | sed -E 's/.*"time_ms":([0-9]+).*/\1/')
    best=$(echo "$last" | sed -E 's/.*"bestmove":"([^"]*)".*/\1/')
    printf '%s depth %s: %10s nodes %7s ms  %s\n' "$GAME" "$DEPTH" "$nodes" "$ms" "$best"
    tn=$((tn + nodes)) tms=$((tms + ms))
done < <("$DIR/positions.sh" "$BOYI" "$SHARED" "$GAME")
[ "$tms" -gt 0 ] || tms=1
echo "$GAME depth $DEPTH, 10 positions: $tn nodes, $tms ms, $((tn * 1000 / tms)) nps"
