#!/usr/bin/env bash
# dxp.sh BOYI FAULT N PORT -- a DXP (DamExchange) draughts follower for the match
# runner's tests: it connects to 127.0.0.1:PORT, accepts the GAMEREQ, and answers
# each turn with the move `boyi hub` finds at depth 1 (Hub's notation names the
# captured squares, which DXP's MOVE needs).  At its N-th move it misbehaves as
# FAULT says: crash (exits), hang (says nothing), illegal (1-50), junk (a message
# that is not DXP), disconnect (closes the connection and stays), gameend (GAMEEND
# instead of a move), backreq (a BACKREQ first, then its move if it was refused), none.
BOYI=$1 FAULT=$2 N=$3 PORT=$4
exec 3<>"/dev/tcp/127.0.0.1/$PORT" || exit 2
declare -a b
side= mine= moves=0
setpos() {   # setpos DXP-POSITION (colour + 50 squares)
    local p=$1 i c
    side=${p:0:1}
    for ((i = 1; i <= 50; i++)); do c=${p:i:1}; b[i]=$c; done
}
hubpos() {
    local s i c
    s=$([ "$side" = W ] && echo W || echo B)
    for ((i = 1; i <= 50; i++)); do
        c=${b[i]}
        case $c in z) c=b ;; Z) c=B ;; esac
        s+=$c
    done
    echo "$s"
}
apply() {   # apply FROM TO CAPTURED...
    local f=$((10#$1)) t=$((10#$2)) c=${b[$((10#$1))]}
    shift 2
    b[f]=e
    for x in "$@"; do b[$((10#$x))]=e; done
    if [ "$c" = w ] && [ "$t" -le 5 ]; then c=W; fi
    if [ "$c" = z ] && [ "$t" -ge 46 ]; then c=Z; fi
    b[t]=$c
    side=$([ "$side" = W ] && echo Z || echo W)
}
play() {
    moves=$((moves + 1))
    if [ "$moves" -eq "$N" ]; then
        case "$FAULT" in
        crash) exit 3 ;;
        hang) exec sleep 1000 ;;
        illegal) printf 'M0000015000\0' >&3; return ;;
        junk) printf 'Mbanana\0' >&3; return ;;
        disconnect) exec 3>&-; exec sleep 1000 ;;
        gameend) printf 'E10\0' >&3; return ;;
        backreq)   # asks to take back to move 1; a refusal (K2) lets it play on, anything else: junk
            printf 'B001W\0' >&3
            IFS= read -r -d '' ans <&3
            [ "$ans" = K2 ] || { printf 'Mbanana\0' >&3; return; } ;;
        esac
    fi
    local m
    m=$(printf 'hub\ninit\npos pos=%s\nlevel depth=1\ngo think\nquit\n' "$(hubpos)" | "$BOYI" hub |
        sed -n 's/^done move=\([0-9x-]*\).*/\1/p')
    [ -n "$m" ] || { printf 'E10\0' >&3; return; }
    local sq
    IFS='x-' read -r -a sq <<<"$m"
    local out
    out=$(printf 'M0001%02d%02d%02d' "${sq[0]}" "${sq[1]}" $((${#sq[@]} - 2)))
    for ((i = 2; i < ${#sq[@]}; i++)); do out+=$(printf '%02d' "${sq[i]}"); done
    printf '%s\0' "$out" >&3
    apply "${sq[@]}"
}
while IFS= read -r -d '' msg <&3; do
    case "${msg:0:1}" in
    R)
        mine=${msg:35:1}
        if [ "${msg:42:1}" = A ]; then setpos "Wzzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww"; else setpos "${msg:43:51}"; fi
        printf 'A%-32s0\0' "fake dxp" >&3
        if [ "$side" = "$mine" ]; then play; fi ;;
    M)
        caps=()
        for ((i = 0; i < 10#${msg:9:2}; i++)); do caps+=("${msg:$((11 + 2 * i)):2}"); done
        apply "${msg:5:2}" "${msg:7:2}" "${caps[@]}"
        play ;;
    E)
        printf 'E00\0' >&3
        [ "${msg:2:1}" = 1 ] && exit 0 ;;
    esac
done
