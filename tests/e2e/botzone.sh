#!/usr/bin/env bash
# botzone.sh -- `boyi botzone` (boyi as a Botzone bot) and `proto=botzone` in
# `boyi match` (Botzone bots as players), docs/botzone.md.
#  - the bot: Botzone's JSON and simple interaction, the keep-running mode, answers
#    the rules force (renju's first stone on the centre; NoGo's botzone rules keep
#    black off the centre; an open four is completed), located errors for bad input;
#  - the runner against `boyi botzone`: Gomoku's points (JSON and the simple
#    interaction) and Xiangqi's move texts kept running: every game ends, no game is
#    lost to a fault, and every record validates (every game: botzone_bench.sh).
source "$(dirname "$0")/lib.bash"

# ---- the bot ----------------------------------------------------------------------

# Renju: black's first stone goes on the centre h8 (x 7, y 7), by the rule.
run "$BOYI" botzone --game gomoku --rules renju --depth 1 <<<'{"requests":[{"x":-1,"y":-1}],"responses":[]}'
expect_rc 0 "renju first move"
expect_out '^\{"response":\{"x":7,"y":7\},"debug":' "renju: black's first stone on the centre"

# An open four (x 5..8 on row y 7) under freestyle: black wins at x 4 or x 9 (hand-derived).
four='{"requests":[{"x":-1,"y":-1},{"x":0,"y":0},{"x":0,"y":2},{"x":0,"y":4},{"x":0,"y":6}],"responses":[{"x":5,"y":7},{"x":6,"y":7},{"x":7,"y":7},{"x":8,"y":7}]}'
run "$BOYI" botzone --game gomoku --rules freestyle --depth 2 <<<"$four"
expect_out '"response":\{"x":(4|9),"y":7\}' "gomoku: the open four completed"

# The simple interaction, the same position: the answer is a line "x y".
run "$BOYI" botzone --game gomoku --rules freestyle --depth 2 <<<$'5\n-1 -1\n5 7\n0 0\n6 7\n0 2\n7 7\n0 4\n8 7\n0 6'
expect_out '^(4|9) 7$' "simple interaction: the open four completed"

# NoGo under botzone rules: black's first stone never on the centre (x 4, y 4).
run "$BOYI" botzone --game nogo --rules botzone --nodes 200 <<<$'1\n-1 -1'
expect_rc 0 "nogo simple"
if [[ "$OUT" =~ ^[0-8]\ [0-8]$ ]] && [ "$OUT" != "4 4" ]; then ok; else bad "nogo botzone: black off the centre, got '$OUT'"; fi

# A game Botzone does not host: the start position and move texts.
run "$BOYI" botzone --game xiangqi --depth 1 <<<'{"requests":[{"position":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1","moves":["h2e2"]}],"responses":[]}'
expect_out '^\{"response":"[a-i][0-9][a-i][0-9]",' "xiangqi: black answers a move text"

# Keep-running: the marker after each answer, then the next request alone.
run "$BOYI" botzone --game gomoku --rules freestyle --depth 1 --keep-running < <(printf '%s\n' '{"requests":[{"x":7,"y":7}],"responses":[]}' '{"x":7,"y":8}')
expect_rc 0 "keep-running"
if [ "$(grep -c '^>>>BOTZONE_REQUEST_KEEP_RUNNING<<<$' "$TMP/out")" -eq 2 ] && [ "$(grep -c '"response"' "$TMP/out")" -eq 2 ]; then ok
else bad "keep-running: two answers, each followed by the marker"; fi

# Bad input: located, exit 2 for what is unreadable, 1 for an illegal history.
run "$BOYI" botzone --game gomoku <<<'{"requests":[{"x":-1,"y":-1}],"responses":[}'
expect_rc 2 "broken JSON"
expect_err '^boyi: -:1: error: not a Botzone input: column 44: JSON' "broken JSON: located"
run "$BOYI" botzone --game gomoku --rules freestyle <<<'{"requests":[{"x":7,"y":7},{"x":7,"y":7}],"responses":[{"x":0,"y":0}]}'
expect_rc 1 "an occupied point in the history"
expect_err 'request 2: the point x 7, y 7 is not a legal move here' "occupied point: said"
run "$BOYI" botzone --game gomoku <<<$'3\n-1 -1\n7 7'
expect_rc 2 "a truncated simple input"
expect_err 'turn 3: the input ends after 2 of its 5 lines' "truncated: said"
run "$BOYI" botzone --game pegs <<<'{"requests":[]}'
expect_rc 2 "a puzzle is no Botzone game"

# ---- the runner against boyi's bot, every game ---------------------------------------

# bz GAME [match args...]: two games of boyi's bot (player A) against boyi at depth 1.
bz() {
    local game=$1 bot=$2
    shift 2
    rm -rf "$TMP/m" "$TMP/log"
    run "$BOYI" match --game "$game" --engine "name=bot cmd=$BOYI args='botzone --game $game $bot' proto=botzone margin=5000" \
        --engine "name=boyi depth=1" --games 2 --depth 1 --out "$TMP/m" --log "$TMP/log" "$@"
}
# the games ended without a fault, and the records validate.
check() {
    local what=$1 rules=$2
    expect_rc 0 "$what: the match ends"
    if [ "$(grep -c . "$TMP/m/journal.tsv")" -eq 2 ] && ! cut -f3 "$TMP/m/journal.tsv" | grep -Eq '^(crash|timeout|illegal|garbage|resign|start)'; then ok
    else bad "$what: two games without a fault [$(cut -f3 "$TMP/m/journal.tsv" 2>/dev/null | tr '\n' '|')]"; fi
    run "$BOYI" validate $rules "$TMP"/m/games.*
    expect_rc 0 "$what: the records validate"
    expect_out "summary: 1 files, 2 games, [0-9]+ moves, 2 ok" "$what: both games recorded"
}
short="--adjudicate max_plies=6"
# Botzone's points (JSON), the generic texts kept running, the simple interaction.
# (Every game: tests/e2e/botzone_bench.sh.)
bz gomoku "--rules freestyle --depth 1 --hash 1" --rules freestyle $short; check "gomoku" "--rules freestyle"

bz xiangqi "--depth 1 --hash 1 --keep-running" --adjudicate max_plies=14
check "xiangqi keep-running" ""
if [ "$(grep -c '^> {"requests"' "$TMP/log/bot.log")" -eq 2 ] && grep -q '^> {"moves":\["' "$TMP/log/bot.log"; then ok
else bad "keep-running: one whole input per game, then single requests"; fi
if grep -q '^> {"requests":\[{"position":"' "$TMP/log/bot.log"; then ok; else bad "xiangqi: the first request holds the position"; fi

rm -rf "$TMP/m" "$TMP/log"
run "$BOYI" match --game gomoku --rules freestyle --engine "name=bot cmd=$BOYI args='botzone --game gomoku --rules freestyle --depth 1 --hash 1' proto=botzone io=simple margin=5000" \
    --engine "name=boyi depth=1" --games 2 --depth 1 --out "$TMP/m" --log "$TMP/log" $short
check "gomoku simple" "--rules freestyle"
if grep -Eq '^> [0-9]+$' "$TMP/log/bot.log" && grep -Eq '^< [0-9]+ [0-9]+$' "$TMP/log/bot.log"; then ok; else bad "simple: turn numbers sent, 'x y' answered"; fi
finish
