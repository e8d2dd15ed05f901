#!/usr/bin/env bash
# uci_canned.sh REPLY_FILE -- a UCI engine that answers every `go` with the lines of
# REPLY_FILE.N.dD (D the go's depth), or else REPLY_FILE.N, N the number of moves of
# the last `position` command, or else of REPLY_FILE, as they are (search reports, then its bestmove line): the readers of
# analyse and annotate --engine get exactly the reports a test chose (MultiPV lines,
# bounds, mates, a line in another notation).
REPLY=$1
n=0
while IFS= read -r line; do
    case "$line" in
    uci) echo "id name canned"; echo "option name MultiPV type spin default 1 min 1 max 16"; echo "uciok" ;;
    isready) echo "readyok" ;;
    position*)
        n=0
        case "$line" in *" moves "*) set -- ${line#* moves }; n=$# ;; esac ;;
    go*)
        d=; case "$line" in *"depth "*) d=${line#*depth }; d=${d%% *} ;; esac
        if [ -n "$d" ] && [ -f "$REPLY.$n.d$d" ]; then cat "$REPLY.$n.d$d"
        elif [ -f "$REPLY.$n" ]; then cat "$REPLY.$n"; else cat "$REPLY"; fi ;;
    quit) exit 0 ;;
    esac
done
