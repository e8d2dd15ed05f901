#!/usr/bin/env bash
# uci_canned.sh REPLY_FILE -- a UCI engine that answers every `go` with the lines of
# REPLY_FILE.N.dD (D the go's depth), or else REPLY_FILE.N, N the number of moves of
# the last `position` command, or else of REPLY_FILE, as they are (search reports, then its bestmove line): the readers of
# analyse and annotate --engine get exactly the reports a test chose (MultiPV lines,
# bounds, mates, a line in another notation).  A `go ... searchmoves M` is answered
# from REPLY_FILE.N.dD.s or REPLY_FILE.N.s where one is there (the move searched
# alone), else as any other go.
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
        s=; case "$line" in *" searchmoves "*) s=.s ;; esac
        if [ -n "$s" ] && [ -n "$d" ] && [ -f "$REPLY.$n.d$d.s" ]; then cat "$REPLY.$n.d$d.s"
        elif [ -n "$s" ] && [ -f "$REPLY.$n.s" ]; then cat "$REPLY.$n.s"
        elif [ -n "$d" ] && [ -f "$REPLY.$n.d$d" ]; then cat "$REPLY.$n.d$d"
        elif [ -f "$REPLY.$n" ]; then cat "$REPLY.$n"; else cat "$REPLY"; fi ;;
    quit) exit 0 ;;
    esac
done
