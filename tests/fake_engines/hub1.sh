#!/usr/bin/env bash
# hub1.sh BOYI -- a Hub version 1 draughts engine as Scan 2.0 speaks it, for the match
# runner's tests: `pos w<50 squares>`, a limit, `go`; before each move it reports a
# search as Scan does, `info DEPTH MEANDEPTH SCORE NODES SECONDS MNPS PV...` with the
# score in 1/100 of a man: depth 4+K and score -(100+K) at its K-th move, so that tests
# can find them in the records and the journal; then `move M` (the first legal move
# `boyi moves` lists).
BOYI=$1
pos=
gos=0
source "$(dirname "$0")/hub_fen.bash"   # fen_of
while IFS= read -r line; do
    case "$line" in
    hub) echo "id name=fake1 version=1"; echo "wait" ;;
    init) echo "ready" ;;
    pos*) pos=${line#pos }; pos=${pos%% *} ;;
    go*|analyse*)
        gos=$((gos + 1))
        m=$("$BOYI" moves --game draughts --fen "$(fen_of "$pos")" | head -1)
        echo "info $((4 + gos)) $((4 + gos)).4 -$((100 + gos)) 435186 0.10 0.0 $m"
        echo "move $m" ;;
    quit) exit 0 ;;
    esac
done
