#!/usr/bin/env bash
# gomocup.sh FAULT N -- a Gomocup (Piskvork) brain for the match runner's tests.
# It plays the first empty point in a fixed order (from the centre outwards row by
# row), which is legal under freestyle rules; at the N-th move request it
# misbehaves as FAULT says (crash, hang, illegal: an occupied point, junk, none).
# Before each move it reports a score as Rapfi does ("MESSAGE ... | Eval N | ..."):
# -(7000 + K) at its K-th move, and a mate (+M3: Rapfi counts plies) at its second,
# so that tests can find its evaluations in the training data.
# FAULT "swap2": it knows SWAP2BOARD: it opens with three stones off the centre
# (3,3 5,5 6,6) and answers SWAP to three or five stones.
FAULT=$1 N=$2
size=15
declare -A taken
asks=0
answer() {
    asks=$((asks + 1))
    if [ "$asks" -eq "$N" ]; then
        case "$FAULT" in
        crash) exit 3 ;;
        hang) exec sleep 1000 ;;
        illegal) for k in "${!taken[@]}"; do echo "$k"; return; done; echo "7,7"; return ;;
        junk) echo "MESSAGE thinking"; echo "what move?"; return ;;
        esac
    fi
    for ((d = 0; d < size; d++)); do
        for ((y = 7 - d; y <= 7 + d; y++)); do
            for ((x = 7 - d; x <= 7 + d; x++)); do
                ((x < 0 || y < 0 || x >= size || y >= size)) && continue
                if [ -z "${taken[$x,$y]:-}" ]; then
                    ev=$((-7000 - asks)); [ "$asks" -eq 2 ] && ev=+M3
                    echo "MESSAGE Speed 1 | Depth 3-5 | Eval $ev | Node 1K | Time 1ms"
                    echo "MESSAGE plays $x,$y"; echo "$x,$y"; return
                fi
            done
        done
    done
}
while IFS= read -r line; do
    line=${line%$'\r'}
    case "$line" in
    START*) size=${line#START }; echo OK ;;
    INFO*) ;;
    BOARD) taken=()
        while IFS= read -r b; do
            b=${b%$'\r'}
            [ "$b" = DONE ] && break
            taken[${b%,*}]=1
        done
        answer ;;
    BEGIN) taken=(); answer ;;
    TURN*) t=${line#TURN }; taken[$t]=1; answer ;;
    SWAP2BOARD) [ "$FAULT" = swap2 ] || { echo "UNKNOWN $line"; continue; }
        n=0
        while IFS= read -r b; do
            b=${b%$'\r'}
            [ "$b" = DONE ] && break
            n=$((n + 1))
        done
        if [ "$n" -eq 0 ]; then echo "3,3 5,5 6,6"; else echo SWAP; fi ;;
    ABOUT) echo 'name="fake", version="1"' ;;
    END) exit 0 ;;
    *) echo "UNKNOWN $line" ;;
    esac
done
