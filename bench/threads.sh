#!/usr/bin/env bash
# threads.sh -- `boyi analyse --threads 2` against `--threads 1` on the ten positions
# of bench/positions.sh per game: the time to finish the same depth and the nodes per
# second: the time is the main thread's when it finished depth D (its last --json depth
# line), the nodes those of all threads (the closing bestmove line).
#   bench/threads.sh BOYI SHARED [GAME DEPTH]...   (default: xiangqi 8 gomoku 6 draughts 14)
# Prints one line per position and a total per game; the load (uptime) first, since on a
# shared machine the second thread may find no free core.
set -eu
BOYI=$1 SHARED=$2
shift 2
[ $# -gt 0 ] || set -- xiangqi 8 gomoku 6 draughts 14
DIR=$(dirname "$0")
echo "load: $(uptime)"
while [ $# -ge 2 ]; do
    game=$1 depth=$2
    shift 2
    opt=--fen
    [ "$game" = gomoku ] && opt=--position
    tot1=0 tot2=0 n1=0 n2=0
    while IFS= read -r pos; do
        line=()
        for t in 1 2; do
            out=$("$BOYI" analyse --game "$game" "$opt" "$pos" --depth "$depth" --threads "$t" --hash 32 --json)
            ms=$(echo "$out" | grep "^{\"depth\":$depth," | tail -1 | sed -E 's/.*"time_ms":([0-9]+).*/\1/')
            nodes=$(echo "$out" | grep '"bestmove"' | sed -E 's/.*"nodes":([0-9]+).*/\1/')
            line+=("$ms" "$nodes")
        done
        printf '%s depth %s: 1 thread %6s ms %9s nodes | 2 threads %6s ms %9s nodes\n' "$game" "$depth" "${line[@]}"
        [ "${line[0]}" -gt 0 ] || line[0]=1; [ "${line[2]}" -gt 0 ] || line[2]=1
        tot1=$((tot1 + line[0])) n1=$((n1 + line[1])) tot2=$((tot2 + line[2])) n2=$((n2 + line[3]))
    done < <("$DIR/positions.sh" "$BOYI" "$SHARED" "$game")
    awk -v g="$game" -v d="$depth" -v t1="$tot1" -v t2="$tot2" -v n1="$n1" -v n2="$n2" 'BEGIN {
        printf "%s depth %d, 10 positions: 1 thread %d ms, %d nodes, %.0f nps; 2 threads %d ms, %d nodes, %.0f nps; time 2/1 = %.2f, nps 2/1 = %.2f\n",
               g, d, t1, n1, n1 * 1000 / t1, t2, n2, n2 * 1000 / t2, t2 / t1, (n2 / t2) / (n1 / t1) }'
done
echo "load: $(uptime)"
