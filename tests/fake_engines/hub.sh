#!/usr/bin/env bash
# hub.sh BOYI FAULT N -- a Hub (version 2) draughts engine for the match runner's
# tests: it plays the first legal move that `boyi moves` lists for the position it
# is given; at the N-th `go` it misbehaves as FAULT says (crash, hang, illegal, junk,
# none).
BOYI=$1 FAULT=$2 N=$3
pos=
gos=0
source "$(dirname "$0")/hub_fen.bash"   # fen_of
while IFS= read -r line; do
    case "$line" in
    hub) echo "id name=fake version=1"; echo "wait" ;;
    init) echo "ready" ;;
    pos*) pos=${line#*pos=}; pos=${pos%% *} ;;
    go*)
        gos=$((gos + 1))
        if [ "$gos" -eq "$N" ]; then
            case "$FAULT" in
            crash) exit 3 ;;
            hang) exec sleep 1000 ;;
            illegal) echo "done move=1-50"; continue ;;
            junk) echo "done move=banana"; continue ;;
            esac
        fi
        m=$("$BOYI" moves --game draughts --fen "$(fen_of "$pos")" | head -1)
        echo "info depth=1 score=0.00"
        echo "done move=$m" ;;
    quit) exit 0 ;;
    esac
done
