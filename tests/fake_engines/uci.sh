#!/usr/bin/env bash
# uci.sh BOYI GAME FAULT N -- a UCI engine for the match runner's fault tests:
# boyi's own `boyi engine` behind a relay that, at the N-th `go`, misbehaves as
# FAULT says instead of answering:
#   crash    exit at once (status 3)
#   hang     never answer
#   illegal  answer a move that is not legal (bestmove a0a9)
#   junk     answer a line of 2 MB with no move in it
#   resign   answer bestmove (none)
#   none     never misbehave
# Each fault happens once per process: a restarted engine counts its `go`s anew.
BOYI=$1 GAME=$2 FAULT=$3 N=$4
coproc ENG { exec "$BOYI" engine --game "$GAME"; }
exec 3<&"${ENG[0]}" 4>&"${ENG[1]}"
cat <&3 &
gos=0
while IFS= read -r line; do
    case "$line" in
    go*)
        gos=$((gos + 1))
        if [ "$gos" -eq "$N" ]; then
            case "$FAULT" in
            crash) exit 3 ;;
            hang) exec sleep 1000 ;;
            illegal) echo "bestmove a0a9"; continue ;;
            junk) head -c 2000000 /dev/zero | tr '\0' 'x'; echo; continue ;;
            resign) echo "bestmove (none)"; continue ;;
            esac
        fi ;;
    esac
    echo "$line" >&4
    [ "$line" = quit ] && break
done
wait
