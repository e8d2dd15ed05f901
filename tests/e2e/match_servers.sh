#!/usr/bin/env bash
# match_servers.sh -- boyi as an engine over each protocol (boyi uci, ucci, hub,
# gomocup), checked line by line against the protocols' documented answers and played
# by boyi's own match runner to whole games whose records validate.
source "$(dirname "$0")/lib.bash"
XQ_START='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'

# UCCI: ucciok, banmoves honoured, nobestmove where there is no move, bye.
run "$BOYI" ucci --game xiangqi <<EOF2
ucci
setoption hashsize 8
isready
position fen $XQ_START
banmoves h2e2 b2e2
go depth 3
position fen 3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1
go depth 2
quit
EOF2
expect_out '^ucciok$' "ucci: ucciok"
expect_out '^readyok$' "ucci: readyok"
if grep '^bestmove' "$TMP/out" | head -1 | grep -Evq 'bestmove (h2e2|b2e2)$'; then ok; else bad "ucci: a banned move was played"; fi
expect_out '^nobestmove$' "ucci: mated side answers nobestmove"
expect_out '^bye$' "ucci: bye"
expect_out '^info depth [0-9]+ seldepth [0-9]+ score -?[0-9]+ ' "ucci: info score without cp"

# Hub: a clock already run out (pydraughts sends `level time=-0.4 inc=0.1` once its own
# count of the engine's time went below zero) or at 0 means "move now": each `go think`
# is answered at once (it used to search with no bound at all).
start=$(date +%s)
run timeout 20 "$BOYI" hub <<'EOF2'
hub
init
pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww
level time=-1.25 inc=-0.1
go think
level time=0 inc=0
go think
quit
EOF2
if [ "$(grep -c '^done move=[0-9]' "$TMP/out")" = 2 ] && [ $(($(date +%s) - start)) -lt 15 ]; then ok
else bad "hub: a clock at or below zero is answered at once ($(grep -c '^done' "$TMP/out") done lines, $(($(date +%s) - start)) s)"; fi

# Hub: the handshake, a position with moves, a search answered with done move=.
run "$BOYI" hub <<'EOF2'
hub
set-param name=threads value=1
init
new-game
pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="32-28 19-23"
level depth=3
go think
ping
quit
EOF2
expect_out '^id name=boyi ' "hub: id"
expect_out '^wait$' "hub: wait"
expect_out '^ready$' "hub: ready"
expect_out '^info depth=[0-9]+ score=-?[0-9.]+ ' "hub: info"
expect_out '^done move=28x19 ponder=14x23$|^done move=[0-9]+[-x][0-9x]+( ponder=[0-9x-]+)?$' "hub: done move="
expect_out '^pong$' "hub: pong"
# A capture is written with its captured piece: after 32-28 19-23 28x19 is forced... for white? (it is white to move: 28x19 takes 23)
run "$BOYI" hub <<'EOF2'
hub
init
pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="32-28 19-23"
level depth=1
go think
quit
EOF2
expect_out '^done move=28x19x23' "hub: a capture names its captured square"

# Gomocup: START/OK, BEGIN on an empty renju board is H8 (7,7), BOARD answers a point.
run "$BOYI" gomocup <<'EOF2'
START 15
INFO rule 4
INFO timeout_turn 200
BEGIN
BOARD
7,7,2
8,8,1
7,8,2
DONE
ABOUT
TAKEBACK 7,8
SOMETHING
END
EOF2
expect_out '^OK$' "gomocup: OK"
expect_out '^7,7$' "gomocup: renju's first stone on the centre"
if [ "$(grep -Ec '^[0-9]+,[0-9]+$' "$TMP/out")" -eq 2 ]; then ok; else bad "gomocup: two moves answered"; fi
expect_out '^name="boyi"' "gomocup: ABOUT"
expect_out '^ERROR takeback' "gomocup: takeback refused"
expect_out '^UNKNOWN SOMETHING$' "gomocup: unknown command"

# The match runner against each server: whole games, records that validate.
pair() {   # pair GAME EXT SPEC [ARGS...]
    local game=$1 ext=$2 spec=$3
    shift 3
    rm -rf "$TMP/m"
    run "$BOYI" match --game "$game" --engine "$spec" --engine "name=boyi depth=1" --games 2 --movetime 50 --out "$TMP/m" "$@"
    expect_rc 0 "match $game $spec"
    if ! cut -f3 "$TMP/m/journal.tsv" | grep -Eq '^(crash|timeout|illegal|garbage|resign|start)'; then ok
    else bad "match $game: an engine fault [$(cut -f3 "$TMP/m/journal.tsv")]"; fi
    run "$BOYI" validate "$TMP/m/games.$ext"
    expect_out "summary: 1 files, 2 games, [0-9]+ moves, 2 ok" "match $game: records validate"
}
pair xiangqi pgn "name=uci cmd=$BOYI args='uci --game xiangqi' proto=uci margin=3000"
pair xiangqi pgn "name=ucci cmd=$BOYI args='ucci --game xiangqi' proto=ucci margin=3000"
pair draughts pdn "name=hub cmd=$BOYI args=hub proto=hub margin=3000"
pair gomoku txt "name=gomocup cmd=$BOYI args=gomocup proto=gomocup option.rule=4 margin=3000"

# Three engines: a round robin (every pairing) and a gauntlet (the first against the
# others), closed by the standings of all their records.
rm -rf "$TMP/rr"
run "$BOYI" match --game xiangqi --engine "name=one depth=1" --engine "name=uci cmd=$BOYI args='uci --game xiangqi' proto=uci depth=1" \
    --engine "name=three depth=2" --games 2 --out "$TMP/rr"
expect_rc 0 "round robin"
expect_out '^standings: 6 games, 3 players, 0 results corrected, 0 games not scored' "round robin: standings of 6 games"
if [ -s "$TMP/rr/1-2/games.pgn" ] && [ -s "$TMP/rr/1-3/games.pgn" ] && [ -s "$TMP/rr/2-3/games.pgn" ]; then ok; else bad "round robin: a folder per pairing"; fi
rm -rf "$TMP/ga"
run "$BOYI" match --game xiangqi --gauntlet --engine "name=one depth=1" --engine "name=two depth=1" --engine "name=three depth=1" \
    --games 2 --out "$TMP/ga"
expect_out '^standings: 4 games, 3 players' "gauntlet: 4 games"
if [ ! -e "$TMP/ga/2-3" ]; then ok; else bad "gauntlet: the others do not meet"; fi
finish
