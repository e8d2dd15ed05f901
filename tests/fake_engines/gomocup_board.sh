#!/usr/bin/env bash
# gomocup_board.sh -- a Gomocup brain whose score says what BOARD told it, for the
# tests of positions sent as stones (data relabel, analyse --fen).  For each BOARD it
# reports, as Rapfi does, "MESSAGE ... | Depth D-D | Eval E | ...": E the sum of
# x + 15y + 1 over the stones marked 1 (the side to move's) minus the same over those
# marked 2; D the last INFO max_depth (0 without one).  It then plays the first empty
# point from the centre outwards (legal under freestyle).  A list that is not in turns
# ending with the other side's stone (2, 1, 2, ... 1, 2 or 1, 2, ..., 1, 2), which no
# game could have played, is answered with garbage instead of a move.
size=15 depth=0
declare -A taken
while IFS= read -r line; do
    line=${line%$'\r'}
    case "$line" in
    START*) size=${line#START }; echo OK ;;
    "INFO max_depth "*) depth=${line#INFO max_depth } ;;
    INFO*) ;;
    BOARD) taken=(); ev=0; fields=""
        while IFS= read -r b; do
            b=${b%$'\r'}
            [ "$b" = DONE ] && break
            IFS=, read -r x y f <<<"$b"
            taken[$x,$y]=1
            fields+=$f
            if [ "$f" = 1 ]; then ev=$((ev + x + 15 * y + 1)); else ev=$((ev - x - 15 * y - 1)); fi
        done
        # in turns, the last stone the other side's: ...1212 (or empty)
        want=""; for ((i = ${#fields}; i > 0; i--)); do want=$([ $(( i % 2 )) = 1 ] && echo 2 || echo 1)$want; done
        [ $(( ${#fields} % 2 )) = 0 ] && want=$(tr 12 21 <<<"$want")
        if [ "$fields" != "$want" ]; then echo "MESSAGE not in turns: $fields"; echo "what move?"; continue; fi
        echo "MESSAGE Speed 1 | Depth $depth-$depth | Eval $ev | Node 1K | Time 1ms"
        for ((d = 0; d < size; d++)); do
            for ((y = 7 - d; y <= 7 + d; y++)); do
                for ((x = 7 - d; x <= 7 + d; x++)); do
                    ((x < 0 || y < 0 || x >= size || y >= size)) && continue
                    [ -z "${taken[$x,$y]:-}" ] && { echo "$x,$y"; break 3; }
                done
            done
        done ;;
    ABOUT) echo 'name="board", version="1"' ;;
    END) exit 0 ;;
    *) echo "UNKNOWN $line" ;;
    esac
done
