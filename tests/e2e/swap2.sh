#!/usr/bin/env bash
# swap2.sh -- Gomoku's swap2 opening over the Gomocup protocol's SWAP2BOARD (2020):
# boyi gomocup's answers at 0, 3 and 5 stones have the protocol's forms and place
# stones on empty points; boyi match --opening-rule swap2 drives the opening between
# a Gomocup engine and boyi's own player, the record names the players by the colours
# their choices gave them, the result stays right in the statistics, and the records
# validate; an engine that does not know SWAP2BOARD loses its game and the match goes on.
source "$(dirname "$0")/lib.bash"
FAKE="$SRC/tests/fake_engines"

# 1. The dialogue.
run "$BOYI" gomocup <<'EOF2'
START 15
INFO rule 0
INFO timeout_turn 200
SWAP2BOARD
DONE
SWAP2BOARD
7,7
8,7
9,9
DONE
SWAP2BOARD
7,7
8,7
9,9
8,8
8,6
DONE
SWAP2BOARD
1,1
DONE
END
EOF2
expect_rc 0 "gomocup swap2: the brain ends"
mapfile -t ans < <(grep -Ev '^(OK|MESSAGE)' "$TMP/out")
if [[ ${ans[0]} =~ ^([0-9]+),([0-9]+)\ ([0-9]+),([0-9]+)\ ([0-9]+),([0-9]+)$ ]] &&
    [ "$(printf '%s\n' ${ans[0]} | sort -u | wc -l)" -eq 3 ]; then ok; else bad "swap2 at 0 stones: three distinct points [${ans[0]}]"; fi
# three stones: SWAP, or one or two points none of which is taken
if [[ ${ans[1]} == SWAP || ${ans[1]} =~ ^[0-9]+,[0-9]+( [0-9]+,[0-9]+)?$ ]] && ! [[ " ${ans[1]} " =~ \ (7,7|8,7|9,9)\  ]]; then ok
else bad "swap2 at 3 stones: SWAP or free points [${ans[1]}]"; fi
if [[ ${ans[2]} == SWAP || ${ans[2]} =~ ^[0-9]+,[0-9]+$ ]] && ! [[ " ${ans[2]} " =~ \ (7,7|8,7|9,9|8,8|8,6)\  ]]; then ok
else bad "swap2 at 5 stones: SWAP or one free point [${ans[2]}]"; fi
expect_out '^ERROR SWAP2BOARD with 1 stones' "swap2: a count the opening never has"

# 2. The runner drives the opening: boyi gomocup (player A, the opener of the even
# games) against boyi's own player.
rm -rf "$TMP/m"
run "$BOYI" match --game gomoku --rules freestyle --opening-rule swap2 \
    --engine "name=brain cmd=$BOYI args=gomocup proto=gomocup option.rule=0 margin=3000" --engine "name=own depth=1" \
    --games 2 --movetime 60 --out "$TMP/m" --log "$TMP/log"
expect_rc 0 "swap2 match: ends"
if grep -q '^> SWAP2BOARD$' "$TMP/log/brain.log"; then ok; else bad "swap2 match: SWAP2BOARD sent"; fi
if ! cut -f3 "$TMP/m/journal.tsv" | grep -Eq '^(crash|timeout|illegal|garbage|resign|start)'; then ok
else bad "swap2 match: a fault [$(cut -f3 "$TMP/m/journal.tsv")]"; fi
run "$BOYI" validate --rules freestyle "$TMP/m/games.txt"
expect_out 'summary: 1 files, 2 games, [0-9]+ moves, 2 ok' "swap2 match: the records validate"
# Black in the record is the index's first player (A in game 1, B in game 2) unless the
# journal says the choices swapped the colours; the result follows the colours.
i=0
while IFS=$'\t' read -r idx first _ _ _ _ _ sw; do   # the eighth field: "swapped"
    i=$((i + 1))
    a_black=$([ $((idx % 2)) -eq 0 ] && echo 1 || echo 0)
    [ "$sw" = swapped ] && a_black=$((1 - a_black))
    want_black=$([ "$a_black" = 1 ] && echo brain || echo own)
    rec=$(sed -n "${i}p" "$TMP/m/games.txt")
    if [[ $rec == *"[$want_black B]"* ]]; then ok; else bad "swap2 game $i: black should be $want_black [$rec]"; fi
    # FIRST is the even-index player's score: with black's result it names the winner
    black_won=$([[ $rec == *"先手胜"* ]] && echo 1 || echo 0)
    idx_first_black=$([ "$sw" = swapped ] && echo 0 || echo 1)
    if [ "$first" = 1/2 ] || [ $((black_won == idx_first_black)) -eq "$([ "$first" = 1 ] && echo 1 || echo 0)" ]; then ok
    else bad "swap2 game $i: journal result $first against the record [$rec]"; fi
done <"$TMP/m/journal.tsv"

# 3. An engine without SWAP2BOARD (it answers UNKNOWN): it loses on time, each game.
rm -rf "$TMP/m"
run "$BOYI" match --game gomoku --rules freestyle --opening-rule swap2 \
    --engine "name=fake cmd=$FAKE/gomocup.sh args='none 0' proto=gomocup margin=300" --engine "name=own depth=1" \
    --games 2 --movetime 50 --out "$TMP/m"
expect_rc 0 "swap2 without SWAP2BOARD: the match ends"
if [ "$(cut -f3 "$TMP/m/journal.tsv" | grep -c "^timeout: no move in time (last output: 'UNKNOWN DONE')")" -ge 1 ]; then ok
else bad "swap2 without SWAP2BOARD: a timeout [$(cut -f3 "$TMP/m/journal.tsv")]"; fi
if grep -q '"losses": 2' "$TMP/m/stats.json"; then ok; else bad "swap2 fake: loses both [$(cat "$TMP/m/stats.json")]"; fi
# 4. Under renju an outside opener may put the first stone anywhere (swap2 frees it
# from H8, docs/gomoku-openings.md): the runner takes the fake's three stones off the
# centre instead of calling them illegal (it did: the opener lost every game).
rm -rf "$TMP/m"
run "$BOYI" match --game gomoku --rules renju --opening-rule swap2 \
    --engine "name=fake cmd=$FAKE/gomocup.sh args='swap2 0' proto=gomocup margin=3000" --engine "name=own depth=1" \
    --games 2 --movetime 60 --out "$TMP/m"
expect_rc 0 "renju swap2 with an outside opener: the match ends"
if ! cut -f3 "$TMP/m/journal.tsv" | grep -q '^illegal move'; then ok
else bad "renju swap2: the opener's stones refused [$(cut -f3 "$TMP/m/journal.tsv")]"; fi
if [ "$(awk -F'\t' '$1 == 0 { split($5, m, " "); print m[1], m[2], m[3] }' "$TMP/m/journal.tsv")" = "d4 f6 g7" ]; then ok
else bad "renju swap2: the game starts with the fake's stones [$(cut -f1,5 "$TMP/m/journal.tsv")]"; fi

run "$BOYI" match --game gomoku --opening-rule swap3 --engine "name=own depth=1" --engine "name=two depth=1" --games 2 --out "$TMP/x"
expect_rc 2 "an unknown opening rule"
expect_err "--opening-rule takes swap2" "an unknown opening rule: message"
finish
