#!/usr/bin/env bash
# botzone_spy.sh BOYI LOG N -- a Botzone bot (JSON interaction) for a game of hidden
# information (Junqi) that keeps every input it is given: it appends each input line
# to LOG, answers by relaying the input to `boyi botzone --game junqi --depth 1`, and
# from its Nth request on answers junk (so the game ends there, lost by the spy).
# tests/e2e/botzone_hidden.sh reads LOG to check that the runner never showed it the
# opponent's pieces.
BOYI=$1 LOG=$2 N=$3
IFS= read -r input || exit 0
printf '%s\n' "$input" >>"$LOG"
turn=$(grep -o '"position"' <<<"$input" | wc -l)
if [ "$turn" -ge "$N" ]; then echo 'junk'; exit 0; fi
printf '%s\n' "$input" | exec "$BOYI" botzone --game junqi --depth 1
