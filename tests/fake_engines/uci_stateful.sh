#!/usr/bin/env bash
# uci_stateful.sh BOYI GAME -- a UCI engine whose figures depend on the searches its
# process made before, whatever `ucinewgame` says (as Fairy-Stockfish's table keeps its
# age): boyi's own `boyi engine` behind a relay that adds to every `score cp` it reports
# the number of searches this process has answered.  Deterministic for one process and
# one sequence of requests, so that annotate's -j 2 equals its -j 1 only where each game
# gets a process of its own.
BOYI=$1 GAME=$2
coproc ENG { exec "$BOYI" engine --game "$GAME"; }
exec 3<&"${ENG[0]}" 4>&"${ENG[1]}"
(
    n=0
    while IFS= read -r l <&3; do
        if [[ $l =~ ^(info .*score\ cp\ )(-?[0-9]+)(.*)$ ]]; then
            l="${BASH_REMATCH[1]}$((BASH_REMATCH[2] + n))${BASH_REMATCH[3]}"
        fi
        case "$l" in bestmove*) n=$((n + 1)) ;; esac
        printf '%s\n' "$l"
    done
) &
while IFS= read -r line; do
    printf '%s\n' "$line" >&4
    [ "$line" = quit ] && break
done
wait
