#!/usr/bin/env bash
# botzone.sh BOYI GAME RULES IO FAULT N -- a Botzone bot for the match runner's tests.
# It relays each turn's input to `boyi botzone --game GAME --rules RULES --depth 1`
# (RULES - : the game's default)
# (one process a turn, as Botzone runs bots), except from turn N on, where it misbehaves as
# FAULT says: crash (exit 3 with no answer), hang, junk (a line that is no response),
# illegal (the opponent's last move again: an occupied point, or a move from an emptied square), none (never).  IO is json
# or simple: the turn is the simple input's first line, or the JSON input's number
# of requests.  FAULT keep: prints the keep-running marker after its first answer,
# then crashes when the next request comes (a kept bot that dies is a crash too).
BOYI=$1 GAME=$2 RULES=$3 IO=$4 FAULT=$5 N=$6
IFS= read -r first || exit 0
if [ "$IO" = simple ]; then
    turn=$first
    lines=()
    for ((k = 0; k < 2 * turn - 1; k++)); do IFS= read -r l; lines+=("$l"); done
    input=$(printf '%s\n' "$first" "${lines[@]}")
    req=${lines[$((2 * turn - 2))]}
else
    req=${first%%\"responses\"*}
    input=$first
fi
# the opponent's last move: a point {"x":..,"y":..} / "x y", or a move text "h2e2"
if [ "$GAME" = gomoku ] || [ "$GAME" = nogo ]; then
    [ "$IO" = json ] && turn=$(grep -o '{"x"' <<<"$req" | wc -l)
    if [ "$IO" = simple ]; then last=$req; else last=$(grep -o '{"x":[-0-9]*,"y":[-0-9]*}' <<<"$req" | tail -1); fi
else
    [ "$IO" = json ] && turn=$(grep -o '"moves"' <<<"$req" | wc -l)
    last=$(grep -o '"[^"]*"\]' <<<"$req" | tail -1)
    last=${last%]}
    [ "$IO" = simple ] && last=${last//\"/}
fi
rules=(--rules "$RULES")
[ "$RULES" = - ] && rules=()
answer() { "$BOYI" botzone --game "$GAME" "${rules[@]}" --depth 1 --hash 1 <<<"$input"; }
if [ "$FAULT" = keep ]; then
    answer
    echo '>>>BOTZONE_REQUEST_KEEP_RUNNING<<<'
    IFS= read -r next
    exit 3
fi
if [ "$turn" -ge "$N" ]; then
    case "$FAULT" in
    crash) exit 3 ;;
    hang) exec sleep 1000 ;;
    junk) echo "what move?"; exit 0 ;;
    illegal) if [ "$IO" = simple ]; then echo "$last"; else echo "{\"response\":$last}"; fi; exit 0 ;;
    esac
fi
answer
