#!/usr/bin/env bash
# uci_counted.sh BOYI GAME COUNTFILE KILLS -- a UCI engine for annotate's and
# analyse's fault tests: boyi's own `boyi engine` behind a relay that counts the
# `go`s of all its processes in COUNTFILE (one engine run at a time: -j 1) and is
# killed (SIGKILL, itself and the engine behind it) at the go numbers listed in
# KILLS ("5" or "5,6"; "" never), before answering.  A restarted engine goes on
# counting where the killed one stopped, so "5,6" kills the first answer to a
# position and its retry.  A `go ... searchmoves` (annotate's search of the move
# played alone) is not a position's request: it is counted in COUNTFILE.only and
# never killed.  Each process adds a line to COUNTFILE.starts.
BOYI=$1 GAME=$2 COUNT=$3 KILLS=",$4,"
echo start >>"$COUNT.starts"
coproc ENG { exec "$BOYI" engine --game "$GAME"; }
exec 3<&"${ENG[0]}" 4>&"${ENG[1]}"
cat <&3 &
while IFS= read -r line; do
    case "$line" in
    go*searchmoves*)
        echo "$(( $(cat "$COUNT.only" 2>/dev/null || echo 0) + 1 ))" >"$COUNT.only" ;;
    go*)
        n=$(( $(cat "$COUNT" 2>/dev/null || echo 0) + 1 ))
        echo "$n" >"$COUNT"
        case "$KILLS" in *",$n,"*) kill -KILL "${ENG_PID}"; kill -KILL $$ ;; esac ;;
    esac
    echo "$line" >&4
    [ "$line" = quit ] && break
done
wait
