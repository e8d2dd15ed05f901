#!/usr/bin/env bash
# botzone_bench.sh -- the match runner (proto=botzone) against `boyi botzone` for every
# two-player game boyi has: Botzone's points for NoGo and Gomoku/Renju, the move texts
# (and the start position in the first request) for the others, EWN's die and setup
# and Junqi's deployment among them.  Every game ends without a fault and every record
# validates.  (Release only: about 150 bot processes.)
source "$(dirname "$0")/lib.bash"

# ---- the runner against boyi's bot, every game ---------------------------------------

# bz GAME [match args...]: two games of boyi's bot (player A) against boyi at depth 1
# (BZ_LIMIT=nodes=N: at N nodes, for NoGo, whose MCTS has no depth and refuses one).
bz() {
    local game=$1 bot=$2 lim=${BZ_LIMIT:-depth=1}
    shift 2
    rm -rf "$TMP/m" "$TMP/log"
    run "$BOYI" match --game "$game" --engine "name=bot cmd=$BOYI args='botzone --game $game $bot' proto=botzone margin=5000" \
        --engine "name=boyi $lim" --games 2 --"${lim%%=*}" "${lim#*=}" --out "$TMP/m" --log "$TMP/log" "$@"
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
short="--adjudicate max_plies=8"
bz xiangqi "--depth 1 --hash 1" $short; check "xiangqi" ""
bz gomoku "--rules renju --depth 1 --hash 1" --rules renju $short; check "renju" ""
bz draughts "--depth 1 --hash 1" $short; check "draughts" ""
BZ_LIMIT=nodes=100 bz nogo "--nodes 100" $short; check "nogo" ""
bz yizi "--rules 1 --depth 1 --hash 1" --rules 1 --openings "$SRC/data/yizi/openings-rule1.txt"; check "yizi" "--rules 1"
bz einstein "--depth 1 --hash 1"; check "einstein" ""
if grep -q '^> {"requests":\[{"position":"' "$TMP/log/bot.log"; then ok; else bad "einstein: the first request holds the position"; fi
bz junqi "--depth 1 --hash 1" --adjudicate max_plies=60; check "junqi" ""
bz tigers "--depth 1 --hash 1" $short; check "tigers" ""
finish
